/**
 * A real S3-compatible server on loopback for the tests: s3rver (npm), in this process, its
 * objects in a temporary directory. It speaks the S3 REST API (path-style), including multipart
 * uploads, CopyObject, ranged GETs and ListObjectsV2. What it does not emulate (README, decision
 * 043): signatures are checked only loosely, no server-side encryption (the headers are ignored),
 * it does not list unfinished multipart uploads, no lifecycle rules or IAM policies, and it answers
 * `Range: bytes=0-0` with the whole object.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  mendFilesystemStore(server.store as FilesystemStore);
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

/** The parts of s3rver's (untyped) filesystem store that `mendFilesystemStore` replaces. */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: { bucket: string; key: string; content: Buffer | Readable; metadata: unknown }): Promise<{ size: number; md5: string }>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<{ size: number; md5: string }>;
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * Two races in s3rver 3.7's filesystem store that concurrent uploads hit (the two-instance
 * suite under load): its PUT (of an object or a multipart part) answers before the file is
 * written (no wait for the write stream, no error handler on it), and its DELETE removes the object's folder once it
 * looks empty, under a PUT that has created the folder but not yet opened its file. The file's
 * open then fails (ENOENT) as an uncaught exception in the test process, the PUT has already
 * said 200, and a CopyObject right after can copy a short file. A real S3 has neither race.
 * Here the PUT answers once the file is complete and written, and the DELETE leaves folders
 * (they are not keys: listings are built from the object files only).
 */
function mendFilesystemStore(store: FilesystemStore): void {
  // Writes the stream to the file to its end; the size and MD5 of what was written.
  const write = async (content: Buffer | Readable, file: string) => {
    await mkdir(path.dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, count, createWriteStream(file));
    return { size, md5: md5.digest('hex') };
  };
  store.putObject = async function (this: FilesystemStore, object) {
    const written = await write(object.content, this.getResourcePath(object.bucket, object.key, 'object'));
    await this.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async function (this: FilesystemStore, bucket, uploadId, partNumber, content) {
    const partPath = path.join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    const written = await write(content, partPath);
    await writeFile(`${partPath}.md5`, written.md5);
    return written;
  };
  store.deleteObject = async function (this: FilesystemStore, bucket, key) {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        unlink(this.getResourcePath(bucket, key, resource)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        }),
      ),
    );
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
