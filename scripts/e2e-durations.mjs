#!/usr/bin/env node
// Writes e2e/durations.json (seconds per spec file, both projects summed) from the JSON reports of
// the last end-to-end run (.test-logs/e2e-results-*.json), so scripts/test.mjs can split the spec
// files into shards of equal time instead of equal count. Run it after a full `npm test`, commit
// the file. A spec file missing from it counts as the average of the others.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const LOGS = process.argv[2] ?? '.test-logs';
const seconds = {};
for (const f of readdirSync(LOGS).filter((n) => /^e2e-results-\d+\.json$/.test(n))) {
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) seconds[spec.file] = (seconds[spec.file] ?? 0) + r.duration / 1000;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(`${LOGS}/${f}`, 'utf8')).suites ?? []) walk(suite);
}
if (Object.keys(seconds).length === 0) {
  console.log(`No e2e results in ${LOGS}`);
  process.exit(1);
}
const out = Object.fromEntries(
  Object.keys(seconds)
    .filter((f) => existsSync(`e2e/${f}`))
    .sort()
    .map((f) => [f, Math.round(seconds[f])]),
);
writeFileSync('e2e/durations.json', `${JSON.stringify(out, null, 2)}\n`);
console.log(`e2e/durations.json: ${Object.keys(out).length} spec files, ${Object.values(out).reduce((a, b) => a + b, 0)} s in all`);
