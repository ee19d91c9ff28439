import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';

/** TOTP per RFC 6238 with the common parameters (SHA-1, 6 digits, 30 s), as authenticator apps expect. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

export function totpFor(secret: string, label: string, issuer: string) {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/**
 * The time step a code belongs to (one step of drift either way is accepted), or null when the
 * code is wrong. The caller refuses a step already used, so a code works once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret, 'x', 'x');
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return OTPAuth.TOTP.counter({ period: 30, timestamp: now }) + delta;
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes like 'k3m9q-7xv2p' (about 49 bits each). */
export function newRecoveryCodes(n = 10): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const bytes = randomBytes(10);
    let s = '';
    for (let j = 0; j < 10; j++) s += CODE_ALPHABET[(bytes[j] as number) % CODE_ALPHABET.length];
    out.push(`${s.slice(0, 5)}-${s.slice(5)}`);
  }
  return out;
}

/** Recovery codes are compared by SHA-256 of their normalised form (lower case, no spaces or dashes). */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
