import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_PAGES, isAppPage } from './routes.ts';

/** The paths the router files declare, read from their source. */
function routedPaths(): string[] {
  const top = readFileSync('src/web/app/app.tsx', 'utf8');
  const paths = [...top.matchAll(/<Route\s+path="([^"*]+)"/g)].map((m) => m[1] as string);
  for (const area of ['admin', 'investor']) {
    // The dashboard is routed in the area, every other screen in the area's screens chunk.
    const src = ['area', 'screens'].map((f) => readFileSync(`src/web/app/${area}-${f}.tsx`, 'utf8')).join('\n');
    paths.push(`/${area}`);
    for (const m of src.matchAll(/<Route\s+path="([^"*]+)"/g)) paths.push(`/${area}/${m[1]}`);
  }
  return paths;
}

describe('known page paths', () => {
  it('match the router exactly', () => {
    expect([...APP_PAGES].sort()).toEqual(routedPaths().sort());
  });

  it('match pages with ids and trailing slashes, and nothing else', () => {
    expect(isAppPage('/admin/deals/4b7c')).toBe(true);
    expect(isAppPage('/admin/')).toBe(true);
    expect(isAppPage('/admin/deals/4b7c/extra')).toBe(false);
    expect(isAppPage('/no-such-page')).toBe(false);
    expect(isAppPage('/investor/nope')).toBe(false);
  });
});
