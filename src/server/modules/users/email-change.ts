import { createHash, randomBytes } from 'node:crypto';
import type { AppUser } from '../../../shared/auth.ts';
import {
  EMAIL_ALREADY_REGISTERED,
  EMAIL_CHANGE_ADMINS_ONLY,
  EMAIL_CHANGE_HOURS,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_UNCHANGED,
  foldEmail,
} from '../../../shared/email-address.ts';
import { destroyUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { audienceOf } from '../email/notify.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { templates } from '../email/templates.ts';
import { getSettings } from '../settings/service.ts';
import { addressTakenByOther, applyAddressChange, lockAddressOwner, lockPendingChange, replacePendingChange } from './repository.ts';

/**
 * A founder changes an administrator's e-mail address (issue 27 item 12, decision record 028):
 * a single-use link goes to the new address (only its SHA-256 is stored) and nothing changes until
 * it is confirmed; then the old address is told. A new request replaces an unused one.
 */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const FOUNDER_ONLY = "Only a founder can change administrators' e-mail addresses";
const taken = () =>
  new HttpError(409, EMAIL_ALREADY_REGISTERED, { code: 'ALREADY_REGISTERED', fields: { email: EMAIL_ALREADY_REGISTERED } });

/** Founders only, whatever the target and before the body is read; a refusal is logged. */
export async function assertFounderForEmailChange(ctx: AppContext, actor: AppUser, targetId: string, ip: string): Promise<void> {
  if (!(actor.role === 'admin' && actor.userType === 'founder')) {
    await logActivity(ctx.db, {
      type: 'admin_action_refused',
      userId: actor.id,
      targetUserId: targetId,
      details: { action: 'change_admin_email' },
      ip,
    });
    throw forbidden(FOUNDER_ONLY, 'FOUNDER_ONLY');
  }
}

export async function requestEmailChange(
  ctx: AppContext,
  targetId: string,
  newEmail: string,
  actor: AppUser,
  ip: string,
): Promise<{ pendingEmail: string }> {
  await assertFounderForEmailChange(ctx, actor, targetId, ip);
  const email = foldEmail(newEmail);
  return ctx.db.tx(async (q) => {
    const target = await lockAddressOwner(q, targetId);
    if (!target) throw notFound('User not found');
    if (target.role !== 'admin') throw badRequest(EMAIL_CHANGE_ADMINS_ONLY, { email: EMAIL_CHANGE_ADMINS_ONLY });
    if (target.email === email) throw badRequest(EMAIL_UNCHANGED, { email: EMAIL_UNCHANGED });
    if (await addressTakenByOther(q, email, target.id)) throw taken();
    const token = randomBytes(32).toString('base64url');
    // One pending change per account: an unused earlier link stops working.
    await replacePendingChange(q, {
      tokenHash: hashToken(token),
      userId: target.id,
      newEmail: email,
      requestedBy: actor.id,
      hours: EMAIL_CHANGE_HOURS,
    });
    const to = audienceOf(await getSettings(q), target);
    await enqueueEmail(q, {
      kind: 'email_change_confirm',
      to: email,
      userId: target.id,
      ...templates.emailChangeConfirm(to, { name: target.name, newEmail: email, requestedBy: actor.name, token }),
    });
    await logActivity(q, {
      type: 'email_change_requested',
      userId: actor.id,
      targetUserId: target.id,
      details: { from: target.email, to: email },
      ip,
    });
    return { pendingEmail: email };
  });
}

/**
 * Applies a confirmed change; the old address is told. Answers the new address. Every other
 * session of the account ends, as at a password change (the same function): a session signed in
 * before the change no longer stands for the address the account now has. The session that
 * confirmed, when it is the account's own, stays.
 */
export async function confirmEmailChange(ctx: AppContext, token: string, ip: string, keepSessionId?: string): Promise<string> {
  const invalid = () => badRequest(EMAIL_CHANGE_LINK_INVALID, { token: EMAIL_CHANGE_LINK_INVALID });
  try {
    return await ctx.db.tx(async (q) => {
      // Under the row lock: of two concurrent confirmations, one wins.
      const row = await lockPendingChange(q, hashToken(token));
      if (!row) throw invalid();
      const before = await lockAddressOwner(q, row.userId);
      if (before?.role !== 'admin') throw invalid();
      await applyAddressChange(q, hashToken(token), row.userId, row.newEmail);
      await destroyUserSessions(q, row.userId, keepSessionId);
      const to = audienceOf(await getSettings(q), before);
      await enqueueEmail(q, {
        kind: 'email_changed',
        to: before.email,
        userId: row.userId,
        ...templates.emailChanged(to, { name: before.name, newEmail: row.newEmail }),
      });
      await logActivity(q, {
        type: 'email_changed',
        userId: row.userId,
        targetUserId: row.userId,
        details: { from: before.email, to: row.newEmail, at: 'confirmation_link', otherSessionsEnded: true },
        ip,
      });
      return row.newEmail;
    });
  } catch (err) {
    // Another account took the address after the request.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
