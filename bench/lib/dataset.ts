// Generates a large synthetic data set with SQL generate_series (fast on both engines).
// Growth is incremental: grow(db, 10) after grow(db, 1) adds the missing 9x.

import type { Db, Queryable } from '../../src/server/db/client.ts';
import { sql } from '../../src/server/db/sql.ts';
import { linkHash } from '../../src/server/modules/audit/verify.ts';
import { CHAIN_GENESIS } from '../../src/shared/audit.ts';

/** Rows per 1x. */
export const BASE = { deals: 10_000, users: 1_000, activity: 100_000, documents: 5_000 } as const;

/** Activity-log rows per transaction (one head lock, one temp table, one INSERT each). */
export const ACTIVITY_BATCH = 20_000;

export type Counts = { deals: number; users: number; activity: number; documents: number };

export function countsFor(scale: number, base: Counts = BASE): Counts {
  return {
    deals: Math.round(base.deals * scale),
    users: Math.round(base.users * scale),
    activity: Math.round(base.activity * scale),
    documents: Math.round(base.documents * scale),
  };
}

async function have(db: Db): Promise<Counts> {
  const [r] = await sql<{
    deals: number;
    users: number;
    activity: number;
    documents: number;
  }>(`SELECT (SELECT count(*) FROM deals WHERE title LIKE 'Bench deal %')::int AS deals,
            (SELECT count(*) FROM profiles WHERE email LIKE 'bench-user-%')::int AS users,
            (SELECT count(*) FROM activity_logs WHERE details ? 'bench')::int AS activity,
            (SELECT count(*) FROM documents WHERE file_path LIKE 'deal-documents/bench/%')::int AS documents`).all(db);
  return r as Counts;
}

/** Adds rows until the bench rows reach `target`; returns the seconds spent. */
export async function growTo(
  db: Db,
  target: Counts,
  adminId: string,
  log: (s: string) => void = () => {},
  activityBatch: number = ACTIVITY_BATCH,
): Promise<number> {
  const t0 = performance.now();
  const cur = await have(db);
  // Users in chunks keep PGlite's single transaction small; 10% admins, the rest investors.
  const chunk = 200_000;
  for (let from = cur.users + 1; from <= target.users; from += chunk) {
    const to = Math.min(target.users, from + chunk - 1);
    await db.query(
      `INSERT INTO profiles (email, name, role, admin_user_type, investor_user_type, status, created_at)
       SELECT 'bench-user-' || i || '@example.test', 'Bench User ' || i,
              CASE WHEN i % 10 = 0 THEN 'admin' ELSE 'investor' END,
              CASE WHEN i % 10 = 0 THEN 'cio' END,
              CASE WHEN i % 10 = 0 THEN NULL ELSE 'hni' END,
              'active', now() - make_interval(mins => i)
         FROM generate_series($1::int, $2::int) i`,
      [from, to],
    );
  }
  if (target.users > cur.users) {
    await db.query(
      `INSERT INTO credentials (user_id, password_hash)
       SELECT p.id, 'scrypt$10$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA' FROM profiles p
        LEFT JOIN credentials c ON c.user_id = p.id WHERE c.user_id IS NULL AND p.email LIKE 'bench-user-%'`,
    );
    await db.query(
      `INSERT INTO kyc_applications (investor_id)
       SELECT p.id FROM profiles p LEFT JOIN kyc_applications k ON k.investor_id = p.id
        WHERE k.id IS NULL AND p.role = 'investor' AND p.email LIKE 'bench-user-%'`,
    );
  }
  log(`  users ${cur.users} -> ${target.users}`);
  for (let from = cur.deals + 1; from <= target.deals; from += chunk) {
    const to = Math.min(target.deals, from + chunk - 1);
    await db.query(
      `INSERT INTO deals (title, type, target_amount, spv_entity, expected_irr, risk_score, description, next_step, stage, status,
                          created_by, created_at, stage_entered_at, updated_at)
       SELECT 'Bench deal ' || i,
              (ARRAY['Oil Trading', 'Distressed Real Estate', 'PPP', 'AI & Tech', 'Infrastructure'])[1 + i % 5],
              (1000000 + (i % 97) * 250000)::numeric(15, 2), 'Bench SPV ' || (i % 50), (10 + i % 15) || '%', (1 + i % 10) || '/10',
              'A generated deal used by the benchmarks. It has a description of a realistic length for a pipeline card.',
              'Review term sheet',
              (ARRAY['Sourcing', 'Execution', 'Post-Investment', 'Exit'])[1 + i % 4],
              (ARRAY['Pending', 'Active', 'On Hold', 'Closed'])[1 + (i / 4) % 4],
              $3::uuid, now() - make_interval(secs => i * 61), now() - make_interval(secs => i * 31), now() - make_interval(secs => i * 17)
         FROM generate_series($1::int, $2::int) i`,
      [from, to, adminId],
    );
  }
  log(`  deals ${cur.deals} -> ${target.deals}`);
  for (let from = cur.documents + 1; from <= target.documents; from += chunk) {
    const to = Math.min(target.documents, from + chunk - 1);
    await db.query(
      `WITH d AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM deals ORDER BY created_at DESC LIMIT 5000) x)
       INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256, deal_id, uploaded_by,
                              investor_visible, upload_date, created_at)
       SELECT 'Bench document ' || i,
              (ARRAY['PPM', 'LPA', 'Subscription Agreement', 'Due Diligence', 'Financial Projections', 'Other'])[1 + i % 6],
              'deal-documents/bench/' || i || '.pdf', 'pdf', 'application/pdf', '120 KB', 122880, md5(i::text) || md5(i::text),
              CASE WHEN i % 2 = 0 THEN d.ids[1 + i % greatest(array_length(d.ids, 1), 1)] END, $3::uuid,
              i % 3 = 0, now() - make_interval(mins => i), now() - make_interval(mins => i)
         FROM generate_series($1::int, $2::int) i, d`,
      [from, to, adminId],
    );
  }
  log(`  documents ${cur.documents} -> ${target.documents}`);
  for (let from = cur.activity + 1; from <= target.activity; from += activityBatch) {
    const to = Math.min(target.activity, from + activityBatch - 1);
    await db.tx((q) => appendActivity(q, from, to, target.activity));
    if (to % 100_000 === 0 || to === target.activity) log(`  activity ${to}/${target.activity}`);
  }
  // What autovacuum would do on a server (PGlite has none): fresh statistics and visibility map.
  await db.query('VACUUM ANALYZE');
  return (performance.now() - t0) / 1000;
}

/**
 * Appends the generated activity rows `from`..`to` (of `last`: the newest is `last`, 3 s apart
 * going back) to the activity log, linked into the audit chain (decision 042), in the caller's
 * transaction (one per batch).
 *
 * Left to the chain's deferred trigger, every row would lock and update the head at commit:
 * 100,000 updates of one row inside one transaction, each walking the versions the ones before
 * it left (quadratic: the 1x data set never finished). Here the links are made the way the
 * trigger makes them, in bulk, in one transaction per batch: the chain trigger is disabled for
 * this transaction only (ALTER TABLE holds the table's exclusive lock until commit, as the restore
 * does, so no other writer's row can slip in unchained), the head is locked FOR UPDATE like the
 * trigger does (the chain never forks), the rows are drawn into a temp table with their ids,
 * each row's canonical content comes from the chain's own SQL function (activity_log_canonical,
 * migration 080) and its hash from the verifier's linkHash (sha256(prev|content), what
 * audit_link_hash computes) in id order; the rows go into activity_logs with their links in one
 * INSERT, the trigger is enabled again and the head moves to the last row. verifyChain passes
 * afterwards (bench/lib/dataset.test.ts, both engines).
 */
export async function appendActivity(q: Queryable, from: number, to: number, last: number): Promise<void> {
  // The table's lock first, then the head's: a writer holding the head at its commit already holds
  // its lock on activity_logs, so taking them the other way round could deadlock with it.
  await q.query('ALTER TABLE activity_logs DISABLE TRIGGER activity_logs_chain');
  await q.query(`INSERT INTO audit_chain_heads (chain, seq, hash) VALUES ('activity_logs', 0, $1) ON CONFLICT (chain) DO NOTHING`, [
    CHAIN_GENESIS,
  ]);
  const head = await sql<{ seq: string; hash: string }>(
    `SELECT seq::text AS seq, hash FROM audit_chain_heads WHERE chain = 'activity_logs' FOR UPDATE`,
  ).first(q);
  if (!head) throw new Error('no audit chain head');
  await q.query('CREATE TEMP TABLE bench_activity ON COMMIT DROP AS SELECT * FROM activity_logs WITH NO DATA');
  await q.query(
    `WITH u AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM profiles ORDER BY created_at DESC LIMIT 2000) x)
       INSERT INTO bench_activity (id, activity_type, user_id, target_user_id, details, ip_address, created_at)
       SELECT nextval(pg_get_serial_sequence('activity_logs', 'id')),
              (ARRAY['deal_created', 'deal_updated', 'user_login', 'user_logout', 'document_uploaded', 'subscription_created',
                     'kyc_submitted', 'message_sent'])[1 + i % 8],
              u.ids[1 + i % array_length(u.ids, 1)],
              CASE WHEN i % 3 = 0 THEN u.ids[1 + (i * 7) % array_length(u.ids, 1)] END,
              jsonb_build_object('bench', true, 'dealId', md5(i::text), 'title', 'Bench deal ' || (i % 10000)),
              '10.' || (i % 250) || '.' || (i / 250 % 250) || '.1',
              now() - make_interval(secs => ($3::int - i) * 3)
         FROM generate_series($1::int, $2::int) i, u
        ORDER BY i`,
    [from, to, last],
  );
  const rows = await sql<{ id: string; content: string }>(
    'SELECT t.id::text AS id, activity_log_canonical(ROW(t.*)::activity_logs) AS content FROM bench_activity t ORDER BY t.id',
  ).all(q);
  const ids: string[] = [];
  const seqs: string[] = [];
  const prevs: string[] = [];
  const hashes: string[] = [];
  let seq = BigInt(head.seq);
  let prev = head.hash;
  for (const r of rows) {
    seq += 1n;
    const h = linkHash(prev, r.content);
    ids.push(r.id);
    seqs.push(String(seq));
    prevs.push(prev);
    hashes.push(h);
    prev = h;
  }
  await q.query(
    `INSERT INTO activity_logs (id, activity_type, user_id, target_user_id, details, ip_address, created_at, chain_seq, prev_hash, row_hash)
       OVERRIDING SYSTEM VALUE
       SELECT t.id, t.activity_type, t.user_id, t.target_user_id, t.details, t.ip_address, t.created_at, l.seq, l.prev, l.hash
         FROM bench_activity t JOIN unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS l(id, seq, prev, hash) ON l.id = t.id
        ORDER BY t.id`,
    [ids, seqs, prevs, hashes],
  );
  await q.query('ALTER TABLE activity_logs ENABLE TRIGGER activity_logs_chain');
  await q.query(`UPDATE audit_chain_heads SET seq = $1::bigint, hash = $2, updated_at = now() WHERE chain = 'activity_logs'`, [
    String(seq),
    prev,
  ]);
}
