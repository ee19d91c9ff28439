import QRCode from 'qrcode';
import { type AppUser, AUTH_ERRORS, TWO_FACTOR_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '../../../shared/auth.ts';
import { foldEmail } from '../../../shared/email-address.ts';
import { releaseAttempt, reserveAttempt, settleAttempt } from '../../auth/attempts.ts';
import { destroyUserSessions } from '../../auth/sessions.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpFor, totpStep } from '../../auth/totp.ts';
import type { AppContext } from '../../context.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { readSettings } from '../settings/service.ts';
import * as repo from './repository.ts';
import { completeSignIn } from './service.ts';

export async function twoFactorStatus(ctx: AppContext, user: AppUser): Promise<TwoFactorStatus> {
  const settings = await readSettings(ctx.db);
  const row = await repo.secondFactorState(ctx.db, user.id);
  return { enabled: row.enabled, required: user.role === 'admin' && settings.twoFactorAuth, recoveryCodesLeft: row.left };
}

/**
 * How long a pending enrolment holds off the account's other sessions (issue 27): long enough to
 * scan the code and type it, short enough that a closed tab does not block the next sign-in.
 */
export const TWO_FACTOR_PENDING_MINUTES = 10;
export const ENROLMENT_ELSEWHERE =
  'Two-factor set-up is already in progress in another session. Finish it there, or sign out there and start again here.';
export const ENROLMENT_TAKEN_OVER = 'This set-up was replaced by one started in another session. Start again here.';

/**
 * Starts (or restarts) enrolment: a new secret, shown once as a QR code and as text. One pending
 * enrolment per account, tied to the session that started it: another session gets 409 while
 * that session lives and the enrolment is younger than TWO_FACTOR_PENDING_MINUTES.
 */
export async function startEnrolment(ctx: AppContext, user: AppUser, sessionId: string): Promise<TwoFactorSetup> {
  const settings = await readSettings(ctx.db);
  const secret = newTotpSecret();
  await ctx.db.tx(async (q) => {
    // The account's row serialises parallel starts (there may be no two_factor row to lock yet).
    await repo.lockProfile(q, user.id);
    const existing = await repo.lockEnrolment(q, user.id, TWO_FACTOR_PENDING_MINUTES);
    if (existing?.enabledAt) throw conflict('Two-factor authentication is already set up', 'TWO_FACTOR_ENABLED');
    if (existing?.held && existing.pendingSessionId !== sessionId) throw conflict(ENROLMENT_ELSEWHERE, 'TWO_FACTOR_PENDING_ELSEWHERE');
    await repo.startEnrolment(q, user.id, secret, sessionId);
  });
  const otpauthUrl = totpFor(secret, user.email, settings.companyName).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

/**
 * Confirms enrolment with a code from the app, enables two-factor and returns ten recovery
 * codes (shown once; stored hashed). A session that was held at enrolment becomes a full one.
 */
export async function confirmEnrolment(
  ctx: AppContext,
  user: AppUser,
  session: { id: string; secondFactor: 'verify' | 'enrol' | null },
  code: string,
  ip: string,
): Promise<string[]> {
  const attempt = await reserveAttempt(
    ctx.db,
    'sign_in',
    // The stored address is canonical already (decision 028): the same key as the password step's.
    { account: foldEmail(user.email), ip },
    {
      perAccount: ctx.config.loginLimits.perAccount,
      perClient: ctx.config.loginLimits.perClient,
      windowMinutes: ctx.config.loginLimits.windowMinutes,
      ipv6Prefix: ctx.config.ipv6LimitPrefix,
      message: 'Too many wrong codes. Try again in {minutes}.',
    },
  );
  const codes = newRecoveryCodes();
  const ok = await ctx.db
    .tx(async (q) => {
      const tf = await repo.lockTwoFactor(q, user.id);
      if (!tf) throw new HttpError(409, 'Start the set-up first', { code: 'TWO_FACTOR_NOT_STARTED' });
      if (tf.enabledAt) throw conflict('Two-factor authentication is already set up', 'TWO_FACTOR_ENABLED');
      // Only the session that started this enrolment confirms it (issue 27).
      if (tf.pendingSessionId !== session.id) throw conflict(ENROLMENT_TAKEN_OVER, 'TWO_FACTOR_PENDING_ELSEWHERE');
      const step = totpStep(tf.secret, code.replace(/\s/g, ''));
      if (step === null) return false;
      await repo.enableSecondFactor(q, user.id, step, codes.map(hashRecoveryCode));
      await settleAttempt(q, attempt, 'ok');
      await logActivity(q, { type: 'two_factor_enabled', userId: user.id, targetUserId: user.id, details: {}, ip });
      // Other sessions of this user were opened without the second factor: end them.
      await destroyUserSessions(q, user.id, session.id);
      if (session.secondFactor === 'enrol') await completeSignIn(q, user, session.id, ip, 'enrolment');
      return true;
    })
    .catch(async (err: unknown) => {
      // A refusal that checked no code spends no attempt.
      if (err instanceof HttpError) await releaseAttempt(ctx.db, attempt);
      throw err;
    });
  if (!ok) {
    await settleAttempt(ctx.db, attempt, 'failed');
    await logActivity(ctx.db, {
      type: 'user_login_failed',
      targetUserId: user.id,
      details: { email: user.email, reason: 'invalid_second_factor' },
      ip,
    });
    throw new HttpError(400, TWO_FACTOR_MESSAGES.invalidCode, {
      code: AUTH_ERRORS.invalidCredentials,
      fields: { code: TWO_FACTOR_MESSAGES.invalidCode },
    });
  }
  return codes;
}
