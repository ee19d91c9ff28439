import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Already compressed: stored as they are (deflating them again costs time for nothing). */
const STORED = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'zip', 'docx', 'xlsx', 'heic']);

/** One archive entry as written: its path, size and sha256 (of the content, not the compressed bytes). */
export interface ZipEntry {
  path: string;
  size: number;
  sha256: string;
}

/**
 * A zip written as a stream (fflate): `output` is read by the file store while entries are added
 * one after the other, and adding waits when the reader is behind, so an archive of any size
 * takes little memory. Each entry's size and sha256 are recorded for the manifest.
 */
export class ZipWriter {
  readonly output = new PassThrough();
  readonly entries: ZipEntry[] = [];
  private readonly zip: Zip;
  private failed: Error | null = null;

  constructor(private readonly mtime: Date) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failed = err;
        this.output.destroy(err);
        return;
      }
      this.output.write(chunk);
      if (final) this.output.end();
    });
  }

  private async drained(): Promise<void> {
    if (this.failed) throw this.failed;
    if (this.output.writableNeedDrain) await once(this.output, 'drain');
  }

  private open(path: string) {
    const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
    const file = STORED.has(ext) ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    file.mtime = this.mtime;
    this.zip.add(file);
    return file;
  }

  /** Adds a whole entry held in memory. */
  async add(path: string, content: Buffer | string): Promise<ZipEntry> {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const file = this.open(path);
    file.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
    const entry = { path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    this.entries.push(entry);
    await this.drained();
    return entry;
  }

  /** Adds an entry from a stream (a stored file), chunk by chunk. */
  async addStream(path: string, source: Readable): Promise<ZipEntry> {
    const file = this.open(path);
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      file.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), false);
      await this.drained();
    }
    file.push(new Uint8Array(0), true);
    const entry = { path, size, sha256: hash.digest('hex') };
    this.entries.push(entry);
    await this.drained();
    return entry;
  }

  end(): void {
    this.zip.end();
  }

  abort(err: Error): void {
    this.zip.terminate();
    this.output.destroy(err);
  }
}
