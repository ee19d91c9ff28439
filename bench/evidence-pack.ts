// The regulator's evidence pack for an investor with 10 years of history (issue 33, decision 052).
//
//   node --import tsx bench/evidence-pack.ts [--quick]      (also item 13 of npm run bench)
//
// Seeds a migrated PGlite database and a disk store with one investor's ten years: 8 deals with a
// monthly ledger line each (commitment, calls, distributions: ~970 entries), 40 quarterly statement
// PDFs, a KYC application refreshed yearly (20 status changes, 4 documents), 5 classifications with 2 evidence files
// each, 30 screening hits, 10 message threads of 20 messages (every tenth with an encrypted PDF
// attachment), and an activity log of 20,000 rows about the investor among 80,000 about 50 others
// (one chain of 100,000 positions). Then runs the pack's job handler (the one the durable job
// runs) and reports the time, the archive's size and entries, and the event loop's longest delay
// while it ran (the pack must not block other requests).

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { Config } from '../src/server/config.ts';
import type { AppContext } from '../src/server/context.ts';
import { MessageCipher } from '../src/server/crypto/cipher.ts';
import { openPglite } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { evidencePackJob } from '../src/server/modules/evidence/service.ts';
import type { JobContext } from '../src/server/modules/jobs/runner.ts';
import { DiskFileStore } from '../src/server/storage/file-store.ts';
import { parseArgs, round } from './lib/util.ts';

type Json = Record<string, unknown>;

const pdf = (kb: number) => Buffer.concat([Buffer.from('%PDF-1.4\n%'), randomBytes(kb * 1024), Buffer.from('\n%%EOF\n')]);

export async function evidencePackBench(opts: { quick: boolean }): Promise<Json> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-evidence-'));
  const db = await openPglite(path.join(dir, 'db'));
  const files = new DiskFileStore(path.join(dir, 'files'));
  const cipher = new MessageCipher(randomBytes(32));
  // The quick run (CI) only proves the pack is built and measured: a tenth of its log (decision 060).
  const logAbout = opts.quick ? 200 : 20_000;
  const logOthers = opts.quick ? 800 : 80_000;
  try {
    await migrate(db);
    const t0 = Date.now();
    const one = async (text: string, params: unknown[] = []) => (await db.query(text, params))[0] as Json;
    const investor = (
      await one(
        `INSERT INTO profiles (email, name, role, status, investor_user_type, created_at) VALUES ('ten.years@bench.test', 'Ten Years Investor', 'investor', 'active', 'hni', now() - interval '10 years') RETURNING id`,
      )
    ).id as string;
    await db.query(
      `INSERT INTO profiles (email, name, role, status) SELECT 'other' || g || '@bench.test', 'Other Investor ' || g, 'investor', 'active' FROM generate_series(1, 50) g`,
    );
    const store = async (key: string, bytes: Buffer) => {
      const temp = await files.writeTemp(Readable.from(bytes));
      await files.commit(temp, key);
      return temp;
    };
    const deals: string[] = [];
    for (let d = 0; d < 8; d++) {
      const deal = (await one(`INSERT INTO deals (title, type) VALUES ($1, 'PPP') RETURNING id`, [`Bench deal ${d + 1}`])).id as string;
      deals.push(deal);
      await db.query(
        `INSERT INTO subscriptions (investor_id, deal_id, amount, status, created_at) VALUES ($1, $2, 1000000, 'Completed', now() - interval '10 years')`,
        [investor, deal],
      );
      // A commitment, then a call or a distribution every month for ten years.
      await db.query(
        `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, distribution_type)
         SELECT $1::uuid, $2::uuid, 'commitment', 1000000, (current_date - interval '10 years')::date, NULL
         UNION ALL
         SELECT $1::uuid, $2::uuid, CASE WHEN m % 3 = 0 THEN 'distribution' ELSE 'call' END, 1000 + m, (current_date - interval '10 years' + m * interval '1 month')::date,
                CASE WHEN m % 3 = 0 THEN 'Income' END
           FROM generate_series(1, 120) m`,
        [investor, deal],
      );
    }
    for (let q = 0; q < 40; q++) {
      const t = await store(`deal-documents/bench-statement-${q}.pdf`, pdf(24));
      await db.query(
        `INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256, investor_id, investor_visible)
         VALUES ($1, 'Other', $2, 'pdf', 'application/pdf', '24', $3, $4, $5, false)`,
        [`Capital account statement Q${q}`, `deal-documents/bench-statement-${q}.pdf`, t.size, t.sha256, investor],
      );
    }
    // One KYC application (one per investor), refreshed every year: 20 status changes, 4 documents.
    const app = (
      await one(
        `INSERT INTO kyc_applications (investor_id, status, submitted_at, created_at) VALUES ($1, 'approved', now() - interval '10 years', now() - interval '10 years') RETURNING id`,
        [investor],
      )
    ).id as string;
    await db.query(
      `INSERT INTO kyc_history (application_id, from_status, to_status, note, created_at)
       SELECT $1, CASE WHEN g % 2 = 0 THEN 'in_review' ELSE 'approved' END, CASE WHEN g % 2 = 0 THEN 'approved' ELSE 'in_review' END, 'Annual refresh', now() - interval '10 years' + g * interval '6 months'
         FROM generate_series(1, 20) g`,
      [app],
    );
    for (const kind of ['passport', 'address_proof', 'financial_statements', 'source_of_funds']) {
      const key = `kyc/bench-${kind}.pdf`;
      const t = await store(key, pdf(96));
      await db.query(
        `INSERT INTO kyc_documents (application_id, kind, file_path, original_name, extension, mime_type, byte_size, sha256) VALUES ($1, $2, $3, $4, 'pdf', 'application/pdf', $5, $6)`,
        [app, kind, key, `${kind}.pdf`, t.size, t.sha256],
      );
    }
    for (let c = 0; c < 5; c++) {
      const cls = (
        await one(
          `INSERT INTO client_classifications (investor_id, status, basis, answers, notice_version, notice_acknowledged_at, decision, reasons, decided_at, review_due)
         VALUES ($1, 'decided', 'assessed_individual', '{}', 'v1', now(), 'professional', 'Meets the test', now(), current_date + 365) RETURNING id`,
          [investor],
        )
      ).id as string;
      for (let e = 0; e < 2; e++) {
        const key = `classification/bench-${c}-${e}.pdf`;
        const t = await store(key, pdf(64));
        await db.query(
          `INSERT INTO classification_evidence (investor_id, classification_id, file_path, original_name, extension, mime_type, byte_size, sha256) VALUES ($1, $2, $3, 'evidence.pdf', 'pdf', 'application/pdf', $4, $5)`,
          [investor, cls, key, t.size, t.sha256],
        );
      }
    }
    await db.query(
      `INSERT INTO screening_hits (investor_id, subject_key, subject_name, source, entry_ref, entry_fingerprint, entry_name, score, reasons, status, cleared_reason)
       SELECT $1, 'investor', 'Ten Years Investor', 'un', 'UN-' || g, md5(g::text), 'Ten Yeers Investor', 0.91, ARRAY['name'], 'false_positive', 'Different date of birth'
         FROM generate_series(1, 30) g`,
      [investor],
    );
    for (let th = 0; th < 10; th++) {
      const thread = (
        await one(`INSERT INTO message_threads (investor_id, subject) VALUES ($1, $2) RETURNING id`, [investor, `Thread ${th}`])
      ).id as string;
      for (let m = 0; m < 20; m++) {
        let attachment: unknown[] = [null, null, null, null, null, null];
        if (m % 10 === 0) {
          const enc = cipher.encryptStream();
          const key = `messages/bench-${th}-${m}`;
          const t = await files.writeTemp(Readable.from(pdf(48)), enc.stream);
          await files.commit(t, key);
          attachment = [key, cipher.encryptText('wire.pdf'), 'pdf', t.size, enc.iv, enc.authTag()];
        }
        await db.query(
          `INSERT INTO messages (thread_id, sender_id, sender_role, body_enc, attachment_path, attachment_name_enc, attachment_extension, attachment_size, attachment_iv, attachment_tag)
           VALUES ($1, $2, 'investor', $3, $4, $5, $6, $7, $8, $9)`,
          [thread, investor, cipher.encryptText(`Message ${m} of thread ${th}: please confirm the wire for the quarter.`), ...attachment],
        );
      }
    }
    // The activity log: one chain of logAbout + logOthers rows, interleaved, in transactions of 5,000.
    const others = (await db.query(`SELECT id FROM profiles WHERE email LIKE 'other%'`)) as { id: string }[];
    const total = logAbout + logOthers;
    const every = Math.round(total / logAbout);
    for (let from = 1; from <= total; from += 5000) {
      await db.tx((q) =>
        q.query(
          `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, created_at)
           SELECT 'kyc_status_changed', NULL, CASE WHEN g % $3 = 0 THEN $4::uuid ELSE ($5::uuid[])[1 + g % 50] END,
                  jsonb_build_object('n', g, 'note', 'bench row'), now() - interval '10 years' + g * interval '50 minutes'
             FROM generate_series($1::int, $2::int) g`,
          [from, Math.min(total, from + 4999), every, investor, others.map((o) => o.id)],
        ),
      );
    }
    const seedSeconds = (Date.now() - t0) / 1000;

    const pack = (await one(`INSERT INTO evidence_packs (scope, subject_id) VALUES ('investor', $1) RETURNING id`, [investor]))
      .id as string;
    const ctx = { db, files, cipher, config: {} as Config } satisfies AppContext;
    const handler = evidencePackJob(ctx);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    const abort = new AbortController();
    let saves = 0;
    const job: JobContext<'evidence-pack'> = {
      id: pack,
      params: { packId: pack, ip: '127.0.0.1' },
      progress: {},
      attempt: 1,
      createdBy: null,
      startedAt: new Date(),
      save: async (p) => {
        saves++;
        if (process.env.LAG_PROBE) console.log('save', Math.round(performance.now() - started), JSON.stringify(p));
      },
      signal: abort.signal,
    };
    let last = performance.now();
    const probe = process.env.LAG_PROBE
      ? setInterval(() => {
          const now = performance.now();
          if (now - last > 150) console.log('gap', Math.round(now - last), 'ending at', Math.round(now - started));
          last = now;
        }, 10)
      : null;
    lag.enable();
    const started = performance.now();
    const result = await handler(job);
    const seconds = (performance.now() - started) / 1000;
    lag.disable();
    if (probe) clearInterval(probe);
    const row = (await one(`SELECT byte_size, file_count, head_seq FROM evidence_packs WHERE id = $1`, [pack])) as {
      byte_size: number;
      file_count: number;
      head_seq: number;
    };
    return {
      seedSeconds: round(seedSeconds, 1),
      packSeconds: round(seconds, 2),
      result,
      archiveBytes: Number(row.byte_size),
      entries: row.file_count,
      chainPositions: Number(row.head_seq),
      extractRowsSeeded: logAbout,
      progressSaves: saves,
      eventLoopDelayMaxMs: round(lag.max / 1e6, 1),
      eventLoopDelayP99Ms: round(lag.percentile(99) / 1e6, 1),
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  const out = await evidencePackBench({ quick: args.quick === true });
  console.log(JSON.stringify(out, null, 2));
}
