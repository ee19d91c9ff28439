import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What the store learned about a file while streaming it to disk (never buffered whole). */
export interface TempFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for content sniffing. */
  head: Buffer;
  /** The whole content is valid UTF-8 and contains no NUL byte. */
  isText: boolean;
}

/**
 * Where files live. Writes go to a temporary file first and are moved into place with a
 * rename, so a file under its key is always complete. Keys are made by the server.
 */
export interface FileStore {
  /** Streams into a temporary file; `transform` (e.g. encryption) applies after the content is inspected. */
  writeTemp(source: Readable, transform?: Transform): Promise<TempFile>;
  commit(temp: TempFile, key: string): Promise<void>;
  discard(temp: TempFile): Promise<void>;
  /** The file's bytes; with `range`, only bytes start..end (inclusive, like an HTTP Range). */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every committed key (for consistency sweeps). */
  list(prefix: string): Promise<string[]>;
  /**
   * Removes temporary files left by an interrupted write; returns how many. With `minAgeMs`,
   * only those untouched for that long (another server sharing the storage may be writing the
   * newer ones).
   */
  sweepTemp(minAgeMs?: number): Promise<number>;
  /** Start-up check: the storage is there and usable; throws a message for the operator. */
  check(): Promise<void>;
  /** Where the files are, for log lines (no credentials). */
  readonly description: string;
}

/** Bytes start..end of a file, both inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

const HEAD_BYTES = 16;

/**
 * A pass-through that learns size, sha256, the first bytes and text-ness of what flows through
 * it (the content as received, before any encryption); `result()` once the stream has ended.
 */
export function inspector(): { stream: Transform; result(): Omit<TempFile, 'tempPath'> } {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  let head = Buffer.alloc(0);
  let isText = true;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      if (isText) {
        if (chunk.includes(0)) isText = false;
        else {
          try {
            decoder.decode(chunk, { stream: true });
          } catch {
            isText = false;
          }
        }
      }
      done(null, chunk);
    },
  });
  return {
    stream,
    result() {
      if (isText) {
        try {
          decoder.decode();
        } catch {
          isText = false;
        }
      }
      return { size, sha256: hash.digest('hex'), head, isText };
    },
  };
}

/** The storage area of unfinished writes, never a committed key. */
export const TEMP_AREA = '.tmp';

/**
 * Refuses a key that is not a plain relative path made of safe segments: empty, absolute,
 * with '.' or '..' segments, a NUL or a backslash, or inside the temporary area. Keys are made by
 * the server; this is the last line against a key that could escape its store.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (
    key === '' ||
    key.includes('\0') ||
    key.includes('\\') ||
    segments.some((s) => s === '' || s === '.' || s === '..') ||
    segments[0] === TEMP_AREA
  ) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

export class DiskFileStore implements FileStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
  }

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep) || key.includes('\0') || full.startsWith(this.tmpDir + path.sep)) {
      throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    }
    return full;
  }

  async writeTemp(source: Readable, transform?: Transform): Promise<TempFile> {
    await mkdir(this.tmpDir, { recursive: true });
    const tempPath = path.join(this.tmpDir, `${randomUUID()}.part`);
    const inspect = inspector();
    try {
      const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
      await (transform ? pipeline(source, inspect.stream, transform, out) : pipeline(source, inspect.stream, out));
    } catch (err) {
      await rm(tempPath, { force: true });
      throw err;
    }
    return { tempPath, ...inspect.result() };
  }

  async commit(temp: TempFile, key: string): Promise<void> {
    const dest = this.resolve(key);
    await mkdir(path.dirname(dest), { recursive: true });
    await rename(temp.tempPath, dest);
  }

  async discard(temp: TempFile): Promise<void> {
    await rm(temp.tempPath, { force: true });
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const full = this.resolve(key);
    await stat(full);
    return createReadStream(full, range ? { start: range.start, end: range.end } : {});
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  get description(): string {
    return `files in ${this.root}`;
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.resolve(prefix);
    const out: string[] = [];
    const walk = async (dir: string) => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else out.push(path.relative(this.root, full).split(path.sep).join('/'));
      }
    };
    await walk(base);
    return out;
  }

  async sweepTemp(minAgeMs = 0): Promise<number> {
    let entries: string[] = [];
    try {
      entries = await readdir(this.tmpDir);
    } catch {
      return 0;
    }
    const cutoff = Date.now() - minAgeMs;
    let removed = 0;
    for (const e of entries) {
      const full = path.join(this.tmpDir, e);
      if (minAgeMs > 0) {
        const info = await stat(full).catch(() => null);
        if (!info || info.mtimeMs > cutoff) continue;
      }
      await rm(full, { force: true });
      removed++;
    }
    return removed;
  }
}
