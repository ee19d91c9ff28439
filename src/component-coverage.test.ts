// Component tests (issue 28 item 5, decision record 034): the 25 largest web components and every
// form have a component test (Vitest browser mode, `src/web/**/*.test.tsx`). A component counts as
// tested when a component test imports it, or imports a file that imports it from the same feature
// or from the shared components (a page's test renders the page's sections, opens its dialogs and
// the shared parts they are built from). This check keeps the rule true
// as screens are added: a new large screen or a new form without a test fails it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname);
const WEB = path.join(ROOT, 'web');
/** How many of the largest components must have a test (the number). */
const LARGEST = 25;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const rel = (file: string) => path.relative(WEB, file).split(path.sep).join('/');

/** The web files a file imports (relative imports only, resolved to existing .ts/.tsx files). */
function importsOf(file: string, known: Set<string>): string[] {
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const out: string[] = [];
  for (const m of code.matchAll(/\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? m[2];
    if (!spec) continue;
    const base = path.resolve(path.dirname(file), spec);
    for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')])
      if (known.has(candidate)) {
        out.push(candidate);
        break;
      }
  }
  return out;
}

/** The feature (or top folder) a web file belongs to: features/kyc, components/ui, app... */
function area(file: string): string {
  const parts = rel(file).split('/');
  return parts[0] === 'features' || parts[0] === 'components' ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

function coverage() {
  const all = walk(WEB);
  const known = new Set(all);
  const isTest = (f: string) => /\.test\.tsx?$/.test(f);
  const product = all.filter((f) => f.endsWith('.tsx') && !isTest(f) && !rel(f).startsWith('testing/'));
  const componentTests = all.filter((f) => f.endsWith('.test.tsx'));
  const tested = new Set<string>();
  for (const t of componentTests)
    for (const direct of importsOf(t, known)) {
      tested.add(direct);
      for (const child of importsOf(direct, known))
        if (area(child) === area(direct) || rel(child).startsWith('components/')) tested.add(child);
    }
  return { product, tested };
}

describe('component tests cover the largest components and every form (issue 28 item 5)', () => {
  const { product, tested } = coverage();

  it(`each of the ${LARGEST} largest web components has a component test`, () => {
    const largest = product
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length }))
      .sort((a, b) => b.lines - a.lines || a.f.localeCompare(b.f))
      .slice(0, LARGEST);
    expect(largest).toHaveLength(LARGEST);
    expect(largest.filter(({ f }) => !tested.has(f)).map(({ f, lines }) => `${rel(f)} (${lines} lines)`)).toEqual([]);
  });

  it('every form has a component test', () => {
    const forms = product.filter((f) => /<form\b/.test(readFileSync(f, 'utf8')));
    expect(forms.length).toBeGreaterThan(40);
    expect(forms.filter((f) => !tested.has(f)).map(rel)).toEqual([]);
  });

  it('counts a component as tested only through a test that reaches it', () => {
    // The largest file of the web app is not a test, and a file no test imports is not counted.
    expect(tested.has(path.join(WEB, 'features/kyc/kyc-dialogs.tsx'))).toBe(true);
    expect([...tested].some((f) => f.endsWith('.test.tsx'))).toBe(false);
    expect(tested.has(path.join(WEB, 'main.tsx'))).toBe(false);
  });
});
