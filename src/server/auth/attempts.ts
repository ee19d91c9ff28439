import { AUTH_ERRORS } from '../../shared/auth.ts';
import type { Db, Queryable } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { clientKey } from './client-key.ts';
import { attemptCounts, deletePendingAttempt, insertAttempt, lockKey, pruneAttempts, setAttemptOutcome } from './repository.ts';

export type AttemptKind = 'sign_in' | 'change_password' | 'sign_up' | 'sign_document';

export interface AttemptLimits {
  /** Counted attempts per account (null: no per-account limit). */
  perAccount: number | null;
  /** Counted attempts per client IP (null: no per-client limit). */
  perClient: number | null;
  windowMinutes: number;
  /** An IPv6 client is counted by its network of this many bits (config LIMITS_IPV6_PREFIX; issue 27). */
  ipv6Prefix: number;
  /** Count every attempt (sign-up), not only failures and attempts still in progress. */
  countAll?: boolean;
  /** Per-account attempts before this time are not counted (the account's last successful sign-in). */
  accountSince?: Date | null;
  /** The 429's message; {minutes} becomes "1 minute" or "N minutes". */
  message: string;
}

/**
 * Reserves one attempt, or refuses with 429 and Retry-After when the account or the client is
 * over its limit. The count and the reservation happen under a lock per account and per client, so parallel
 * requests cannot all pass the check before any of them is written: a reservation counts as a
 * failure until settle() marks it 'ok'.
 */
export async function reserveAttempt(
  db: Db,
  kind: AttemptKind,
  who: { account: string | null; ip: string },
  limits: AttemptLimits,
): Promise<number> {
  // The client as the limits count it: an IPv4 address, or an IPv6 network (issue 27).
  const client = clientKey(who.ip, limits.ipv6Prefix);
  return db.tx(async (q) => {
    // One transaction-scoped lock per counted key (account, client), taken in a fixed order so two
    // attempts never wait for each other crosswise; attempts on other keys do not wait at all.
    const keys = [who.account === null ? null : `${kind}:a:${who.account}`, `${kind}:c:${client}`]
      .filter((k): k is string => k !== null)
      .sort();
    for (const key of keys) await lockKey(q, key);
    const r = await attemptCounts(q, {
      kind,
      account: who.account,
      client,
      windowMinutes: limits.windowMinutes,
      accountSince: limits.accountSince ?? null,
      countAll: limits.countAll === true,
    });
    const over: number[] = [];
    if (r && who.account !== null && limits.perAccount !== null && r.account >= limits.perAccount)
      over.push(r.accountRetry ?? limits.windowMinutes * 60);
    if (r && limits.perClient !== null && r.client >= limits.perClient) over.push(r.clientRetry ?? limits.windowMinutes * 60);
    if (over.length > 0) {
      const retry = Math.max(1, ...over);
      const minutes = Math.ceil(retry / 60);
      throw new HttpError(429, limits.message.replace('{minutes}', `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`), {
        code: AUTH_ERRORS.rateLimited,
        headers: { 'retry-after': String(retry) },
      });
    }
    // Old rows are no use to any window: remove some now and then.
    if (Math.random() < 0.01) await pruneAttempts(q);
    return (await insertAttempt(q, kind, who.account, client)) as number;
  });
}

export async function settleAttempt(q: Queryable, id: number, outcome: 'failed' | 'ok'): Promise<void> {
  await setAttemptOutcome(q, id, outcome);
}

/** Forgets a reserved attempt whose password was never checked (its client went away first). */
export async function releaseAttempt(q: Queryable, id: number): Promise<void> {
  await deletePendingAttempt(q, id);
}
