import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Already compressed: stored as they are (deflating them again costs time for nothing). */
const STORED = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'zip', 'docx', 'xlsx', 'heic']);

const SLICE = 64 * 1024;
function* slices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += SLICE) yield bytes.subarray(at, at + SLICE);
}

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

  /** Adds a whole entry held in memory (compressed a slice at a time, yielding between slices). */
  async add(path: string, content: Buffer | string): Promise<ZipEntry> {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    return this.addStream(path, slices(bytes));
  }

  /**
   * Adds an entry from a stream or any iterable of chunks (a stored file, pages of rows), a slice
   * at a time: deflating is synchronous, so each slice is small and the event loop is given back
   * between slices (other requests are served while a large pack is written).
   */
  async addStream(path: string, source: Readable | AsyncIterable<Buffer> | Iterable<Buffer>): Promise<ZipEntry> {
    const file = this.open(path);
    const hash = createHash('sha256');
    let size = 0;
    for await (const whole of source as AsyncIterable<Buffer>) {
      for (const chunk of slices(whole)) {
        hash.update(chunk);
        size += chunk.length;
        file.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), false);
        await this.drained();
        await yieldToEventLoop();
      }
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
