import { describe, expect, it } from 'vitest';
import { checkHashesStarted, generatePassword, HashAbandoned, hashPassword, holdCheckSlot, verifyPassword } from './password.ts';

const FAST = 12;

describe('password hashing (scrypt)', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const hash = await hashPassword('correct horse battery', FAST);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('stores the parameters with the hash, so a cost-12 hash verifies', async () => {
    const hash = await hashPassword('s3cret!', 12);
    expect(hash).toMatch(/^scrypt\$12\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('s3cret!');
    expect(await verifyPassword('s3cret!', hash)).toBe(true);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password', FAST), hashPassword('same-password', FAST)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password', b)).toBe(true);
  });

  it('refuses stored values that are not its hashes', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'x')).toBe(false);
    expect(await verifyPassword('x', '$2b$12$abcdefghijklmnopqrstuv')).toBe(false);
  });

  it('treats canonically equivalent Unicode as the same password', async () => {
    const hash = await hashPassword('Caf\u00e9-pass', FAST);
    expect(await verifyPassword('Cafe\u0301-pass', hash)).toBe(true);
  });

  it("uses OWASP's N=2^17, r=8, p=1 by default", async () => {
    const hash = await hashPassword('default-cost');
    expect(hash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('default-cost', hash)).toBe(true);
  });
});

describe('generatePassword', () => {
  it('makes 24 characters from the unambiguous alphabet', () => {
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(24);
      expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
    }
  });

  it('never repeats itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
    expect(generatePassword()).not.toBe(generatePassword());
  });

  it('honours another length', () => {
    expect(generatePassword(10)).toHaveLength(10);
  });
});

describe('the sign-in gate drops checks whose client has gone', () => {
  it('a queued check aborted before its turn never hashes; the next one moves up', async () => {
    const hash = await hashPassword('gate-pass', FAST);
    let release = () => {};
    const held = holdCheckSlot(() => new Promise<void>((r) => (release = r)));
    const before = checkHashesStarted();
    const gone = new AbortController();
    const abandoned = verifyPassword('gate-pass', hash, gone.signal);
    const waiting = verifyPassword('gate-pass', hash, new AbortController().signal);
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(HashAbandoned);
    release();
    await held;
    expect(await waiting).toBe(true);
    // The held slot and the waiting check ran; the abandoned check did not.
    expect(checkHashesStarted() - before).toBe(1);
    // Already aborted: refused at once. Without a signal the check runs as before.
    await expect(verifyPassword('gate-pass', hash, AbortSignal.abort())).rejects.toBeInstanceOf(HashAbandoned);
    expect(await verifyPassword('nope', hash)).toBe(false);
  });

  it('an abort after the check started changes nothing: the answer stands', async () => {
    const hash = await hashPassword('gate-pass', FAST);
    const late = new AbortController();
    const check = verifyPassword('gate-pass', hash, late.signal);
    late.abort();
    expect(await check).toBe(true);
  });
});
