/**
 * A real S3-compatible server on loopback for the tests: s3rver (npm), in this process, its
 * objects in a temporary directory. It speaks the S3 REST API (path-style), including multipart
 * uploads, CopyObject, ranged GETs and ListObjectsV2. What it does not emulate (README, decision
 * 043): signatures are checked only loosely, no server-side encryption (the headers are ignored),
 * it does not list unfinished multipart uploads, no lifecycle rules or IAM policies, and it answers
 * `Range: bytes=0-0` with the whole object.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { S3FileStore } from '../storage/s3-file-store.ts';
import type { StorageSetting } from '../storage/storage-url.ts';

/** s3rver accepts any signature made with these. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  directory: string;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sd-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export function s3TestClient(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
}

export const randomBucket = () => `sd-test-${randomBytes(5).toString('hex')}`;

export function s3Setting(endpoint: string, bucket: string, prefix = 'files'): Extract<StorageSetting, { kind: 's3' }> {
  return { kind: 's3', bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true, sse: undefined };
}

/** A store on a new, empty bucket of the test server. */
export async function s3TestStore(endpoint: string, opts: { prefix?: string; bucket?: string } = {}): Promise<S3FileStore> {
  const bucket = opts.bucket ?? randomBucket();
  const client = s3TestClient(endpoint);
  if (!opts.bucket) await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return new S3FileStore(s3Setting(endpoint, bucket, opts.prefix), client);
}

/**
 * A TCP relay in front of a server, to make it "go away" mid-request: `cut()` destroys every
 * open connection and refuses new ones, as a crashed or unplugged storage server would.
 */
export async function startRelay(target: string): Promise<{ endpoint: string; cut(): void; close(): Promise<void>; bytes(): number }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let relayed = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('data', (d) => {
      relayed += d.length;
    });
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${addr.port}`,
    bytes: () => relayed,
    cut() {
      server.close();
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
