import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transform } from 'node:stream';

/** Full-length tags only: without this, GCM decryption accepts a truncated (4-15 byte) tag. */
const GCM = { authTagLength: 16 } as const;

/**
 * AES-256-GCM for message bodies and attachments at rest. Text is stored as
 * 'v1.<iv>.<tag>.<ciphertext>' (base64url); files as ciphertext with their iv and tag in
 * the database row.
 */
export class MessageCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The message key must be 32 bytes');
  }

  encryptText(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, GCM);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  decryptText(stored: string): string {
    const [version, iv, tag, ct] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown ciphertext format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), GCM);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** A stream that encrypts; read `authTag()` after it has finished. */
  encryptStream(): { stream: Transform; iv: string; authTag: () => string } {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, GCM);
    return { stream: cipher, iv: iv.toString('base64url'), authTag: () => cipher.getAuthTag().toString('base64url') };
  }

  decryptStream(iv: string, tag: string): Transform {
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), GCM);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return decipher;
  }
}

/** MESSAGE_KEY (base64 or hex of 32 bytes); else DATA_DIR/message.key, generated once with mode 0600. */
export async function loadMessageKey(configured: string | undefined, dataDir: string): Promise<{ key: Buffer; source: string }> {
  if (configured) {
    const key = /^[0-9a-fA-F]{64}$/.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('MESSAGE_KEY must be 32 bytes, as 64 hex characters or base64');
    return { key, source: 'MESSAGE_KEY' };
  }
  const file = path.join(dataDir, 'message.key');
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
    return { key, source: file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    // Written whole under a private name, then linked into place: two servers starting
    // together on a shared DATA_DIR agree on one key, and no reader sees half a key.
    const key = randomBytes(32);
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(temp, 0o600);
    try {
      await link(temp, file);
    } catch (linkErr) {
      if ((linkErr as NodeJS.ErrnoException).code !== 'EEXIST') throw linkErr;
      return loadMessageKey(undefined, dataDir);
    } finally {
      await rm(temp, { force: true });
    }
    return { key, source: file };
  }
}
