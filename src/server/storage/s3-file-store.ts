import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
  type ServerSideEncryption,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { HttpError } from '../http/errors.ts';
import { assertValidKey, type ByteRange, type FileStore, inspector, TEMP_AREA, type TempFile } from './file-store.ts';
import type { StorageSetting } from './storage-url.ts';

type S3Setting = Extract<StorageSetting, { kind: 's3' }>;

/**
 * Multipart part size. lib-storage holds at most `QUEUE_SIZE` parts in memory at once, so an
 * upload of any size costs about PART_SIZE * (QUEUE_SIZE + 1) of memory (bench: 300 MiB upload).
 */
export const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The answer to a request whose file could not be written to or read from the object store. */
export const storageUnavailable = () =>
  new HttpError(503, 'The file storage is not reachable at the moment. Nothing was saved; please try again in a few minutes.', {
    code: 'STORAGE_UNAVAILABLE',
  });

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(err) === 404;
};

/**
 * The file store on an S3-compatible object store (AWS S3, MinIO, R2, Ceph), with the disk
 * store's guarantees (decision record 043):
 * - writeTemp streams the upload into a temporary object `<prefix>/.tmp/<uuid>.part` with a
 *   multipart upload (never the whole file in memory); on any failure the multipart upload is
 *   aborted and the temporary object deleted.
 * - commit copies the temporary object to its key inside the store (S3's copy is atomic: the
 *   key holds the whole file or nothing) and deletes the temporary one.
 * - sweepTemp lists `<prefix>/.tmp/` (and unfinished multipart uploads under it) and removes
 *   what is older than the given age; list/exists feed the orphan sweep.
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;
  /** Every object of this store starts with this ('' or 'some/prefix/'). */
  get root(): string {
    return this.prefix;
  }
  private readonly sse: { ServerSideEncryption?: ServerSideEncryption; SSEKMSKeyId?: string };

  constructor(
    private readonly setting: S3Setting,
    client?: S3Client,
  ) {
    this.bucket = setting.bucket;
    this.prefix = setting.prefix ? `${setting.prefix}/` : '';
    this.sse = setting.sse
      ? {
          ServerSideEncryption: setting.sse.algorithm,
          ...(setting.sse.algorithm === 'aws:kms' && setting.sse.kmsKeyId ? { SSEKMSKeyId: setting.sse.kmsKeyId } : {}),
        }
      : {};
    this.client =
      client ??
      new S3Client({
        region: setting.region,
        endpoint: setting.endpoint,
        forcePathStyle: setting.forcePathStyle,
        // Checksums only where S3 requires them: several S3-compatible services refuse the
        // newer default (flexible checksums on every request). The sha256 is ours anyway.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      });
  }

  get description(): string {
    return `S3 bucket ${this.bucket}${this.prefix ? ` under ${this.prefix}` : ''}${this.setting.endpoint ? ` at ${this.setting.endpoint}` : ''}`;
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.prefix + key;
  }

  private tempKey(): string {
    return `${this.prefix}${TEMP_AREA}/${randomUUID()}.part`;
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      if (status === 404 || (err as { name?: string }).name === 'NotFound' || (err as { name?: string }).name === 'NoSuchBucket')
        throw new Error(
          `the S3 bucket "${this.bucket}" does not exist${this.setting.endpoint ? ` at ${this.setting.endpoint}` : ''}; create it (or correct STORAGE_URL)`,
        );
      if (status === 403 || status === 401)
        throw new Error(
          `access to the S3 bucket "${this.bucket}" was refused; check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket's policy`,
        );
      throw new Error(`cannot reach the S3 storage ${this.description} (${(err as Error).message || (err as Error).name})`);
    }
  }

  async writeTemp(source: Readable, transform?: Transform): Promise<TempFile> {
    const tempPath = this.tempKey();
    const inspect = inspector();
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: tempPath, Body: body, ...this.sse },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    // Which side failed decides the answer: the client's stream (its own error: a 4xx upstream)
    // or the object store (503). Each failure tears the other side down with the same error.
    let storeError: unknown = null;
    let sourceError: unknown = null;
    const onSourceError = (err: unknown) => {
      if (!storeError) sourceError ??= err;
    };
    source.on('error', onSourceError);
    transform?.on('error', onSourceError);
    inspect.stream.on('error', onSourceError);
    const uploaded = upload.done().catch((err) => {
      if (!sourceError) storeError = err;
      // Stops the incoming stream too: nothing would read it any more.
      body.destroy(err as Error);
    });
    try {
      await (transform ? pipeline(source, inspect.stream, transform, body) : pipeline(source, inspect.stream, body));
      await uploaded;
      if (storeError) throw storeError;
    } catch (err) {
      await upload.abort().catch(() => {});
      await uploaded;
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: tempPath })).catch(() => {});
      if (sourceError) throw sourceError;
      if (storeError) throw storageUnavailable();
      throw err;
    } finally {
      source.off('error', onSourceError);
    }
    return { tempPath, ...inspect.result() };
  }

  async commit(temp: TempFile, key: string): Promise<void> {
    const dest = this.objectKey(key);
    try {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: dest, CopySource: copySource(this.bucket, temp.tempPath), ...this.sse }),
      );
    } catch {
      throw storageUnavailable();
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: temp.tempPath })).catch(() => {});
  }

  async discard(temp: TempFile): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: temp.tempPath }));
  }

  /** Throws a plain error for a missing object, storageUnavailable (503) when the store cannot answer. */
  async read(key: string, range?: ByteRange): Promise<Readable> {
    const objectKey = this.objectKey(key);
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return r.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new Error(`no object ${objectKey}`);
      throw storageUnavailable();
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    let objectKey: string;
    try {
      objectKey = this.objectKey(key);
    } catch {
      return false;
    }
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  private async listObjects(fullPrefix: string): Promise<{ key: string; lastModified: Date | undefined }[]> {
    const out: { key: string; lastModified: Date | undefined }[] = [];
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: fullPrefix })) {
      for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, lastModified: o.LastModified });
    }
    return out;
  }

  async list(prefix: string): Promise<string[]> {
    const base = `${this.objectKey(prefix)}/`;
    return (await this.listObjects(base)).map((o) => o.key.slice(this.prefix.length));
  }

  async sweepTemp(minAgeMs = 0): Promise<number> {
    const area = `${this.prefix}${TEMP_AREA}/`;
    const cutoff = Date.now() - minAgeMs;
    let removed = 0;
    for (const o of await this.listObjects(area)) {
      if (minAgeMs > 0 && (!o.lastModified || o.lastModified.getTime() > cutoff)) continue;
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: o.key }));
      removed++;
    }
    // Parts of multipart uploads a crash left unfinished are not objects: they are listed apart.
    // Not every S3-compatible service lists them (then a lifecycle rule cleans them: README).
    try {
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: area, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
        );
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId) continue;
          if (minAgeMs > 0 && (!u.Initiated || u.Initiated.getTime() > cutoff)) continue;
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }));
          removed++;
        }
        if (!page.IsTruncated) break;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    } catch (err) {
      const status = statusOf(err);
      if (status !== 501 && status !== 405 && (err as { name?: string }).name !== 'NotImplemented') throw err;
    }
    return removed;
  }
}

/** CopySource is `bucket/key`, URL-encoded except for the slashes. */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
