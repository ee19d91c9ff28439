import { sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The sign-in, password and second-factor queries (decision 035): typed from schema.generated.ts, columns read in camelCase. */

const now = () => kysql<Date>`now()`;

/** The account signing in by its (canonical) address, with its password hash and whether its second factor is on. */
export function loginAccount(q: Queryable, email: string) {
  return typed(q)
    .selectFrom('profiles as p')
    .innerJoin('credentials as c', 'c.userId', 'p.id')
    .select((eb) => [
      'p.id',
      'p.email',
      'p.status',
      'p.lastLogin',
      'p.role',
      'c.passwordHash',
      eb
        .exists(
          eb
            .selectFrom('two_factor as t')
            .select(kysql.lit(1).as('one'))
            .whereRef('t.userId', '=', 'p.id')
            .where('t.enabledAt', 'is not', null),
        )
        .$castTo<boolean>()
        .as('twoFactor'),
    ])
    .where('p.email', '=', email)
    .executeTakeFirst();
}

/** When the user last signed in; undefined when the profile is gone. */
export async function lastLogin(q: Queryable, userId: string): Promise<Date | null | undefined> {
  return (await typed(q).selectFrom('profiles').select('lastLogin').where('id', '=', userId).executeTakeFirst())?.lastLogin;
}

/** Stamps a completed sign-in. */
export async function stampLogin(q: Queryable, userId: string): Promise<void> {
  await typed(q).updateTable('profiles').set({ lastLogin: now() }).where('id', '=', userId).execute();
}

/** The user's password hash; undefined without credentials. */
export async function passwordHashOf(q: Queryable, userId: string): Promise<string | undefined> {
  return (await typed(q).selectFrom('credentials').select('passwordHash').where('userId', '=', userId).executeTakeFirst())?.passwordHash;
}

/** Sets the user's address (a unique violation when another account has it). */
export async function setEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await typed(q).updateTable('profiles').set({ email }).where('id', '=', userId).execute();
}

/** Sets a new password chosen by the user (no change required any more). */
export async function setOwnPassword(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await typed(q)
    .updateTable('credentials')
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now() })
    .where('userId', '=', userId)
    .execute();
}

/**
 * Sets the language and/or digits given (a null keeps the stored one) in one statement and returns
 * both as stored; undefined when the profile is gone.
 */
export function saveLanguage(q: Queryable, userId: string, language: string | null, digits: string | null) {
  return typed(q)
    .updateTable('profiles')
    .set((eb) => ({
      language: kysql<'en' | 'ar' | null>`coalesce(${language}, ${eb.ref('language')})`,
      digits: kysql<'latn' | 'arab'>`coalesce(${digits}, ${eb.ref('digits')})`,
    }))
    .where('id', '=', userId)
    .returning(['language', 'digits'])
    .executeTakeFirst();
}

// ---- second factor (two-factor.ts and the code step of a sign-in) ----

/** The enabled second factor of a user, locked until the transaction ends (one code is accepted once). */
export function lockEnabledSecondFactor(q: Queryable, userId: string) {
  return typed(q)
    .selectFrom('two_factor')
    .select(['secret', 'lastUsedStep'])
    .where('userId', '=', userId)
    .where('enabledAt', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Records the time step of an accepted code. */
export async function setLastUsedStep(q: Queryable, userId: string, step: number): Promise<void> {
  await typed(q).updateTable('two_factor').set({ lastUsedStep: step }).where('userId', '=', userId).execute();
}

/** Uses up one unused recovery code with this hash; false when there is none. */
export async function spendRecoveryCode(q: Queryable, userId: string, codeHash: string): Promise<boolean> {
  const used = await typed(q)
    .updateTable('recovery_codes')
    .set({ usedAt: now() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('recovery_codes')
        .select('id')
        .where('userId', '=', userId)
        .where('codeHash', '=', codeHash)
        .where('usedAt', 'is', null)
        .limit(kysql.lit(1)),
    )
    .returning('id')
    .execute();
  return used.length > 0;
}

/** Whether the user's second factor is on, and how many recovery codes are left unused. */
export async function secondFactorState(q: Queryable, userId: string): Promise<{ enabled: boolean; left: number }> {
  const row = await typed(q)
    .selectNoFrom((eb) => [
      eb
        .exists(eb.selectFrom('two_factor').select(kysql.lit(1).as('one')).where('userId', '=', userId).where('enabledAt', 'is not', null))
        .$castTo<boolean>()
        .as('enabled'),
      eb
        .selectFrom('recovery_codes')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .$castTo<number>()
        .as('left'),
    ])
    .executeTakeFirstOrThrow();
  return { enabled: row.enabled === true, left: Number(row.left ?? 0) };
}

/** Locks the user's profile row until the transaction ends (serialises enrolment starts: there may be no two_factor row yet). */
export async function lockProfile(q: Queryable, userId: string): Promise<void> {
  await typed(q).selectFrom('profiles').select(kysql.lit(1).as('one')).where('id', '=', userId).forUpdate().execute();
}

/**
 * The user's second-factor row, locked until the transaction ends, with whether a pending
 * enrolment still holds the account: started less than `pendingMinutes` ago by a session that is
 * still alive (not expired, not idle).
 */
export function lockEnrolment(q: Queryable, userId: string, pendingMinutes: number) {
  return typed(q)
    .selectFrom('two_factor as t')
    .select((eb) => [
      't.enabledAt',
      't.pendingSessionId',
      eb
        .and([
          eb('t.createdAt', '>', kysql<Date>`now() - make_interval(mins => ${pendingMinutes})`),
          eb.exists(
            eb
              .selectFrom('sessions as s')
              .select(kysql.lit(1).as('one'))
              .whereRef('s.id', '=', 't.pendingSessionId')
              .where('s.expiresAt', '>', now())
              .where((e) => e(kysql<Date>`${e.ref('s.lastSeenAt')} + make_interval(secs => ${e.ref('s.idleTimeoutSeconds')})`, '>', now())),
          ),
        ])
        .$castTo<boolean>()
        .as('held'),
    ])
    .where('t.userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Starts (or restarts) an enrolment: a new secret, pending for the session, not enabled, created now. */
export async function startEnrolment(q: Queryable, userId: string, secret: string, sessionId: string): Promise<void> {
  await typed(q)
    .insertInto('two_factor')
    .values({ userId, secret, pendingSessionId: sessionId })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet((eb) => ({
        secret: eb.ref('excluded.secret'),
        pendingSessionId: eb.ref('excluded.pendingSessionId'),
        enabledAt: null,
        lastUsedStep: null,
        createdAt: now(),
      })),
    )
    .execute();
}

/** The user's second-factor row (enabled or pending), locked until the transaction ends. */
export function lockTwoFactor(q: Queryable, userId: string) {
  return typed(q)
    .selectFrom('two_factor')
    .select(['secret', 'enabledAt', 'pendingSessionId'])
    .where('userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Enables the second factor with the step of the confirming code, and replaces the recovery codes with these (hashed). */
export async function enableSecondFactor(q: Queryable, userId: string, step: number, codeHashes: string[]): Promise<void> {
  await typed(q)
    .updateTable('two_factor')
    .set({ enabledAt: now(), lastUsedStep: step, pendingSessionId: null })
    .where('userId', '=', userId)
    .execute();
  await typed(q).deleteFrom('recovery_codes').where('userId', '=', userId).execute();
  if (codeHashes.length > 0)
    await typed(q)
      .insertInto('recovery_codes')
      .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
      .execute();
}
