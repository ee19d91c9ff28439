import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { TEMP_PASSWORD_LENGTH } from '../../shared/constants.ts';

// scrypt with OWASP's recommended parameters (N=2^17, r=8, p=1). The parameters are
// stored with each hash, so a later change of cost still verifies old hashes.
const KEY_LEN = 64;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** A queued hash whose request was abandoned (the client went away) before its turn. */
export class HashAbandoned extends Error {
  constructor() {
    super('The request was abandoned before its password check ran');
  }
}

/**
 * A bound on concurrent hashes (each takes 128 MiB at cost 17 and a thread of libuv's pool).
 * Checks of an existing password (sign-in) and hashes of new ones (sign-up, changes, resets)
 * have a gate each, so a flood of sign-ups waits in its own queue and cannot starve sign-ins.
 * A job given an AbortSignal leaves the queue when it is aborted: a client that disconnects
 * while waiting costs no hash, and those behind it move up (issue 19: sign-ins abandoned by
 * a load generator kept the gate busy for seconds after their clients had gone).
 */
class HashGate {
  limit = 1;
  /** Hashes this gate has started (tests and the bench read it). */
  started = 0;
  private running = 0;
  private readonly queue: Array<() => void> = [];

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new HashAbandoned();
    if (this.running >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          const i = this.queue.indexOf(turn);
          if (i >= 0) this.queue.splice(i, 1);
          reject(new HashAbandoned());
        };
        signal?.addEventListener('abort', leave, { once: true });
        this.queue.push(turn);
      });
    } else this.running++;
    try {
      this.started++;
      return await fn();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
const checkGate = new HashGate();
const newHashGate = new HashGate();

export function hashPassword(password: string, log2N = 17): Promise<string> {
  return newHashGate.run(() => hashUngated(password, log2N));
}

/**
 * Runs fn in a new-password slot (sign-up): its database work and its hash wait together, so a
 * flood of sign-ups reaches the database one at a time instead of queueing ahead of sign-ins.
 */
export function inNewPasswordSlot<T>(fn: (hash: (password: string, log2N: number) => Promise<string>) => Promise<T>): Promise<T> {
  return newHashGate.run(() => fn(hashUngated));
}

/** How many password hashes of each kind may run at once (PASSWORD_HASH_CONCURRENCY). */
export function setHashConcurrency(n: number): void {
  checkGate.limit = Math.max(1, n);
  newHashGate.limit = Math.max(1, n);
}

async function hashUngated(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** log2N;
  const key = await scryptAsync(password, salt, N, 8, 1);
  return `scrypt$${log2N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Hashes started so far by the sign-in gate (checks of existing passwords). */
export const checkHashesStarted = (): number => checkGate.started;

/** Runs fn while holding a slot of the sign-in gate (tests: a gate kept busy on purpose). */
export const holdCheckSlot = <T>(fn: () => Promise<T>): Promise<T> => checkGate.run(fn);

/**
 * Whether password matches stored. With a signal, a check still waiting for its turn is dropped
 * when the signal aborts: it rejects with HashAbandoned instead of answering false.
 */
export async function verifyPassword(password: string, stored: string, signal?: AbortSignal): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const [log2N, rr, pp] = [Number(n), Number(r), Number(p)];
  // A damaged hash never verifies (and never turns a sign-in into a server error).
  if (
    ![log2N, rr, pp].every(Number.isInteger) ||
    log2N < 10 ||
    log2N > 22 ||
    rr < 1 ||
    rr > 32 ||
    pp < 1 ||
    pp > 16 ||
    expected.length === 0
  )
    return false;
  let key: Buffer;
  try {
    key = await checkGate.run(() => scryptAsync(password, Buffer.from(saltB64, 'base64'), 2 ** log2N, rr, pp), signal);
  } catch (err) {
    if (err instanceof HashAbandoned) throw err;
    return false;
  }
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, used to spend the same time when an e-mail is unknown. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(log2N: number): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), log2N);
  return dummyHash;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password from a cryptographic source (24 characters by default, spec section 9). */
export function generatePassword(length = TEMP_PASSWORD_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
