import { sql as kysql } from 'kysely';
import type { AccountStatus, AdminUserType, InvestorUserType, Role } from '../../../shared/constants.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The user-management queries (decision 035): typed from schema.generated.ts, columns read in camelCase. */

const USER_COLUMNS = ['id', 'email', 'name', 'role', 'adminUserType', 'investorUserType', 'status', 'lastLogin', 'createdAt'] as const;

const selectUsers = (q: Queryable) => typed(q).selectFrom('profiles').select(USER_COLUMNS);

/** A profile as user management reads it. */
export type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

/** Every profile, newest first. */
export function allUsers(q: Queryable): Promise<UserRow[]> {
  return selectUsers(q).orderBy('createdAt', 'desc').orderBy('id').execute();
}

/** One profile, locked until the transaction ends with `lock`; undefined when there is none. */
export function findUser(q: Queryable, id: string, lock = false): Promise<UserRow | undefined> {
  return selectUsers(q)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Locks the active founders other than the given user and counts them. */
export async function lockOtherActiveFounders(q: Queryable, userId: string): Promise<number> {
  const rows = await typed(q)
    .selectFrom('profiles')
    .select('id')
    .where('role', '=', 'admin')
    .where('adminUserType', '=', 'founder')
    .where('status', '=', 'active')
    .where('id', '<>', userId)
    .forUpdate()
    .execute();
  return rows.length;
}

export interface UserFields {
  name: string;
  status: AccountStatus;
  adminUserType: AdminUserType | null;
  investorUserType: InvestorUserType | null;
}

export async function setUserFields(q: Queryable, id: string, fields: UserFields): Promise<void> {
  await typed(q).updateTable('profiles').set(fields).where('id', '=', id).execute();
}

/**
 * Whether the user holds a row of a table that must be kept: `statement` is one of the services'
 * fixed `SELECT 1 ... WHERE <column> = $1` texts (RECORDS_THAT_BLOCK_DELETE), never user input.
 */
export async function holdsRecord(q: Queryable, statement: string, id: string): Promise<boolean> {
  return (await q.query(`${statement} LIMIT 1`, [id])).length > 0;
}

/** Deletes a profile with its untouched KYC application (pending, no files: checked before). */
export async function deleteProfile(q: Queryable, id: string): Promise<void> {
  const db = typed(q);
  await db
    .deleteFrom('kyc_history')
    .where('applicationId', 'in', db.selectFrom('kyc_applications').select('id').where('investorId', '=', id))
    .execute();
  await db.deleteFrom('kyc_applications').where('investorId', '=', id).execute();
  await db.deleteFrom('profiles').where('id', '=', id).execute();
}

/** A temporary password: the user must change it at the next sign-in. */
export async function setTemporaryPassword(q: Queryable, id: string, passwordHash: string): Promise<void> {
  await typed(q)
    .updateTable('credentials')
    .set({ passwordHash, mustChangePassword: true, passwordChangedAt: kysql<Date>`now()` })
    .where('userId', '=', id)
    .execute();
}

/** The id and address of a profile, locked until the transaction ends. */
export function lockUserAddress(q: Queryable, id: string): Promise<{ id: string; email: string } | undefined> {
  return typed(q).selectFrom('profiles').select(['id', 'email']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Removes a user's second factor: the authenticator secret and the recovery codes. */
export async function removeSecondFactor(q: Queryable, userId: string): Promise<void> {
  await typed(q).deleteFrom('two_factor').where('userId', '=', userId).execute();
  await typed(q).deleteFrom('recovery_codes').where('userId', '=', userId).execute();
}

export interface NewProfile {
  email: string;
  name: string;
  role: Role;
  adminUserType: AdminUserType | null;
  investorUserType: InvestorUserType | null;
  status: AccountStatus;
}

/** Inserts a profile and its credentials; returns the new id. */
export async function insertProfile(q: Queryable, profile: NewProfile, passwordHash: string, mustChangePassword: boolean): Promise<string> {
  const { id } = await typed(q).insertInto('profiles').values(profile).returning('id').executeTakeFirstOrThrow();
  await typed(q).insertInto('credentials').values({ userId: id, passwordHash, mustChangePassword }).execute();
  return id;
}

// ---- e-mail address changes (email-change.ts, decision record 028) ----

/** Whether another profile has the address. */
export async function addressTakenByOther(q: Queryable, email: string, exceptId: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('profiles')
    .select(kysql<number>`1`.as('one'))
    .where('email', '=', email)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The profile an address change is about, locked until the transaction ends. */
export function lockAddressOwner(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'email', 'name', 'role', 'language'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Stores a requested change (the link's SHA-256 only), replacing an unused earlier one. */
export async function replacePendingChange(
  q: Queryable,
  change: { tokenHash: string; userId: string; newEmail: string; requestedBy: string; hours: number },
): Promise<void> {
  const db = typed(q);
  await db.deleteFrom('email_change_tokens').where('userId', '=', change.userId).where('usedAt', 'is', null).execute();
  await db
    .insertInto('email_change_tokens')
    .values({
      id: change.tokenHash,
      userId: change.userId,
      newEmail: change.newEmail,
      requestedBy: change.requestedBy,
      expiresAt: kysql<Date>`now() + make_interval(hours => ${change.hours})`,
    })
    .execute();
}

/** An unused, unexpired change by its link's hash, locked until the transaction ends. */
export function lockPendingChange(q: Queryable, tokenHash: string) {
  return typed(q)
    .selectFrom('email_change_tokens')
    .select(['userId', 'newEmail'])
    .where('id', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', kysql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks the change used and gives the profile its new address. */
export async function applyAddressChange(q: Queryable, tokenHash: string, userId: string, newEmail: string): Promise<void> {
  await typed(q).updateTable('email_change_tokens').set({ usedAt: kysql<Date>`now()` }).where('id', '=', tokenHash).execute();
  await typed(q).updateTable('profiles').set({ email: newEmail }).where('id', '=', userId).execute();
}
