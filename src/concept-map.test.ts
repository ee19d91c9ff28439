import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONCEPT_DOC, renderConceptMap } from '../scripts/concept-map.ts';
import { ROUTES } from './shared/api/contract.ts';

/** docs/concepts.md is generated (scripts/concept-map.ts): stale means someone moved a concept's files. */
describe('docs/concepts.md', () => {
  const map = renderConceptMap();

  it('places every route of the table in exactly one concept', () => {
    const listed = [...map.matchAll(/^- `((?:GET|POST|PUT|PATCH|DELETE) \/api[^`]*)`/gm)].map((m) => m[1]);
    expect(listed.filter((k, i) => listed.indexOf(k) !== i)).toEqual([]);
    expect([...listed].sort()).toEqual(ROUTES.map(([k]) => k).sort());
    expect(map).not.toContain('(not in the route table)');
  });

  it('is up to date (npm run docs:concepts rewrites it)', () => {
    expect(readFileSync(CONCEPT_DOC, 'utf8'), 'docs/concepts.md is stale: run npm run docs:concepts').toBe(map);
  });
});
