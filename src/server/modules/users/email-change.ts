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
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { audienceOf } from '../email/notify.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { templates } from '../email/templates.ts';
import { getSettings } from '../settings/service.ts';

/**
 * A founder changes an administrator's e-mail address (issue 27 item 12, decision record 028):
 * a single-use link goes to the new address (only its SHA-256 is stored) and nothing changes until
 * it is confirmed; then the old address is told. A new request replaces an unused one.
 */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const FOUNDER_ONLY = "Only a founder can change administrators' e-mail addresses";
const taken = () =>
  new HttpError(409, EMAIL_ALREADY_REGISTERED, { code: 'ALREADY_REGISTERED', fields: { email: EMAIL_ALREADY_REGISTERED } });

const addressTaken = async (q: Queryable, email: string, exceptId: string) =>
  (await q.query('SELECT 1 FROM profiles WHERE email = $1 AND id <> $2', [email, exceptId])).length > 0;

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
    const target = await sql<{ id: string; email: string; name: string; role: string; language: string | null }>(
      'SELECT id, email, name, role, language FROM profiles WHERE id = $1 FOR UPDATE',
    ).first(q, [targetId]);
    if (!target) throw notFound('User not found');
    if (target.role !== 'admin') throw badRequest(EMAIL_CHANGE_ADMINS_ONLY, { email: EMAIL_CHANGE_ADMINS_ONLY });
    if (target.email === email) throw badRequest(EMAIL_UNCHANGED, { email: EMAIL_UNCHANGED });
    if (await addressTaken(q, email, target.id)) throw taken();
    const token = randomBytes(32).toString('base64url');
    // One pending change per account: an unused earlier link stops working.
    await q.query('DELETE FROM email_change_tokens WHERE user_id = $1 AND used_at IS NULL', [target.id]);
    await q.query(
      `INSERT INTO email_change_tokens (id, user_id, new_email, requested_by, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
      [hashToken(token), target.id, email, actor.id, EMAIL_CHANGE_HOURS],
    );
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

/** Applies a confirmed change; the old address is told. Answers the new address. */
export async function confirmEmailChange(ctx: AppContext, token: string, ip: string): Promise<string> {
  const invalid = () => badRequest(EMAIL_CHANGE_LINK_INVALID, { token: EMAIL_CHANGE_LINK_INVALID });
  try {
    return await ctx.db.tx(async (q) => {
      // Under the row lock: of two concurrent confirmations, one wins.
      const row = await sql<{ user_id: string; new_email: string }>(
        `SELECT user_id, new_email FROM email_change_tokens
          WHERE id = $1 AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
      ).first(q, [hashToken(token)]);
      if (!row) throw invalid();
      const before = await sql<{ email: string; name: string; language: string | null; role: string }>(
        'SELECT email, name, language, role FROM profiles WHERE id = $1 FOR UPDATE',
      ).first(q, [row.user_id]);
      if (before?.role !== 'admin') throw invalid();
      await q.query('UPDATE email_change_tokens SET used_at = now() WHERE id = $1', [hashToken(token)]);
      await q.query('UPDATE profiles SET email = $2 WHERE id = $1', [row.user_id, row.new_email]);
      const to = audienceOf(await getSettings(q), before);
      await enqueueEmail(q, {
        kind: 'email_changed',
        to: before.email,
        userId: row.user_id,
        ...templates.emailChanged(to, { name: before.name, newEmail: row.new_email }),
      });
      await logActivity(q, {
        type: 'email_changed',
        userId: row.user_id,
        targetUserId: row.user_id,
        details: { from: before.email, to: row.new_email, at: 'confirmation_link' },
        ip,
      });
      return row.new_email;
    });
  } catch (err) {
    // Another account took the address after the request.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
