import { createHash, randomBytes } from 'node:crypto';
import {
  RESET_LIMIT_PER_ADDRESS,
  RESET_LIMIT_PER_CLIENT,
  RESET_LIMIT_WINDOW_MINUTES,
  RESET_LINK_INVALID,
  RESET_TOKEN_MINUTES,
} from '../../../shared/email.ts';
import { foldEmail } from '../../../shared/email-address.ts';
import { countOf } from '../../../shared/format.ts';
import { clientKey } from '../../auth/client-key.ts';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordPolicy } from '../../auth/password-policy.ts';
import { destroyUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { getSettings } from '../settings/service.ts';
import { audienceOf } from './notify.ts';
import { enqueueEmail } from './outbox.ts';
import {
  lockResetRequests,
  profileByEmail,
  recordResetRequest,
  replaceResetToken,
  resetRequestCounts,
  useResetToken,
  validResetToken,
} from './repository.ts';
import { templates } from './templates.ts';

/**
 * Password recovery. A request always gets the same answer; an active account gets an e-mail
 * with a single-use link valid RESET_TOKEN_MINUTES (only the token's SHA-256 is stored). Requests
 * are limited per address and per client, counted in the database under a lock so that the
 * limits hold under concurrency and across instances.
 */

const RESET_LOCK_ID = 727_015;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function requestPasswordReset(ctx: AppContext, typed: string, ip: string): Promise<void> {
  // The canonical form (decision record 028): the per-address limit and the lookup use one spelling.
  const email = foldEmail(typed);
  // The per-client limit counts an IPv6 client by its network (issue 27); the log keeps the address.
  const client = clientKey(ip, ctx.config.ipv6LimitPrefix);
  await ctx.db.tx(async (q) => {
    // One request at a time: the counts below and the insert cannot interleave.
    await lockResetRequests(q, RESET_LOCK_ID);
    const counts = await resetRequestCounts(q, email, client, RESET_LIMIT_WINDOW_MINUTES);
    const over: number[] = [];
    if (counts.address >= RESET_LIMIT_PER_ADDRESS) over.push(counts.addressRetry ?? RESET_LIMIT_WINDOW_MINUTES * 60);
    if (counts.client >= RESET_LIMIT_PER_CLIENT) over.push(counts.clientRetry ?? RESET_LIMIT_WINDOW_MINUTES * 60);
    if (over.length > 0) {
      const retry = Math.max(1, ...over);
      throw new HttpError(429, `Too many password reset requests. Try again in ${countOf(Math.ceil(retry / 60), 'minute')}.`, {
        code: 'RATE_LIMITED',
        headers: { 'retry-after': String(retry) },
      });
    }
    // Old requests leave the table once they no longer count.
    await recordResetRequest(q, email.slice(0, 254), client, RESET_LIMIT_WINDOW_MINUTES * 4);

    const user = await profileByEmail(q, email);
    // The token is made either way, so both paths do the same work.
    const token = randomBytes(32).toString('base64url');
    if (!user) return;
    if (user.status !== 'active') {
      await logActivity(q, {
        type: 'password_reset_requested',
        targetUserId: user.id,
        details: { email: user.email, sent: false, reason: `account_${user.status}` },
        ip,
      });
      return;
    }
    // A new link replaces any earlier one that is still unused.
    await replaceResetToken(q, user.id, hashToken(token), RESET_TOKEN_MINUTES, ip);
    const to = audienceOf(await getSettings(q), user);
    await enqueueEmail(q, {
      kind: 'password_reset',
      to: user.email,
      userId: user.id,
      ...templates.passwordReset(to, { name: user.name, token, minutes: RESET_TOKEN_MINUTES }),
    });
    await logActivity(q, { type: 'password_reset_requested', targetUserId: user.id, details: { email: user.email, sent: true }, ip });
  });
}

const validToken = (q: Queryable, token: string, lock: boolean) => validResetToken(q, hashToken(token), lock);

/** Whether a link still works (the reset page asks before showing its form). */
export async function checkResetToken(ctx: AppContext, token: string): Promise<boolean> {
  return Boolean(await validToken(ctx.db, token, false));
}

/** Sets the new password, uses up the link, ends every session of the user and logs it. */
export async function completePasswordReset(ctx: AppContext, token: string, password: string, ip: string): Promise<void> {
  const invalid = () => badRequest(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
  const current = await validToken(ctx.db, token, false);
  if (!current) throw invalid();
  // The new password follows the Security tab's policy, as on sign-up and change-password.
  assertPasswordPolicy(password, (await getSettings(ctx.db)).passwordPolicy, current.email);
  const hash = await hashPassword(password, ctx.config.passwordHashCost);
  await ctx.db.tx(async (q) => {
    // Checked again under the row lock: of two concurrent uses, one wins.
    const row = await validToken(q, token, true);
    if (!row) throw invalid();
    await useResetToken(q, hashToken(token), row.userId, hash);
    await destroyUserSessions(q, row.userId);
    await logActivity(q, {
      type: 'password_reset_completed',
      userId: row.userId,
      targetUserId: row.userId,
      details: { email: row.email, sessionsEnded: true },
      ip,
    });
  });
}
