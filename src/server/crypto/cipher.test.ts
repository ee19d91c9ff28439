import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMessageKey, MessageCipher } from './cipher.ts';

const b64url = (s: string) => Buffer.from(s, 'base64url');
const flipFirstByte = (s: string) => {
  const buf = b64url(s);
  buf[0] = (buf[0] as number) ^ 0x01;
  return buf.toString('base64url');
};

describe('MessageCipher', () => {
  const key = randomBytes(32);
  const cipher = new MessageCipher(key);

  it('round-trips text, including empty, unicode and long text', () => {
    for (const plain of ['hello', '', 'Dubai — مرحبا — 日本語 — 💸', 'x'.repeat(100_000)]) {
      const enc = cipher.encryptText(plain);
      expect(enc).not.toContain(plain || '\u0000');
      expect(cipher.decryptText(enc)).toBe(plain);
    }
  });

  it("stores 'v1.<iv>.<tag>.<ciphertext>' with a 12-byte IV and a 16-byte tag, a fresh IV every time", () => {
    const one = cipher.encryptText('same text');
    const two = cipher.encryptText('same text');
    expect(one).not.toBe(two);
    const [v, iv1, tag1, ct1] = one.split('.') as [string, string, string, string];
    const [, iv2, , ct2] = two.split('.') as [string, string, string, string];
    expect(v).toBe('v1');
    expect(b64url(iv1)).toHaveLength(12);
    expect(b64url(tag1)).toHaveLength(16);
    expect(b64url(ct1)).toHaveLength(Buffer.byteLength('same text'));
    expect(iv1).not.toBe(iv2);
    expect(ct1).not.toBe(ct2);
    const ivs = new Set(Array.from({ length: 200 }, () => cipher.encryptText('x').split('.')[1]));
    expect(ivs.size).toBe(200);
  });

  it('detects tampering with the ciphertext, tag or IV, a wrong key and a bad format (throws)', () => {
    const enc = cipher.encryptText('transfer 1,000,000 to account 42');
    const [v, iv, tag, ct] = enc.split('.') as [string, string, string, string];
    expect(() => cipher.decryptText([v, iv, tag, flipFirstByte(ct)].join('.'))).toThrow();
    expect(() => cipher.decryptText([v, iv, flipFirstByte(tag), ct].join('.'))).toThrow();
    expect(() => cipher.decryptText([v, flipFirstByte(iv), tag, ct].join('.'))).toThrow();
    expect(() => cipher.decryptText([v, iv, tag, ct.slice(0, -2)].join('.'))).toThrow();
    // A truncated tag (a valid prefix of the real one) is not accepted: GCM would verify it.
    for (const bytes of [4, 8, 12, 15]) {
      expect(
        () => cipher.decryptText([v, iv, b64url(tag).subarray(0, bytes).toString('base64url'), ct].join('.')),
        `${bytes}-byte tag`,
      ).toThrow();
    }
    expect(() => new MessageCipher(randomBytes(32)).decryptText(enc)).toThrow();
    expect(() => cipher.decryptText(['v2', iv, tag, ct].join('.'))).toThrow(/format/);
    expect(() => cipher.decryptText('plain text')).toThrow();
    expect(() => cipher.decryptText('')).toThrow();
    // Untouched, it still decrypts.
    expect(cipher.decryptText(enc)).toBe('transfer 1,000,000 to account 42');
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => new MessageCipher(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => new MessageCipher(randomBytes(33))).toThrow(/32 bytes/);
    expect(() => new MessageCipher(Buffer.alloc(0))).toThrow(/32 bytes/);
  });

  it('encrypts and decrypts streams (attachments), detecting a tampered stream', async () => {
    const plain = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]);
    const enc = cipher.encryptStream();
    const encrypted = await buffer(Readable.from([plain.subarray(0, 1000), plain.subarray(1000)]).pipe(enc.stream));
    expect(encrypted).toHaveLength(plain.length);
    expect(encrypted.includes(Buffer.from('%PDF-'))).toBe(false);
    const tag = enc.authTag();
    const decrypted = await buffer(Readable.from([encrypted]).pipe(cipher.decryptStream(enc.iv, tag)));
    expect(decrypted.equals(plain)).toBe(true);

    const tampered = Buffer.from(encrypted);
    tampered[500] = (tampered[500] as number) ^ 0xff;
    await expect(
      pipeline(Readable.from([tampered]), cipher.decryptStream(enc.iv, tag), async (src: AsyncIterable<Buffer>) => {
        for await (const _ of src) {
          // drain
        }
      }),
    ).rejects.toThrow();
    // Nor for streams does a truncated tag pass.
    expect(() => cipher.decryptStream(enc.iv, b64url(tag).subarray(0, 4).toString('base64url'))).toThrow();
    const otherIv = cipher.encryptStream().iv;
    expect(otherIv).not.toBe(enc.iv);
  });
});

describe('loadMessageKey', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sd-key-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('generates DATA_DIR/message.key once with mode 0600 and reuses it', async () => {
    const dataDir = await mkdtemp(path.join(dir, 'data-'));
    const file = path.join(dataDir, 'message.key');
    const first = await loadMessageKey(undefined, dataDir);
    expect(first.key).toHaveLength(32);
    expect(first.source).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first.key)).toBe(true);

    const second = await loadMessageKey(undefined, dataDir);
    expect(second.key.equals(first.key)).toBe(true);
    expect(second.source).toBe(file);
    // Text encrypted under the first load decrypts under the second (restart).
    const enc = new MessageCipher(first.key).encryptText('survives a restart');
    expect(new MessageCipher(second.key).decryptText(enc)).toBe('survives a restart');

    // Another data directory gets its own key.
    const other = await loadMessageKey('', await mkdtemp(path.join(dir, 'data-')));
    expect(other.key.equals(first.key)).toBe(false);
  });

  it('agrees on one key when several servers create it at the same moment', async () => {
    const dataDir = await mkdtemp(path.join(dir, 'data-'));
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadMessageKey(undefined, dataDir)));
    for (const k of keys) expect(k.key.equals(keys[0]?.key as Buffer)).toBe(true);
    expect(await readdir(dataDir)).toEqual(['message.key']);
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    const dataDir = await mkdtemp(path.join(dir, 'data-'));
    const file = path.join(dataDir, 'message.key');
    await writeFile(file, `${randomBytes(16).toString('base64')}\n`, { mode: 0o600 });
    await expect(loadMessageKey(undefined, dataDir)).rejects.toThrow(/32-byte/);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(16);
  });

  it('accepts MESSAGE_KEY as 64 hex characters or base64 of 32 bytes, without touching DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(dir, 'data-'));
    const raw = randomBytes(32);
    const hex = await loadMessageKey(raw.toString('hex'), dataDir);
    expect(hex).toEqual({ key: raw, source: 'MESSAGE_KEY' });
    expect((await loadMessageKey(raw.toString('hex').toUpperCase(), dataDir)).key.equals(raw)).toBe(true);
    expect((await loadMessageKey(raw.toString('base64'), dataDir)).key.equals(raw)).toBe(true);
    await expect(stat(path.join(dataDir, 'message.key'))).rejects.toThrow();
  });

  it('rejects a MESSAGE_KEY of the wrong length', async () => {
    const dataDir = await mkdtemp(path.join(dir, 'data-'));
    for (const bad of [
      randomBytes(16).toString('hex'),
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      randomBytes(31).toString('hex'),
      'not a key',
    ]) {
      await expect(loadMessageKey(bad, dataDir), bad).rejects.toThrow(/MESSAGE_KEY must be 32 bytes/);
    }
    await expect(stat(path.join(dataDir, 'message.key'))).rejects.toThrow();
  });
});
