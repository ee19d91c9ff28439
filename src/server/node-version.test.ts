import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// One Node (decision record 031): the npm package `node`, pinned to one exact version in
// package.json, provides the runtime of the product, its build and every suite; `engines` names
// that release line, and the README's install command and CI run npm itself on that version.
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; dependencies: Record<string, string> };
const pinned = pkg.dependencies.node;

describe('Node version', () => {
  it('pins one exact Node version, and engines, the README and CI name it', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.engines.node).toBe(`^${pinned}`);
    const readme = readFileSync('README.md', 'utf8');
    // Both README commands install with npm running on the pinned Node.
    expect(readme.split(`npx -y -p node@${pinned} npm install && npm `).length - 1).toBe(2);
    // Every `node@...` the README names is the pinned version.
    expect(new Set([...readme.matchAll(/node@([\w.^~]+)/g)].map((m) => m[1]))).toEqual(new Set([pinned]));
    expect(readFileSync('.ci/run', 'utf8')).toContain('dependencies.node');
  });

  // npm test sets NODE_VERSION_CHECK for every suite it runs. Without it (a developer running
  // `node node_modules/vitest/vitest.mjs` on another Node) this check does not apply.
  it.runIf(process.env.NODE_VERSION_CHECK === '1')('runs on the pinned Node when npm test runs it', () => {
    expect(process.versions.node).toBe(pinned);
  });
});
