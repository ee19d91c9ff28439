// Issue 32, bench item: a 300 MiB upload through POST /api/documents with the files in an
// S3-compatible bucket (STORAGE_URL) streams: the server's peak RSS grows by at most 64 MiB.
//
//   node --import tsx bench/s3-upload.ts [--mb 300] [--rounds 3]     (npm run bench:s3)
//
// The S3 server (s3rver, on loopback) runs in this process, the product's server (src/server/main.ts)
// in its own; the server's RSS is sampled from /proc/<pid>/status every 25 ms during each upload.
// The object that lands in the bucket is checked byte for byte (sha256) against the file sent.
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { S3_TEST_CREDENTIALS, s3TestClient, startS3Server } from '../src/server/testing/s3-server.ts';
import { makePdf, postMultipart } from './lib/upload.ts';
import { MAIN, median, memOf, parseArgs, round, sampleRss, signIn, sleep, startNode } from './lib/util.ts';

const args = parseArgs(process.argv.slice(2));
const MB = Number(args.mb ?? 300);
const ROUNDS = Number(args.rounds ?? 3);
const LIMIT_MIB = 64;
const ADMIN = { email: 'bench-s3@example.test', password: 'bench-s3-password' };

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-s3-'));
  const s3 = await startS3Server();
  const client = s3TestClient(s3.endpoint);
  const bucket = 'sd-bench';
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const file = path.join(work, 'upload.pdf');
  await makePdf(file, MB);
  const sent = await sha256Of(createReadStream(file));
  const server = await startNode({
    script: MAIN,
    env: {
      DATA_DIR: path.join(work, 'data'),
      STORAGE_URL: `s3://${bucket}/files?endpoint=${s3.endpoint}&region=us-east-1`,
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      DEMO_DATA: '0',
      TWO_FACTOR_DEFAULT: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PASSWORD_HASH_COST: '12',
      MAX_UPLOAD_MB: String(MB + 100),
      WEB_DIR: path.join(work, 'no-web'),
    },
    logFile: path.join(work, 'server.log'),
    healthPath: '/api/health',
  });
  const runs: { ms: number; idle: number; peak: number }[] = [];
  try {
    const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    await sleep(2000);
    for (let i = 0; i < ROUNDS; i++) {
      const idle = memOf(server.pid)?.rss ?? Number.NaN;
      const s = sampleRss(server.pid);
      const r = await postMultipart(
        `${server.url}/api/documents`,
        { name: `S3 bench ${i}`, type: 'Other' },
        { path: file, name: 'bench.pdf', type: 'application/pdf' },
        { cookie },
      );
      const peak = s.stop();
      if (r.status !== 201) throw new Error(`upload answered ${r.status}: ${r.body}`);
      const doc = (JSON.parse(r.body) as { document: { id: string; sha256: string } }).document;
      // The object in the bucket, read straight from the S3 server, is the file sent.
      const list = await client.send(new GetObjectCommand({ Bucket: bucket, Key: await onlyObject(client, bucket) }));
      const stored = await sha256Of(list.Body as NodeJS.ReadableStream);
      if (stored !== sent || doc.sha256 !== sent) throw new Error('the stored object differs from the file sent');
      runs.push({ ms: r.ms, idle, peak });
      await fetch(`${server.url}/api/documents/${doc.id}`, { method: 'DELETE', headers: { cookie } });
      console.log(`round ${i + 1}: ${Math.round(r.ms)} ms, RSS ${round(idle, 1)} -> ${round(peak, 1)} MiB (+${round(peak - idle, 1)})`);
    }
  } finally {
    await server.stop();
    await s3.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const growth = Math.max(...runs.map((r) => r.peak - r.idle));
  const ms = median(runs.map((r) => r.ms));
  const out = {
    sizeMiB: MB,
    rounds: ROUNDS,
    medianMs: round(ms, 0),
    MiBps: round(MB / (ms / 1000), 0),
    idleRssMiB: round(median(runs.map((r) => r.idle)), 1),
    maxRssGrowthMiB: round(growth, 1),
    growths: runs.map((r) => round(r.peak - r.idle, 1)),
    target: `<= ${LIMIT_MIB} MiB`,
    met: growth <= LIMIT_MIB,
  };
  console.log(JSON.stringify(out));
  console.log(
    [
      '| Figure | Value |',
      '| --- | --- |',
      ...Object.entries(out).map(([k, v]) => `| ${k} | ${Array.isArray(v) ? v.join(', ') : String(v)} |`),
    ].join('\n'),
  );
  if (!out.met) process.exitCode = 1;
}

/** The one committed object of the bucket (each round deletes its document after the check). */
async function onlyObject(client: ReturnType<typeof s3TestClient>, bucket: string): Promise<string> {
  const r = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'files/deal-documents/' }));
  const keys = (r.Contents ?? []).map((o) => o.Key as string);
  if (keys.length !== 1) throw new Error(`expected one object in the bucket, found ${keys.length}`);
  return keys[0] as string;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
