import { AUTH_ERRORS } from '../../shared/auth.ts';
import type { Db, Queryable } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { HttpError } from '../http/errors.ts';
import { clientKey } from './client-key.ts';

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
    for (const key of keys) await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    const rows = await sql<{
      account: number;
      client: number;
      account_retry: number | null;
      client_retry: number | null;
    }>(`WITH w AS (SELECT now() - make_interval(mins => $4) AS start),
            a AS (SELECT created_at FROM auth_attempts, w
                   WHERE kind = $1 AND account = $2 AND created_at > greatest(w.start, coalesce($5::timestamptz, '-infinity'))
                     AND ($6 OR outcome <> 'ok')),
            c AS (SELECT created_at FROM auth_attempts, w
                   WHERE kind = $1 AND ip_address = $3 AND created_at > w.start AND ($6 OR outcome <> 'ok'))
       SELECT (SELECT count(*) FROM a)::int AS account, (SELECT count(*) FROM c)::int AS client,
              ceil(extract(epoch FROM (SELECT min(created_at) FROM a) + make_interval(mins => $4) - now()))::int AS account_retry,
              ceil(extract(epoch FROM (SELECT min(created_at) FROM c) + make_interval(mins => $4) - now()))::int AS client_retry`).all(q, [
      kind,
      who.account,
      client,
      limits.windowMinutes,
      limits.accountSince ?? null,
      limits.countAll === true,
    ]);
    const r = rows[0];
    const over: number[] = [];
    if (r && who.account !== null && limits.perAccount !== null && r.account >= limits.perAccount)
      over.push(r.account_retry ?? limits.windowMinutes * 60);
    if (r && limits.perClient !== null && r.client >= limits.perClient) over.push(r.client_retry ?? limits.windowMinutes * 60);
    if (over.length > 0) {
      const retry = Math.max(1, ...over);
      const minutes = Math.ceil(retry / 60);
      throw new HttpError(429, limits.message.replace('{minutes}', `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`), {
        code: AUTH_ERRORS.rateLimited,
        headers: { 'retry-after': String(retry) },
      });
    }
    // Old rows are no use to any window: remove some now and then.
    if (Math.random() < 0.01) await q.query("DELETE FROM auth_attempts WHERE created_at < now() - interval '2 days'");
    const ins = await sql<{ id: number }>(
      `INSERT INTO auth_attempts (kind, account, ip_address, outcome) VALUES ($1, $2, $3, 'pending') RETURNING id`,
    ).all(q, [kind, who.account, client]);
    return ins[0]?.id as number;
  });
}

export async function settleAttempt(q: Queryable, id: number, outcome: 'failed' | 'ok'): Promise<void> {
  await q.query('UPDATE auth_attempts SET outcome = $2 WHERE id = $1', [id, outcome]);
}

/** Forgets a reserved attempt whose password was never checked (its client went away first). */
export async function releaseAttempt(q: Queryable, id: number): Promise<void> {
  await q.query("DELETE FROM auth_attempts WHERE id = $1 AND outcome = 'pending'", [id]);
}
