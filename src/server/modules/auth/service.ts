import { type AppUser, AUTH_ERRORS, TWO_FACTOR_MESSAGES } from '../../../shared/auth.ts';
import type { InvestorUserType } from '../../../shared/constants.ts';
import {
  asksForRealEmail,
  EMAIL_ALREADY_REGISTERED,
  EMAIL_ONLY_AT_FIRST_SIGN_IN,
  EMAIL_PLACEHOLDER_REFUSED,
  foldEmail,
  PLACEHOLDER_ADMIN_EMAIL,
} from '../../../shared/email-address.ts';
import { type AttemptLimits, releaseAttempt, reserveAttempt, settleAttempt } from '../../auth/attempts.ts';
import { IP_NOT_ALLOWED } from '../../auth/guard.ts';
import { forgetBootstrapPassword } from '../../auth/initial-credentials.ts';
import { allowListOf } from '../../auth/ip-allow-list.ts';
import { dummyPasswordHash, HashAbandoned, hashPassword, inNewPasswordSlot, verifyPassword } from '../../auth/password.ts';
import { assertPasswordPolicy } from '../../auth/password-policy.ts';
import { completeSecondFactor, createSession, destroyUserSessions } from '../../auth/sessions.ts';
import { hashRecoveryCode, totpStep } from '../../auth/totp.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { notifySignup } from '../email/notify.ts';
import { readSettings } from '../settings/service.ts';
import { insertUser } from '../users/accounts.ts';
import * as repo from './repository.ts';

/** Self sign-up: always an investor, always pending, whatever the request says. */
export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; name: string; investorType: InvestorUserType },
  ip: string,
): Promise<{ id: string }> {
  const settings = await readSettings(ctx.db);
  assertPasswordPolicy(input.password, settings.passwordPolicy, input.email);
  // A per-client limit on sign-ups (each one costs a full password hash), checked inside the
  // sign-up slot so that a flood reaches the database one request at a time.
  const { attempt, hash } = await inNewPasswordSlot(async (hashOne) => {
    const attempt = await reserveAttempt(
      ctx.db,
      'sign_up',
      { account: null, ip },
      {
        perAccount: null,
        perClient: ctx.config.signUpLimits.perClient,
        windowMinutes: ctx.config.signUpLimits.windowMinutes,
        ipv6Prefix: ctx.config.ipv6LimitPrefix,
        countAll: true,
        message: 'Too many sign-ups from your network. Try again in {minutes}.',
      },
    );
    return { attempt, hash: await hashOne(input.password, ctx.config.passwordHashCost) };
  });
  try {
    return await ctx.db.tx(async (q) => {
      const id = await insertUser(q, {
        email: input.email,
        name: input.name,
        role: 'investor',
        investorUserType: input.investorType,
        status: 'pending',
        passwordHash: hash,
        mustChangePassword: false,
      });
      await logActivity(q, { type: 'user_signup', userId: id, targetUserId: id, details: { email: input.email, role: 'investor' }, ip });
      await notifySignup(q, id);
      await settleAttempt(q, attempt, 'ok');
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('User already registered', AUTH_ERRORS.alreadyRegistered);
    throw err;
  }
}

const loginLimits = (ctx: AppContext, accountSince: Date | null): AttemptLimits => ({
  perAccount: ctx.config.loginLimits.perAccount,
  perClient: ctx.config.loginLimits.perClient,
  windowMinutes: ctx.config.loginLimits.windowMinutes,
  ipv6Prefix: ctx.config.ipv6LimitPrefix,
  accountSince,
  message: 'Too many failed sign-in attempts. Try again in {minutes}.',
});

/**
 * Password step of sign-in. Each attempt reserves a slot of the per-account and per-client
 * limits before the password is checked (so parallel guesses cannot outrun the count); a wrong
 * password keeps it as a failure. A user with two-factor gets a session limited to the code
 * step; an admin without it, while the setting is on, a session limited to enrolment.
 */
export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: { ip: string; userAgent: string | null; signal?: AbortSignal },
): Promise<{ token: string; userId: string; secondFactor: 'verify' | 'enrol' | null }> {
  // One spelling for the lookup and for the limit's key (decision record 028): stored addresses
  // are canonical, so an exact match; a spelling that folds elsewhere matches no account.
  const account = foldEmail(input.email);
  const row = await repo.loginAccount(ctx.db, account);
  const attempt = await reserveAttempt(ctx.db, 'sign_in', { account, ip: meta.ip }, loginLimits(ctx, row?.lastLogin ?? null));
  const settings = await readSettings(ctx.db);
  // An admin outside the IP allow-list is refused before the password is looked at (issue 27):
  // the right and a wrong password get the same 403, counted as a failure either way.
  if (row?.role === 'admin' && !allowListOf(settings.ipWhitelist).allows(meta.ip)) {
    await ctx.db.tx(async (q) => {
      await settleAttempt(q, attempt, 'failed');
      await logActivity(q, { type: 'ip_blocked', userId: row.id, details: { route: 'sign-in', email: row.email }, ip: meta.ip });
    });
    throw new HttpError(403, IP_NOT_ALLOWED, { code: AUTH_ERRORS.ipNotAllowed });
  }
  // An unknown e-mail still costs one hash, so timing does not tell which accounts exist.
  let ok: boolean;
  try {
    ok = row
      ? await verifyPassword(input.password, row.passwordHash, meta.signal)
      : await verifyPassword(input.password, await dummyPasswordHash(ctx.config.passwordHashCost), meta.signal).then(() => false);
  } catch (err) {
    // The client left before its password was checked: nothing was tried, nothing is counted.
    if (!(err instanceof HashAbandoned)) throw err;
    await releaseAttempt(ctx.db, attempt);
    throw new HttpError(400, 'The sign-in was cancelled', { code: 'REQUEST_ABANDONED' });
  }
  if (!row || !ok) {
    await ctx.db.tx(async (q) => {
      await settleAttempt(q, attempt, 'failed');
      await logActivity(q, {
        type: 'user_login_failed',
        targetUserId: row?.id ?? null,
        details: { email: input.email, reason: 'invalid_credentials' },
        ip: meta.ip,
      });
    });
    throw new HttpError(401, 'Invalid login credentials', { code: AUTH_ERRORS.invalidCredentials });
  }
  await settleAttempt(ctx.db, attempt, 'ok');
  if (row.status !== 'active') {
    await logActivity(ctx.db, {
      type: 'user_login_failed',
      targetUserId: row.id,
      details: { email: row.email, reason: `account_${row.status}` },
      ip: meta.ip,
    });
    throw row.status === 'pending'
      ? new HttpError(403, 'Your account is pending approval. Please contact an administrator.', { code: AUTH_ERRORS.pending })
      : new HttpError(403, 'Your account has been suspended. Please contact an administrator.', { code: AUTH_ERRORS.suspended });
  }
  const secondFactor = row.twoFactor ? 'verify' : row.role === 'admin' && settings.twoFactorAuth ? 'enrol' : null;
  const token = await ctx.db.tx(async (q) => {
    if (!secondFactor) {
      await repo.stampLogin(q, row.id);
      await logActivity(q, { type: 'user_login', userId: row.id, details: { email: row.email }, ip: meta.ip });
    }
    return createSession(q, row.id, { idleSeconds: settings.sessionTimeout * 3600, ip: meta.ip, userAgent: meta.userAgent, secondFactor });
  });
  return { token, userId: row.id, secondFactor };
}

/** Finishes a sign-in whose second step (a code, or enrolment) is done. */
export async function completeSignIn(q: Queryable, user: AppUser, sessionId: string, ip: string, method: string): Promise<void> {
  await completeSecondFactor(q, sessionId);
  await repo.stampLogin(q, user.id);
  await logActivity(q, { type: 'user_login', userId: user.id, details: { email: user.email, secondFactor: method }, ip });
}

/**
 * Checks a second-factor code of a user with two-factor on and uses it up: a TOTP code (each time
 * step once) or an unused recovery code. Null when it is wrong (or two-factor is off). Run it in
 * a transaction: the two-factor row is locked so that one code is accepted once.
 */
export async function consumeSecondFactorCode(q: Queryable, userId: string, code: string): Promise<'totp' | 'recovery_code' | null> {
  const tf = await repo.lockEnabledSecondFactor(q, userId);
  if (!tf) return null;
  const clean = code.replace(/\s/g, '');
  const step = totpStep(tf.secret, clean);
  if (step !== null && (tf.lastUsedStep === null || step > tf.lastUsedStep)) {
    await repo.setLastUsedStep(q, userId, step);
    return 'totp';
  }
  if (/^\d{6}$/.test(clean)) return null;
  return (await repo.spendRecoveryCode(q, userId, hashRecoveryCode(clean))) ? 'recovery_code' : null;
}

/**
 * A second-factor code counted against the sign-in limits (so guessing is capped like a
 * password): reserves an attempt, uses the code up, settles the attempt and, in the same
 * transaction, runs `onOk` or logs the failure. Throws 401 with `invalidMessage` when wrong.
 */
async function countedSecondFactor(
  ctx: AppContext,
  user: AppUser,
  code: string,
  ip: string,
  invalidMessage: string,
  onOk: (q: Queryable, method: 'totp' | 'recovery_code') => Promise<void>,
): Promise<void> {
  const since = await repo.lastLogin(ctx.db, user.id);
  const attempt = await reserveAttempt(ctx.db, 'sign_in', { account: foldEmail(user.email), ip }, loginLimits(ctx, since ?? null));
  const ok = await ctx.db.tx((q) => consumeSecondFactorCode(q, user.id, code));
  await ctx.db.tx(async (q) => {
    await settleAttempt(q, attempt, ok ? 'ok' : 'failed');
    if (ok) await onOk(q, ok);
    else
      await logActivity(q, {
        type: 'user_login_failed',
        targetUserId: user.id,
        details: { email: user.email, reason: 'invalid_second_factor' },
        ip,
      });
  });
  if (!ok) throw new HttpError(401, invalidMessage, { code: AUTH_ERRORS.invalidCredentials, fields: { code: invalidMessage } });
}

/** The second step of a sign-in: a TOTP code (each time step once) or an unused recovery code. */
export async function verifySecondFactor(ctx: AppContext, user: AppUser, sessionId: string, code: string, ip: string): Promise<void> {
  await countedSecondFactor(ctx, user, code, ip, TWO_FACTOR_MESSAGES.invalidCode, (q, method) =>
    completeSignIn(q, user, sessionId, ip, method),
  );
}

/**
 * Re-authentication for a sensitive action by a signed-in user with two-factor on (creating an API
 * token): their current code, counted and logged like the second step of a sign-in.
 */
export async function confirmSecondFactor(ctx: AppContext, user: AppUser, code: string, ip: string, invalidMessage: string): Promise<void> {
  await countedSecondFactor(ctx, user, code, ip, invalidMessage, async () => {});
}

export async function changePassword(
  ctx: AppContext,
  user: AppUser,
  sessionId: string,
  input: { currentPassword: string; newPassword: string; email?: string | undefined },
  ip: string,
): Promise<void> {
  const settings = await readSettings(ctx.db);
  // The administrator a new install created without ADMIN_EMAIL sets their real address with
  // their first password (issue 27 item 12); nobody else sets an address here.
  const firstSignIn = asksForRealEmail(user);
  if (input.email !== undefined && !firstSignIn) throw badRequest(EMAIL_ONLY_AT_FIRST_SIGN_IN, { email: EMAIL_ONLY_AT_FIRST_SIGN_IN });
  if (firstSignIn && (input.email === undefined || input.email === PLACEHOLDER_ADMIN_EMAIL))
    throw badRequest(EMAIL_PLACEHOLDER_REFUSED, { email: EMAIL_PLACEHOLDER_REFUSED });
  const newEmail = firstSignIn ? input.email : undefined;
  // The new password's rules first: they cost nothing and spend no attempt.
  if (input.currentPassword === input.newPassword) {
    throw badRequest('Choose a new password that differs from the current one', {
      newPassword: 'Choose a new password that differs from the current one',
    });
  }
  assertPasswordPolicy(input.newPassword, settings.passwordPolicy, newEmail ?? user.email, 'newPassword');
  const attempt = await reserveAttempt(
    ctx.db,
    'change_password',
    { account: user.id, ip },
    {
      perAccount: ctx.config.loginLimits.perAccount,
      perClient: ctx.config.loginLimits.perClient,
      windowMinutes: ctx.config.loginLimits.windowMinutes,
      ipv6Prefix: ctx.config.ipv6LimitPrefix,
      message: 'Too many wrong current passwords. Try again in {minutes}.',
    },
  );
  const passwordHash = await repo.passwordHashOf(ctx.db, user.id);
  if (passwordHash === undefined || !(await verifyPassword(input.currentPassword, passwordHash))) {
    await ctx.db.tx(async (q) => {
      await settleAttempt(q, attempt, 'failed');
      await logActivity(q, {
        type: 'password_change_failed',
        userId: user.id,
        targetUserId: user.id,
        details: { reason: 'wrong_current_password' },
        ip,
      });
    });
    throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  await settleAttempt(ctx.db, attempt, 'ok');
  const hash = await hashPassword(input.newPassword, ctx.config.passwordHashCost);
  try {
    await ctx.db.tx(async (q) => {
      // The address first: taken by another account, nothing is written (409 on the field).
      if (newEmail) {
        await repo.setEmail(q, user.id, newEmail);
        await logActivity(q, {
          type: 'email_changed',
          userId: user.id,
          targetUserId: user.id,
          details: { from: user.email, to: newEmail, at: 'first_sign_in' },
          ip,
        });
      }
      await repo.setOwnPassword(q, user.id, hash);
      await destroyUserSessions(q, user.id, sessionId);
      await logActivity(q, { type: 'password_changed', userId: user.id, targetUserId: user.id, details: {}, ip });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new HttpError(409, EMAIL_ALREADY_REGISTERED, {
        code: AUTH_ERRORS.alreadyRegistered,
        fields: { email: EMAIL_ALREADY_REGISTERED },
      });
    throw err;
  }
  // The generated password in initial-credentials.txt is no longer valid: it leaves the file.
  if (user.role === 'admin') await forgetBootstrapPassword(ctx.config.dataDir, user.email).catch(() => {});
}

/**
 * Saves a user's language and/or digits (issue 16) and returns both as stored; undefined when the
 * profile is gone. One statement: a language change leaves the digits as they are, and the other
 * way round.
 */
export async function saveLanguage(
  q: Queryable,
  userId: string,
  choice: { language?: string | undefined; digits?: string | undefined },
): Promise<Pick<AppUser, 'language' | 'digits'> | undefined> {
  return repo.saveLanguage(q, userId, choice.language ?? null, choice.digits ?? null);
}
