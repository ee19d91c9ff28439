import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// package.json's `engines` names the Node versions npm test runs on (the machine's Node 20 and
// Node 24 from the npm package node@24, decision record 014); the suite checks it runs on one.
const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
const majors = [...engines.matchAll(/\^(\d+)\./g)].map((m) => Number(m[1]));

describe('Node version', () => {
  it('runs on a Node major that engines names', () => {
    expect(majors).toEqual([20, 24]);
    expect(majors).toContain(Number(process.versions.node.split('.')[0]));
  });

  it.runIf(process.env.NODE24_CHECK === '1')('runs on Node 24 when npm test asks for it', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
