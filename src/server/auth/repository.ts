import { sql as kysql, type Selectable } from 'kysely';
import type { Queryable } from '../db/client.ts';
import type { AuthAttemptsTable, CredentialsTable, ProfilesTable, SessionsTable } from '../db/schema.generated.ts';
import { prepared, type SnakeRow, typed } from '../db/typed.ts';

/** The sessions' and sign-in attempts' queries (decision 035), typed from schema.generated.ts. */

const now = kysql<Date>`now()`;

// ---- sessions ----

export interface NewSession {
  /** The hash of the cookie token. */
  id: string;
  userId: string;
  idleTimeoutSeconds: number;
  /** Hours from now to the absolute expiry. */
  absoluteHours: number;
  ipAddress: string | null;
  userAgent: string | null;
  secondFactor: 'verify' | 'enrol' | null;
}

export async function insertSession(q: Queryable, s: NewSession): Promise<void> {
  await typed(q)
    .insertInto('sessions')
    .values({
      id: s.id,
      userId: s.userId,
      idleTimeoutSeconds: s.idleTimeoutSeconds,
      expiresAt: kysql<Date>`now() + make_interval(hours => ${s.absoluteHours})`,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      secondFactor: s.secondFactor,
    })
    .execute();
}

/** A session with its user, and whether it is within its idle and absolute limits. */
export type SessionLookupRow = Pick<Selectable<SessionsTable>, 'id' | 'lastSeenAt' | 'expiresAt' | 'idleTimeoutSeconds' | 'secondFactor'> &
  Pick<Selectable<ProfilesTable>, 'email' | 'name' | 'role' | 'adminUserType' | 'investorUserType' | 'status' | 'language' | 'digits'> &
  Pick<Selectable<CredentialsTable>, 'mustChangePassword'> & { userId: string; valid: boolean };

/**
 * The session lookup, one row by primary key: run for every request whose session is not in the
 * cache, so compiled once (decision 064); its rows come as the database names them.
 */
export const sessionLookup = prepared<{ id: string }, SessionLookupRow>(['id'], (k, p) =>
  k
    .selectFrom('sessions as s')
    .innerJoin('profiles as p', 'p.id', 's.userId')
    .innerJoin('credentials as c', 'c.userId', 'p.id')
    .select([
      's.id',
      's.lastSeenAt',
      's.expiresAt',
      's.idleTimeoutSeconds',
      'p.id as userId',
      'p.email',
      'p.name',
      'p.role',
      'p.adminUserType',
      'p.investorUserType',
      'p.status',
      'c.mustChangePassword',
      'p.language',
      'p.digits',
      's.secondFactor',
      kysql<boolean>`(${kysql.ref('s.expiresAt')} > now() AND ${kysql.ref('s.lastSeenAt')} + make_interval(secs => ${kysql.ref('s.idleTimeoutSeconds')}) > now())`.as(
        'valid',
      ),
    ])
    .where('s.id', '=', p.id),
);

export async function sessionById(q: Queryable, id: string): Promise<SnakeRow<SessionLookupRow> | undefined> {
  return (await sessionLookup.all(q, { id }))[0];
}

export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await typed(q).deleteFrom('sessions').where('id', '=', id).execute();
}

/** Every session of a user but the one given ('' ends them all). */
export async function deleteUserSessions(q: Queryable, userId: string, exceptSessionId: string): Promise<void> {
  await typed(q).deleteFrom('sessions').where('userId', '=', userId).where('id', '<>', exceptSessionId).execute();
}

/** Renews the idle timer; `completeSecondFactor` also marks the second step done. */
export async function touchSession(q: Queryable, id: string, completeSecondFactor = false): Promise<void> {
  await typed(q)
    .updateTable('sessions')
    .set(completeSecondFactor ? { secondFactor: null, lastSeenAt: now } : { lastSeenAt: now })
    .where('id', '=', id)
    .execute();
}

// ---- sign-in attempts ----

type AttemptKind = AuthAttemptsTable['kind'];

/** A lock until the transaction ends, per key (the caller takes them in a fixed order). */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await kysql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(typed(q));
}

export interface AttemptWindow {
  kind: AttemptKind;
  account: string | null;
  client: string;
  windowMinutes: number;
  /** Per-account attempts before this time are not counted. */
  accountSince: Date | null;
  /** Count every attempt, not only failures and attempts still in progress. */
  countAll: boolean;
}

export interface AttemptCounts {
  account: number;
  client: number;
  /** Seconds until the oldest counted attempt leaves the window (null: none counted). */
  accountRetry: number | null;
  clientRetry: number | null;
}

/**
 * The attempts counted in the window per account and per client, and when the oldest of each
 * leaves it. Raw SQL: two filtered CTEs and the epoch arithmetic read better than their builder.
 */
export async function attemptCounts(q: Queryable, w: AttemptWindow): Promise<AttemptCounts | undefined> {
  const { rows } = await kysql<AttemptCounts>`WITH w AS (SELECT now() - make_interval(mins => ${w.windowMinutes}) AS start),
            a AS (SELECT created_at FROM auth_attempts, w
                   WHERE kind = ${w.kind} AND account = ${w.account}
                     AND created_at > greatest(w.start, coalesce(${w.accountSince}::timestamptz, '-infinity'))
                     AND (${w.countAll} OR outcome <> 'ok')),
            c AS (SELECT created_at FROM auth_attempts, w
                   WHERE kind = ${w.kind} AND ip_address = ${w.client} AND created_at > w.start AND (${w.countAll} OR outcome <> 'ok'))
       SELECT (SELECT count(*) FROM a)::int AS account, (SELECT count(*) FROM c)::int AS client,
              ceil(extract(epoch FROM (SELECT min(created_at) FROM a) + make_interval(mins => ${w.windowMinutes}) - now()))::int AS account_retry,
              ceil(extract(epoch FROM (SELECT min(created_at) FROM c) + make_interval(mins => ${w.windowMinutes}) - now()))::int AS client_retry`.execute(
    typed(q),
  );
  return rows[0];
}

/** Old rows are no use to any window. */
export async function pruneAttempts(q: Queryable): Promise<void> {
  await typed(q).deleteFrom('auth_attempts').where('createdAt', '<', kysql<Date>`now() - interval '2 days'`).execute();
}

export async function insertAttempt(q: Queryable, kind: AttemptKind, account: string | null, client: string): Promise<number | undefined> {
  const row = await typed(q)
    .insertInto('auth_attempts')
    .values({ kind, account, ipAddress: client, outcome: 'pending' })
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setAttemptOutcome(q: Queryable, id: number, outcome: 'failed' | 'ok'): Promise<void> {
  await typed(q).updateTable('auth_attempts').set({ outcome }).where('id', '=', id).execute();
}

/** Deletes a reserved attempt still pending. */
export async function deletePendingAttempt(q: Queryable, id: number): Promise<void> {
  await typed(q).deleteFrom('auth_attempts').where('id', '=', id).where('outcome', '=', 'pending').execute();
}
