import { typed } from './src/server/db/typed.ts';
import { logPage, cappedLogCount } from './src/server/modules/activity/repository.ts';
const rows = Array.from({ length: 100 }, (_, i) => ({
  id: 1000 - i, activity_type: 'user_login', user_id: '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a', target_user_id: null,
  details: { bench: i, key: 'x'.repeat(40) }, ip_address: '10.0.0.1', created_at: new Date(), user_name: 'Bench User 1', user_email: 'bench-user-1@example.test', target_name: null, target_email: null,
}));
const fake = { query: async (sql: string) => (sql.includes('count(') ? [{ total: 10001 }] : rows) };
const N = 3000;
for (const label of ['warm', 'run']) {
  let t0 = performance.now();
  for (let i = 0; i < N; i++) await logPage(fake, { type: undefined, pattern: undefined }, undefined, 100);
  const page = (performance.now() - t0) / N;
  t0 = performance.now();
  for (let i = 0; i < N; i++) await cappedLogCount(fake, { type: undefined, pattern: undefined }, 10001);
  const count = (performance.now() - t0) / N;
  const emptyRows = { query: async (sql: string) => (sql.includes('count(') ? [{ total: 10001 }] : []) };
  t0 = performance.now();
  for (let i = 0; i < N; i++) await logPage(emptyRows, {}, undefined, 100);
  const build = (performance.now() - t0) / N;
  t0 = performance.now();
  const out = await logPage(fake, {}, undefined, 100);
  for (let i = 0; i < N; i++) JSON.stringify({ logs: out, total: 1, totalCapped: true, nextCursor: 1 });
  const json = (performance.now() - t0) / N;
  t0 = performance.now();
  for (let i = 0; i < N; i++) JSON.stringify({ results: [rows, [{ total: 1 }]] });
  const jsonRaw = (performance.now() - t0) / N;
  console.log(label, { pageUs: page * 1000, countUs: count * 1000, pageBuildOnlyUs: build * 1000, jsonUs: json * 1000, jsonRawUs: jsonRaw * 1000 });
}
