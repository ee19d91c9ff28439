// Issue 30: time to generate and seal one subscription agreement, and 100 in a row without
// blocking other requests (decision 036, 2026-11-27).
//
//   node --import tsx bench/signing.ts [--quick]      (also item 14 of npm run bench)
//
// In process, on the real Fastify app over PGlite (the test harness's app): the agreement is
// generated from a two-page template (pdf-lib, Noto Sans), the certificate page written (pdfkit),
// the signatures drawn, and the document sealed (PAdES B-B, a 2048-bit RSA key): the same
// functions countersignature runs, without the database writes and the re-authentication
// (scrypt, measured by item 4). Then, with the app serving GET /api/deals?page=1 through
// app.inject on the same event loop, the p99 of that read alone and while 100 agreements are
// generated and sealed one after another.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.ts';
import { hashPassword } from '../src/server/auth/password.ts';
import { loadConfig } from '../src/server/config.ts';
import { MessageCipher } from '../src/server/crypto/cipher.ts';
import { openPglite } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loggerOptions } from '../src/server/http/logging.ts';
import { createPdfPool } from '../src/server/modules/ledger/pdf-pool.ts';
import type { certificatePdf } from '../src/server/modules/signing/pdf.ts';
import type { SigningPdfJob } from '../src/server/modules/signing/pdf-jobs.ts';
import { sealCertificate } from '../src/server/modules/signing/seal.ts';
import { insertUser } from '../src/server/modules/users/accounts.ts';
import { seedSettingDefault } from '../src/server/seed/bootstrap.ts';
import { DiskFileStore } from '../src/server/storage/file-store.ts';
import { FULL_FIELDS, templatePdf } from '../src/server/testing/signing.ts';
import type { PlacedField } from '../src/shared/signing.ts';
import { parseArgs, round } from './lib/util.ts';

type Json = Record<string, unknown>;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};

export async function signingBench(opts: { quick: boolean }): Promise<Json> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-signing-'));
  const config = loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '12' });
  const db = await openPglite(path.join(dataDir, 'db'));
  await migrate(db);
  for (const [key, value] of Object.entries({ twoFactorAuth: false, apiRateLimit: 1_000_000 })) await seedSettingDefault(db, key, value);
  const files = new DiskFileStore(path.join(dataDir, 'storage'));
  const app = await buildApp(
    { db, files, config, cipher: new MessageCipher(randomBytes(32)) },
    { webDir: null, logger: loggerOptions('warn', path.join(dataDir, 'server.log')) },
  );
  await app.ready();
  const ctx = { app, db, config };
  const pools: { close(): Promise<void> }[] = [];
  try {
    const password = 'bench-password-1';
    await db.tx(async (q) =>
      insertUser(q, {
        email: 'bench.admin@bench.test',
        name: 'Bench Admin',
        role: 'admin',
        adminUserType: 'founder',
        status: 'active',
        passwordHash: await hashPassword(password, config.passwordHashCost),
        mustChangePassword: false,
      }),
    );
    const signedIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'bench.admin@bench.test', password } });
    const session = signedIn.cookies.find((c) => c.name === 'sd_session');
    if (!session) throw new Error(`sign-in: ${signedIn.statusCode} ${signedIn.body.slice(0, 200)}`);
    const cookie = `sd_session=${session.value}`;
    await ctx.db.query(
      `INSERT INTO deals (title, type, target_amount) SELECT 'Bench deal ' || g, 'PPP', 1000000 FROM generate_series(1, 200) g`,
    );
    const template = await templatePdf();
    const fields: PlacedField[] = FULL_FIELDS;
    const cert = await sealCertificate(ctx.config, 'Bench Capital');
    const labels = Object.fromEntries(
      [
        'title',
        'document',
        'envelope',
        'version',
        'sha256',
        'seal',
        'signers',
        'name',
        'email',
        'role',
        'method',
        'reauth',
        'atZone',
        'atUtc',
        'ip',
        'events',
      ].map((k) => [k, k]),
    ) as Parameters<typeof certificatePdf>[0]['labels'];
    const signer = {
      name: 'Amina Okafor',
      email: 'amina@bench.test',
      method: 'Typed name',
      reauth: 'Account password',
      atZone: '27 Nov 2026 14:00 (Asia/Dubai)',
      atUtc: '2026-11-27 10:00:00 UTC',
      ip: '203.0.113.7',
    };

    // As the server does it (signing/service.ts): both steps in the document workers (decision 026).
    const pool = createPdfPool({ workers: config.pdf.workers, queueLimit: 1_000 });
    pools.push(pool);
    const one = async () => {
      const agreement: SigningPdfJob = {
        kind: 'agreement',
        template,
        fields,
        values: {
          investor_name: 'Amina Okafor',
          entity: 'Okafor Family Holdings Ltd',
          amount: '$250,000.50',
          date: '27 November 2026',
        },
      };
      const shown = await pool.render(agreement);
      const certificate: Parameters<typeof certificatePdf>[0] = {
        language: 'en',
        labels,
        documentTitle: 'Subscription agreement: Bench deal, Amina Okafor',
        envelopeId: '00000000-0000-4000-8000-000000000000',
        version: '1',
        sha256: 'a'.repeat(64),
        seal: 'Sealed with a self-signed certificate',
        signers: [
          { role: 'Investor', ...signer },
          { role: 'General partner', ...signer, name: 'Bench Admin' },
        ],
        events: Array.from({ length: 4 }, (_, i) => `${i + 1}. Event, 2026-11-27 10:00:00 UTC, Amina Okafor, IP 203.0.113.7`),
      };
      const executed: SigningPdfJob = {
        kind: 'executed',
        shown,
        fields,
        investor: { mark: { method: 'typed', text: 'Amina Okafor' }, name: 'Amina Okafor' },
        gp: { mark: { method: 'typed', text: 'Bench Admin' }, nameTitle: 'Bench Admin, Managing Partner' },
        certificate,
        cert,
        seal: { reason: 'Bench', location: 'Dubai', name: cert.subject },
      };
      return pool.render(executed);
    };

    // Warm-up (fonts, the certificate, JIT).
    await one();
    const singles: number[] = [];
    const n = opts.quick ? 5 : 30;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await one();
      singles.push(performance.now() - t0);
    }

    const read = async () => {
      const t0 = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/deals?page=1', headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`deal list: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return performance.now() - t0;
    };
    /** Deal-list reads, two at a time, until `until` resolves; their latencies. */
    const reads = async (until: Promise<unknown>) => {
      let done = false;
      void until.finally(() => {
        done = true;
      });
      const lat: number[] = [];
      const worker = async () => {
        while (!done) lat.push(await read());
      };
      await Promise.all([worker(), worker(), until]);
      return lat;
    };
    const rowCount = opts.quick ? 10 : 100;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const alone = await reads(sleep(opts.quick ? 1_500 : 5_000));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = performance.now();
    const during = await reads(
      (async () => {
        for (let i = 0; i < rowCount; i++) await one();
      })(),
    );
    const runMs = performance.now() - t0;
    loop.disable();
    return {
      single: { runs: n, p50Ms: round(pct(singles, 50), 1), p99Ms: round(pct(singles, 99), 1) },
      inARow: { agreements: rowCount, seconds: round(runMs / 1000, 1), msPerAgreement: round(runMs / rowCount, 1) },
      dealListDuringRun: {
        readsAlone: alone.length,
        p99Alone: round(pct(alone, 99), 1),
        readsDuring: during.length,
        p99During: round(pct(during, 99), 1),
        p99Ratio: round(pct(during, 99) / pct(alone, 99), 2),
        eventLoopDelayMaxMs: round(loop.max / 1e6, 1),
      },
    };
  } finally {
    for (const pool of pools) await pool.close();
    await app.close();
    await db.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  signingBench({ quick: args.quick === true }).then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
