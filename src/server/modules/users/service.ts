import type { z } from 'zod';
import type { AppUser } from '../../../shared/auth.ts';
import { type AccountStatus, ADMIN_USER_TYPES } from '../../../shared/constants.ts';
import type { createUserInput, ManagedUser, updateUserInput } from '../../../shared/users.ts';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordPolicy, generatePolicyPassword } from '../../auth/password-policy.ts';
import { destroyUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyAccountApproved } from '../email/notify.ts';
import { getSettings } from '../settings/service.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { insertUser } from './accounts.ts';

interface UserRow {
  id: string;
  email: string | null;
  name: string;
  role: ManagedUser['role'];
  admin_user_type: ManagedUser['adminUserType'];
  investor_user_type: ManagedUser['investorUserType'];
  status: AccountStatus;
  last_login: Date | null;
  created_at: Date;
}

const toUser = (r: UserRow): ManagedUser => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  userType: r.admin_user_type ?? r.investor_user_type,
  adminUserType: r.admin_user_type,
  investorUserType: r.investor_user_type,
  status: r.status,
  lastLogin: r.last_login ? new Date(r.last_login).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
});

const COLUMNS = 'id, email, name, role, admin_user_type, investor_user_type, status, last_login, created_at';
const userById = sql<UserRow, [id: string]>(`SELECT ${COLUMNS} FROM profiles WHERE id = $1`);

export async function listUsers(q: Queryable): Promise<ManagedUser[]> {
  return (await sql<UserRow>(`SELECT ${COLUMNS} FROM profiles ORDER BY created_at DESC, id`).all(q)).map(toUser);
}

async function getUserRow(q: Queryable, id: string, lock = false): Promise<UserRow> {
  const row = await sql<UserRow>(`SELECT ${COLUMNS} FROM profiles WHERE id = $1${lock ? ' FOR UPDATE' : ''}`).first(q, [id]);
  if (!row) throw notFound('User not found');
  return row;
}

/** Active founders other than the given user (serialised by locking the founders' rows). */
async function otherActiveFounders(q: Queryable, userId: string): Promise<number> {
  const rows = await sql<{ id: string }>(
    "SELECT id FROM profiles WHERE role = 'admin' AND admin_user_type = 'founder' AND status = 'active' AND id <> $1 FOR UPDATE",
  ).all(q, [userId]);
  return rows.length;
}

const isFounder = (u: AppUser) => u.role === 'admin' && u.userType === 'founder';

/**
 * Admin powers follow the user types: only a founder creates, promotes, suspends, deletes or
 * resets another admin. A refusal is logged (who tried what on whom) and answered with 403.
 */
async function refuse(
  ctx: AppContext,
  actor: AppUser,
  targetId: string | null,
  action: string,
  ip: string,
  message: string,
): Promise<never> {
  await logActivity(ctx.db, { type: 'admin_action_refused', userId: actor.id, targetUserId: targetId, details: { action }, ip });
  throw forbidden(message, 'FOUNDER_ONLY');
}
const FOUNDER_ONLY = 'Only a founder can manage administrator accounts';

const isActiveFounder = (r: UserRow) => r.role === 'admin' && r.admin_user_type === 'founder' && r.status === 'active';

export async function createUser(
  ctx: AppContext,
  input: z.output<typeof createUserInput>,
  actor: AppUser,
  ip: string,
): Promise<ManagedUser> {
  if (input.role === 'admin' && !isFounder(actor))
    await refuse(ctx, actor, null, 'create_admin', ip, 'Only a founder can create administrator accounts');
  const { passwordPolicy } = await getSettings(ctx.db);
  assertPasswordPolicy(input.password, passwordPolicy, input.email);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  try {
    return await ctx.db.tx(async (q) => {
      const id = await insertUser(q, {
        email: input.email,
        name: input.name,
        role: input.role,
        adminUserType: input.adminUserType,
        investorUserType: input.investorUserType,
        status: 'active',
        passwordHash,
        mustChangePassword: true,
      });
      await logActivity(q, {
        type: 'user_created',
        userId: actor.id,
        targetUserId: id,
        details: { email: input.email, role: input.role },
        ip,
      });
      return toUser(await getUserRow(q, id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A user with this email is already registered', 'ALREADY_REGISTERED');
    throw err;
  }
}

export async function updateUser(
  ctx: AppContext,
  id: string,
  input: z.output<typeof updateUserInput>,
  actor: AppUser,
  ip: string,
): Promise<ManagedUser> {
  // Nobody changes their own type (an admin cannot make themselves a founder).
  if (id === actor.id && input.userType !== undefined && input.userType !== actor.userType)
    await refuse(ctx, actor, id, 'change_own_type', ip, 'You cannot change your own user type');
  const target = await userById.first(ctx.db, [id]);
  if (target && target.role === 'admin' && id !== actor.id && !isFounder(actor)) {
    const changesSomething =
      (input.userType !== undefined && input.userType !== target.admin_user_type) ||
      (input.status !== undefined && input.status !== target.status) ||
      (input.name !== undefined && input.name !== target.name);
    if (changesSomething) await refuse(ctx, actor, id, 'update_admin', ip, FOUNDER_ONLY);
  }
  return ctx.db.tx(async (q) => {
    const before = await getUserRow(q, id, true);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    let adminType = before.admin_user_type;
    let investorType = before.investor_user_type;
    if (input.userType !== undefined && input.userType !== (before.admin_user_type ?? before.investor_user_type)) {
      const isAdminType = (ADMIN_USER_TYPES as readonly string[]).includes(input.userType);
      if (isAdminType !== (before.role === 'admin')) {
        throw badRequest(`Choose a user type for the ${before.role} role`, { userType: `Choose a user type for the ${before.role} role` });
      }
      if (before.role === 'admin') adminType = input.userType as typeof adminType;
      else investorType = input.userType as typeof investorType;
      changes.userType = { from: before.admin_user_type ?? before.investor_user_type, to: input.userType };
    }
    const status = input.status ?? before.status;
    if (status !== before.status) {
      if (id === actor.id) throw conflict('You cannot change your own status', 'SELF_PROTECTION');
      changes.status = { from: before.status, to: status };
    }
    const name = input.name ?? before.name;
    if (name !== before.name) changes.name = { from: before.name, to: name };
    if (Object.keys(changes).length === 0) return toUser(before);

    // The last active founder can never be suspended, made pending or given another type.
    if (isActiveFounder(before) && (status !== 'active' || adminType !== 'founder') && (await otherActiveFounders(q, id)) === 0) {
      throw conflict('The last active founder cannot be suspended or given another type', 'LAST_FOUNDER');
    }
    await q.query('UPDATE profiles SET name = $2, status = $3, admin_user_type = $4, investor_user_type = $5 WHERE id = $1', [
      id,
      name,
      status,
      adminType,
      investorType,
    ]);
    if (changes.status) {
      if (status !== 'active') await destroyUserSessions(q, id);
      await logActivity(q, {
        type: 'user_status_change',
        userId: actor.id,
        targetUserId: id,
        details: { from: before.status, to: status },
        ip,
      });
      // Approval of a sign-up (pending -> active) tells the investor they can sign in.
      if (before.status === 'pending' && status === 'active') {
        await notifyAccountApproved(q, id);
        if (before.role === 'investor') await emitWebhookEvent(q, 'investor.approved', { investorId: id, name, email: before.email });
      }
    }
    const otherChanges = Object.fromEntries(Object.entries(changes).filter(([k]) => k !== 'status'));
    if (Object.keys(otherChanges).length > 0) {
      await logActivity(q, { type: 'user_updated', userId: actor.id, targetUserId: id, details: { changes: otherChanges }, ip });
    }
    return toUser(await getUserRow(q, id));
  });
}

/** Tables whose rows belong to a user and must be kept: a user holding any cannot be deleted. Later features add theirs. */
export const RECORDS_THAT_BLOCK_DELETE: { label: string; sql: string }[] = [
  { label: 'assigned compliance items', sql: 'SELECT 1 FROM compliance_items WHERE assigned_to = $1' },
  {
    label: 'a KYC application with documents or a review history',
    sql: `SELECT 1 FROM kyc_applications k WHERE k.investor_id = $1
            AND (k.status <> 'pending' OR EXISTS (SELECT 1 FROM kyc_documents d WHERE d.application_id = k.id))`,
  },
  { label: 'subscriptions', sql: 'SELECT 1 FROM subscriptions WHERE investor_id = $1' },
  { label: 'distributions', sql: 'SELECT 1 FROM distributions WHERE investor_id = $1' },
  { label: 'capital account entries', sql: 'SELECT 1 FROM ledger_entries WHERE investor_id = $1' },
  { label: 'capital call lines', sql: 'SELECT 1 FROM capital_call_lines WHERE investor_id = $1' },
  { label: 'secure messages', sql: 'SELECT 1 FROM message_threads WHERE investor_id = $1' },
  { label: 'documents addressed to them', sql: 'SELECT 1 FROM documents WHERE investor_id = $1' },
  { label: 'suitability reviews', sql: 'SELECT 1 FROM suitability_reviews WHERE investor_id = $1' },
  // A legal hold, active or lifted, is a record about the investor (decision 042).
  { label: 'legal hold records', sql: 'SELECT 1 FROM legal_holds WHERE investor_id = $1' },
  { label: 'a client classification', sql: 'SELECT 1 FROM client_classifications WHERE investor_id = $1' },
  { label: 'client classification evidence', sql: 'SELECT 1 FROM classification_evidence WHERE investor_id = $1' },
  { label: 'client classification decisions', sql: 'SELECT 1 FROM client_classifications WHERE decided_by = $1' },
];

export async function deleteUser(ctx: AppContext, id: string, actor: AppUser, ip: string): Promise<void> {
  if (id === actor.id) throw conflict('You cannot delete your own account', 'SELF_PROTECTION');
  const target = await userById.first(ctx.db, [id]);
  if (target?.role === 'admin' && !isFounder(actor)) await refuse(ctx, actor, id, 'delete_admin', ip, FOUNDER_ONLY);
  await ctx.db.tx(async (q) => {
    const before = await getUserRow(q, id, true);
    if (isActiveFounder(before) && (await otherActiveFounders(q, id)) === 0) {
      throw conflict('The last active founder cannot be deleted', 'LAST_FOUNDER');
    }
    for (const r of RECORDS_THAT_BLOCK_DELETE) {
      const held = await q.query(`${r.sql} LIMIT 1`, [id]);
      if (held.length > 0) {
        throw conflict(`This user holds ${r.label} that must be kept. Suspend the account instead.`, 'HAS_RECORDS');
      }
    }
    // An untouched KYC application (pending, no files) goes with the account.
    await q.query('DELETE FROM kyc_history WHERE application_id IN (SELECT id FROM kyc_applications WHERE investor_id = $1)', [id]);
    await q.query('DELETE FROM kyc_applications WHERE investor_id = $1', [id]);
    await q.query('DELETE FROM profiles WHERE id = $1', [id]);
    await logActivity(q, {
      type: 'user_deleted',
      userId: actor.id,
      targetUserId: id,
      details: { email: before.email, name: before.name, role: before.role },
      ip,
    });
  });
}

/** A founder removes another user's second factor. */
export async function resetUserTwoFactor(ctx: AppContext, id: string, actor: AppUser, ip: string): Promise<void> {
  if (!isFounder(actor)) await refuse(ctx, actor, id, 'reset_two_factor', ip, 'Only a founder can reset two-factor authentication');
  await ctx.db.tx((q) => resetTwoFactor(q, id, actor, ip));
}

/** Sets a random 24-character temporary password, ends the user's sessions and returns it once. */
export async function resetPassword(ctx: AppContext, id: string, actor: AppUser, ip: string): Promise<string> {
  // An admin changes their own password with the current one, never by a reset that would end their session.
  if (id === actor.id) throw conflict('Use Change password to change your own password', 'SELF_PROTECTION');
  const target = await userById.first(ctx.db, [id]);
  if (!target) throw notFound('User not found');
  if (target.role === 'admin' && !isFounder(actor)) await refuse(ctx, actor, id, 'reset_admin_password', ip, FOUNDER_ONLY);
  const { passwordPolicy } = await getSettings(ctx.db);
  const password = generatePolicyPassword(passwordPolicy, target.email);
  const hash = await hashPassword(password, ctx.config.passwordHashCost);
  await ctx.db.tx(async (q) => {
    const row = await getUserRow(q, id, true);
    if (row.role === 'admin' && !isFounder(actor)) throw forbidden(FOUNDER_ONLY, 'FOUNDER_ONLY');
    await q.query(
      'UPDATE credentials SET password_hash = $2, must_change_password = true, password_changed_at = now() WHERE user_id = $1',
      [id, hash],
    );
    await destroyUserSessions(q, id);
    await logActivity(q, { type: 'password_reset', userId: actor.id, targetUserId: id, details: {}, ip });
  });
  return password;
}

/** A founder removes another user's second factor (lost phone); the user enrols again at the next sign-in. */
export async function resetTwoFactor(q: Queryable, targetId: string, actor: AppUser, ip: string): Promise<void> {
  const target = await sql<{ id: string; email: string }>('SELECT id, email FROM profiles WHERE id = $1 FOR UPDATE').first(q, [targetId]);
  if (!target) throw notFound('User not found');
  if (targetId === actor.id) throw conflict('You cannot reset your own second factor', 'SELF_PROTECTION');
  await q.query('DELETE FROM two_factor WHERE user_id = $1', [targetId]);
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [targetId]);
  await destroyUserSessions(q, targetId);
  await logActivity(q, { type: 'two_factor_reset', userId: actor.id, targetUserId: targetId, details: { email: target.email }, ip });
}
