import type { z } from 'zod';
import type { AppUser } from '../../../shared/auth.ts';
import { ADMIN_USER_TYPES } from '../../../shared/constants.ts';
import type { createUserInput, ManagedUser, updateUserInput } from '../../../shared/users.ts';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordPolicy, generatePolicyPassword } from '../../auth/password-policy.ts';
import { destroyUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifyAccountApproved } from '../email/notify.ts';
import { getSettings } from '../settings/service.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { insertUser } from './accounts.ts';
import {
  allUsers,
  deleteProfile,
  findUser,
  holdsRecord,
  lockOtherActiveFounders,
  lockUserAddress,
  removeSecondFactor,
  setTemporaryPassword,
  setUserFields,
  type UserRow,
} from './repository.ts';

const toUser = (r: UserRow): ManagedUser => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  userType: r.adminUserType ?? r.investorUserType,
  adminUserType: r.adminUserType,
  investorUserType: r.investorUserType,
  status: r.status,
  lastLogin: r.lastLogin ? new Date(r.lastLogin).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listUsers(q: Queryable): Promise<ManagedUser[]> {
  return (await allUsers(q)).map(toUser);
}

async function getUserRow(q: Queryable, id: string, lock = false): Promise<UserRow> {
  const row = await findUser(q, id, lock);
  if (!row) throw notFound('User not found');
  return row;
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

const isActiveFounder = (r: UserRow) => r.role === 'admin' && r.adminUserType === 'founder' && r.status === 'active';

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
  const target = await findUser(ctx.db, id);
  if (target && target.role === 'admin' && id !== actor.id && !isFounder(actor)) {
    const changesSomething =
      (input.userType !== undefined && input.userType !== target.adminUserType) ||
      (input.status !== undefined && input.status !== target.status) ||
      (input.name !== undefined && input.name !== target.name);
    if (changesSomething) await refuse(ctx, actor, id, 'update_admin', ip, FOUNDER_ONLY);
  }
  return ctx.db.tx(async (q) => {
    const before = await getUserRow(q, id, true);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    let adminType = before.adminUserType;
    let investorType = before.investorUserType;
    if (input.userType !== undefined && input.userType !== (before.adminUserType ?? before.investorUserType)) {
      const isAdminType = (ADMIN_USER_TYPES as readonly string[]).includes(input.userType);
      if (isAdminType !== (before.role === 'admin')) {
        throw badRequest(`Choose a user type for the ${before.role} role`, { userType: `Choose a user type for the ${before.role} role` });
      }
      if (before.role === 'admin') adminType = input.userType as typeof adminType;
      else investorType = input.userType as typeof investorType;
      changes.userType = { from: before.adminUserType ?? before.investorUserType, to: input.userType };
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
    if (isActiveFounder(before) && (status !== 'active' || adminType !== 'founder') && (await lockOtherActiveFounders(q, id)) === 0) {
      throw conflict('The last active founder cannot be suspended or given another type', 'LAST_FOUNDER');
    }
    await setUserFields(q, id, { name, status, adminUserType: adminType, investorUserType: investorType });
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
  const target = await findUser(ctx.db, id);
  if (target?.role === 'admin' && !isFounder(actor)) await refuse(ctx, actor, id, 'delete_admin', ip, FOUNDER_ONLY);
  await ctx.db.tx(async (q) => {
    const before = await getUserRow(q, id, true);
    if (isActiveFounder(before) && (await lockOtherActiveFounders(q, id)) === 0) {
      throw conflict('The last active founder cannot be deleted', 'LAST_FOUNDER');
    }
    for (const r of RECORDS_THAT_BLOCK_DELETE) {
      if (await holdsRecord(q, r.sql, id)) {
        throw conflict(`This user holds ${r.label} that must be kept. Suspend the account instead.`, 'HAS_RECORDS');
      }
    }
    // An untouched KYC application (pending, no files) goes with the account.
    await deleteProfile(q, id);
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
  const target = await findUser(ctx.db, id);
  if (!target) throw notFound('User not found');
  if (target.role === 'admin' && !isFounder(actor)) await refuse(ctx, actor, id, 'reset_admin_password', ip, FOUNDER_ONLY);
  const { passwordPolicy } = await getSettings(ctx.db);
  const password = generatePolicyPassword(passwordPolicy, target.email);
  const hash = await hashPassword(password, ctx.config.passwordHashCost);
  await ctx.db.tx(async (q) => {
    const row = await getUserRow(q, id, true);
    if (row.role === 'admin' && !isFounder(actor)) throw forbidden(FOUNDER_ONLY, 'FOUNDER_ONLY');
    await setTemporaryPassword(q, id, hash);
    await destroyUserSessions(q, id);
    await logActivity(q, { type: 'password_reset', userId: actor.id, targetUserId: id, details: {}, ip });
  });
  return password;
}

/** A founder removes another user's second factor (lost phone); the user enrols again at the next sign-in. */
export async function resetTwoFactor(q: Queryable, targetId: string, actor: AppUser, ip: string): Promise<void> {
  const target = await lockUserAddress(q, targetId);
  if (!target) throw notFound('User not found');
  if (targetId === actor.id) throw conflict('You cannot reset your own second factor', 'SELF_PROTECTION');
  await removeSecondFactor(q, targetId);
  await destroyUserSessions(q, targetId);
  await logActivity(q, { type: 'two_factor_reset', userId: actor.id, targetUserId: targetId, details: { email: target.email }, ip });
}
