import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from './file-store.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A stream that delivers the given chunks one by one (to exercise chunk boundaries). */
const chunks = (...parts: Buffer[]) => Readable.from(parts, { objectMode: false });

describe('DiskFileStore', () => {
  let dir: string;
  let root: string;
  let store: DiskFileStore;
  const tmpFiles = async () => readdir(path.join(root, '.tmp')).catch(() => [] as string[]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sd-filestore-'));
    root = path.join(dir, 'storage');
    store = new DiskFileStore(root);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writeTemp streams to a temp file and learns size, sha256, head and text-ness', async () => {
    const content = Buffer.from('%PDF-1.7\nhello world, this is longer than sixteen bytes\n');
    const temp = await store.writeTemp(chunks(content.subarray(0, 3), content.subarray(3, 10), content.subarray(10)));
    expect(temp.size).toBe(content.length);
    expect(temp.sha256).toBe(sha256(content));
    expect(temp.head.equals(content.subarray(0, 16))).toBe(true);
    expect(temp.isText).toBe(true);
    expect(path.dirname(temp.tempPath)).toBe(path.join(root, '.tmp'));
    expect((await readFile(temp.tempPath)).equals(content)).toBe(true);
    // Owner-only permissions.
    expect((await stat(temp.tempPath)).mode & 0o077).toBe(0);
    await store.discard(temp);
  });

  it('isText: UTF-8 split across chunks is text; NUL bytes or invalid UTF-8 are not', async () => {
    const euro = Buffer.from('price: € 10 日本', 'utf8');
    const cut = euro.indexOf(0xe2) + 1; // split inside the 3-byte euro sign
    const split = await store.writeTemp(chunks(euro.subarray(0, cut), euro.subarray(cut)));
    expect(split.isText).toBe(true);

    const nul = await store.writeTemp(chunks(Buffer.from('abc'), Buffer.from([0x64, 0x00, 0x65])));
    expect(nul.isText).toBe(false);

    const invalid = await store.writeTemp(chunks(Buffer.from([0x61, 0xff, 0xfe, 0x62])));
    expect(invalid.isText).toBe(false);

    // A multi-byte sequence cut off at the very end of the file is not valid UTF-8.
    const truncated = await store.writeTemp(chunks(Buffer.from('ok '), Buffer.from([0xe2, 0x82])));
    expect(truncated.isText).toBe(false);

    for (const t of [split, nul, invalid, truncated]) await store.discard(t);
    expect(await tmpFiles()).toEqual([]);
  });

  it('writeTemp of an empty stream gives size 0 and the empty hash', async () => {
    const temp = await store.writeTemp(chunks());
    expect(temp.size).toBe(0);
    expect(temp.sha256).toBe(sha256(Buffer.alloc(0)));
    expect(temp.head.length).toBe(0);
    await store.discard(temp);
  });

  it('writeTemp removes its temp file when the source fails mid-stream', async () => {
    const before = await tmpFiles();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.writeTemp(failing)).rejects.toThrow('client went away');
    expect(await tmpFiles()).toEqual(before);
  });

  it('commit moves the temp file under its key; read, exists, list and delete use the key', async () => {
    const content = Buffer.from('committed content');
    const temp = await store.writeTemp(chunks(content));
    const key = 'deal-documents/general/123-abc.txt';
    expect(await store.exists(key)).toBe(false);
    await store.commit(temp, key);
    await expect(stat(temp.tempPath)).rejects.toThrow();
    expect((await readFile(path.join(root, key))).equals(content)).toBe(true);
    expect(await store.exists(key)).toBe(true);
    expect(await text(await store.read(key))).toBe('committed content');
    expect(await store.list('deal-documents')).toEqual([key]);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    // Deleting a missing key is not an error.
    await store.delete(key);
  });

  it('read of an unknown key throws', async () => {
    await expect(store.read('deal-documents/general/missing.pdf')).rejects.toThrow();
  });

  it("refuses keys with '..', absolute paths, NUL bytes or inside the temp area", async () => {
    const temp = await store.writeTemp(chunks(Buffer.from('x')));
    const bad = [
      '../escape.txt',
      'deal-documents/../../escape.txt',
      '/etc/passwd',
      path.join(dir, 'outside.txt'),
      'deal-documents/a\0b.txt',
      '',
      '.',
      '.tmp/sneaky.txt',
    ];
    for (const key of bad) {
      await expect(store.commit(temp, key), key).rejects.toThrow(/invalid storage key/);
      await expect(store.read(key), key).rejects.toThrow(/invalid storage key/);
      await expect(store.delete(key), key).rejects.toThrow(/invalid storage key/);
      expect(await store.exists(key), key).toBe(false);
    }
    // The refused commits left the temp file where it was, and nothing escaped the root.
    expect((await readFile(temp.tempPath)).toString()).toBe('x');
    await expect(stat(path.join(dir, 'escape.txt'))).rejects.toThrow();
    await expect(stat(path.join(dir, 'outside.txt'))).rejects.toThrow();
    await store.discard(temp);
  });

  it('sweepTemp removes leftovers of interrupted writes and leaves committed files alone', async () => {
    const kept = await store.writeTemp(chunks(Buffer.from('keep')));
    await store.commit(kept, 'deal-documents/general/kept.txt');
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    await writeFile(path.join(root, '.tmp', 'left-1.part'), 'a');
    await writeFile(path.join(root, '.tmp', 'left-2.part'), 'b');
    expect(await store.sweepTemp()).toBe(2);
    expect(await tmpFiles()).toEqual([]);
    expect(await store.sweepTemp()).toBe(0);
    expect(await store.exists('deal-documents/general/kept.txt')).toBe(true);
  });

  it('sweepTemp with a minimum age leaves recent temp files (another server may be writing them)', async () => {
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const old = path.join(root, '.tmp', 'old.part');
    await writeFile(old, 'old');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, hourAgo, hourAgo);
    await writeFile(path.join(root, '.tmp', 'live.part'), 'live');
    expect(await store.sweepTemp(60 * 60 * 1000)).toBe(1);
    expect(await tmpFiles()).toEqual(['live.part']);
    expect(await store.sweepTemp()).toBe(1);
  });

  it('sweepTemp on a store that never wrote anything returns 0', async () => {
    const fresh = new DiskFileStore(path.join(dir, 'fresh'));
    expect(await fresh.sweepTemp()).toBe(0);
    expect(await fresh.list('deal-documents')).toEqual([]);
  });
});
