// Issue 31 part B: the re-screen after a list import, 10,000 people against 1,000 new entries
// (the target: under a minute, in the background). Runs in this process on an in-memory PGlite,
// through the same function the server runs after an import.
//
//   node --import tsx bench/screening.ts [--people 10000] [--entries 1000]   (npm run bench:screening)
//
// The names are synthetic (random syllables; a few list entries copy a person's name so the run
// finds hits). Prints the match-only time (in memory) and the full re-screen (load, match, store).

import { createHash } from 'node:crypto';
import { openPglite } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import type { ListEntry } from '../src/server/modules/screening/lists.ts';
import { importList, rescreenImport } from '../src/server/modules/screening/service.ts';
import { DEFAULT_SCREENING_THRESHOLD, EntryIndex, prepare } from '../src/shared/screening-match.ts';
import { parseArgs } from './lib/util.ts';

const args = parseArgs(process.argv.slice(2));
const PEOPLE = Number(args.people ?? 10_000);
const ENTRIES = Number(args.entries ?? 1_000);

// A fixed seed: the same names every run.
let seed = 31;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const SYL = ['ka', 'ri', 'mo', 'sa', 'le', 'na', 'to', 'vi', 'da', 'ho', 'ze', 'lu', 'fa', 'qi', 'be', 'ro', 'mi', 'ta', 'ne', 'gu'];
const word = () => {
  const n = 2 + Math.floor(rand() * 2);
  let w = '';
  for (let i = 0; i < n; i++) w += SYL[Math.floor(rand() * SYL.length)];
  return w[0]?.toUpperCase() + w.slice(1);
};
const fullName = () => `${word()} ${word()} ${word()}`;

const people = Array.from({ length: PEOPLE }, fullName);
const entries: ListEntry[] = Array.from({ length: ENTRIES }, (_, i) => {
  // One entry in fifty copies a person's name (a hit to find).
  const name = i % 50 === 0 ? (people[Math.floor(rand() * PEOPLE)] as string) : fullName();
  const content = JSON.stringify([name, i]);
  return {
    ref: `BENCH.${i}`,
    kind: 'individual',
    name,
    aliases: [],
    datesOfBirth: [],
    nationalities: [],
    pep: false,
    fingerprint: createHash('sha256').update(content).digest('hex'),
  };
});

// 1. Matching alone, in memory.
let t = performance.now();
const index = new EntryIndex(entries.map((e) => ({ e, prepared: prepare({ name: e.name }) })));
let matched = 0;
for (const p of people) matched += index.matches(prepare({ name: p }), DEFAULT_SCREENING_THRESHOLD).length;
const matchMs = performance.now() - t;

// 2. The re-screen as the server runs it: people in the database, the list imported, every batch stored.
const db = await openPglite();
await migrate(db);
const ctx = { db, close: () => db.close() };
try {
  await ctx.db.query(
    `INSERT INTO profiles (email, name, role, investor_user_type, status)
     SELECT 'bench' || i || '@bench.example.com', n, 'investor', 'hni', 'active' FROM unnest($1::text[]) WITH ORDINALITY AS u(n, i)`,
    [people],
  );
  const admin = (await ctx.db.query(
    `INSERT INTO profiles (email, name, role, admin_user_type, status) VALUES ('bench-admin@bench.example.com', 'Bench', 'admin', 'founder', 'active') RETURNING id`,
  )) as { id: string }[];
  const imp = await ctx.db.tx((q) =>
    importList(q, { source: 'firm', fileName: 'bench.csv', sha256: 'bench', entries }, admin[0]?.id as string, '127.0.0.1'),
  );
  t = performance.now();
  let reports = 0;
  const result = await rescreenImport(ctx.db, imp.id, { onProgress: () => void reports++ });
  const rescreenMs = performance.now() - t;
  const out = {
    people: PEOPLE,
    entries: ENTRIES,
    engine: 'pglite',
    matchOnlySeconds: Math.round(matchMs) / 1000,
    matchOnlyHits: matched,
    rescreenSeconds: Math.round(rescreenMs) / 1000,
    rescreenHits: result.hits,
    progressReports: reports,
    targetSeconds: 60,
    pass: rescreenMs < 60_000,
  };
  console.log(JSON.stringify(out, null, 2));
  if (!out.pass) process.exitCode = 1;
} finally {
  await ctx.close();
}
