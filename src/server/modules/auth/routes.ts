import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_HOURS } from '../../../shared/constants.ts';
import { FORGOT_PASSWORD_ANSWER, PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '../../../shared/email.ts';
import { EMAIL_CHANGE_DONE } from '../../../shared/email-address.ts';
import { PASSWORD_POLICY_MIN_LENGTH, type PasswordPolicyInfo } from '../../../shared/password-policy.ts';
import { currentUser } from '../../auth/guard.ts';
import { destroySession, resolveSession, SESSION_COOKIE } from '../../auth/sessions.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { abandonedSignal } from '../../http/abandoned.ts';
import { badRequest, conflict, unauthorized } from '../../http/errors.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { logActivity } from '../activity/service.ts';
import { checkResetToken, completePasswordReset, requestPasswordReset } from '../email/recovery.ts';
import { queueScreenInvestor } from '../screening/jobs.ts';
import { readSettings } from '../settings/service.ts';
import { confirmEmailChange } from '../users/email-change.ts';
import { changePassword, saveLanguage, signIn, signUp, verifySecondFactor } from './service.ts';
import { confirmEnrolment, startEnrolment, twoFactorStatus } from './two-factor.ts';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_ABSOLUTE_HOURS * 3600,
  });
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  route.post('/api/auth/sign-up', async (request, reply) => {
    const input = request.body;
    const { id } = await signUp(ctx, input, clientIp(request));
    // Sanctions and PEP screening at sign-up, after the answer (issue 31, decision 038).
    await queueScreenInvestor(ctx, id);
    return reply.status(201).send({ message: 'Account created. It is pending approval from an administrator.' });
  });

  // A body the edge refuses (issue 27) is still a failed sign-in in the activity log.
  const auditMalformedSignIn = async (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | null)?.email;
    await logActivity(ctx.db, {
      type: 'user_login_failed',
      details: { email: typeof email === 'string' ? email.slice(0, 254) : null, reason: 'malformed_input' },
      ip: clientIp(request),
    });
  };

  route.post('/api/auth/sign-in', { config: { readsSession: true, onMalformedInput: auditMalformedSignIn } }, async (request, reply) => {
    const input = request.body;
    const { token, secondFactor } = await signIn(ctx, input, {
      ip: clientIp(request),
      userAgent: request.headers['user-agent'] ?? null,
      signal: abandonedSignal(reply),
    });
    // A new session id at every sign-in: the session the browser held before is ended.
    if (request.session) {
      await destroySession(ctx.db, request.session.id);
      await invalidationsOf(ctx.db)?.sync();
    }
    setSessionCookie(request, reply, token);
    const session = await resolveSession(ctx.db, token);
    // Suspended or deleted between the password check and now: the new session is already gone.
    if (!session) throw unauthorized();
    return { user: session.user, secondFactor };
  });

  // The link a founder's change of an admin's address sent to the new address (decision record 028).
  // The account's other sessions end; the one that confirms, if it is the account's own, stays.
  route.post('/api/auth/confirm-email', { config: { readsSession: true } }, async (request) => {
    const { token } = request.body;
    const email = await confirmEmailChange(ctx, token, clientIp(request), request.session?.id);
    // Cached sessions of the user pick up the new address before the answer goes out.
    await invalidationsOf(ctx.db)?.sync();
    return { message: EMAIL_CHANGE_DONE, email };
  });

  // The password policy the forms announce before submitting (sign-up is public).
  route.get('/api/auth/password-policy', async (): Promise<PasswordPolicyInfo> => {
    const { passwordPolicy } = await readSettings(ctx.db);
    return { policy: passwordPolicy, minLength: PASSWORD_POLICY_MIN_LENGTH[passwordPolicy] };
  });

  // The second step of a sign-in is never held back by the API rate limit for a founder (decision
  // 027): with two-factor on and the limit set to 1 an hour, the founder must still get in and
  // raise it. Wrong codes are counted by the sign-in limits, not by this one.
  const secondStep = { duringPasswordChange: true, founderAlwaysReaches: true };

  route.post('/api/auth/two-factor/verify', { config: { ...secondStep, duringSecondFactor: 'verify' } }, async (request) => {
    const { code } = request.body;
    const session = request.session;
    if (!session) throw new Error('unreachable: access user');
    if (session.secondFactor !== 'verify') throw conflict('No authentication code is expected for this session', 'NO_SECOND_STEP');
    await verifySecondFactor(ctx, session.user, session.id, code, clientIp(request));
    return { user: session.user, secondFactor: null };
  });

  route.get('/api/auth/two-factor', { config: { ...secondStep, duringSecondFactor: 'enrol' } }, async (request) =>
    twoFactorStatus(ctx, currentUser(request)),
  );

  route.post('/api/auth/two-factor/setup', { config: { ...secondStep, duringSecondFactor: 'enrol' } }, async (request) => {
    const session = request.session;
    if (!session) throw new Error('unreachable: access user');
    return startEnrolment(ctx, session.user, session.id);
  });

  route.post('/api/auth/two-factor/confirm', { config: { ...secondStep, duringSecondFactor: 'enrol' } }, async (request) => {
    const { code } = request.body;
    const session = request.session;
    if (!session) throw new Error('unreachable: access user');
    const recoveryCodes = await confirmEnrolment(ctx, session.user, session, code, clientIp(request));
    // The user's other sessions ended: answer once every instance has dropped them.
    await invalidationsOf(ctx.db)?.sync();
    return { recoveryCodes };
  });

  route.post('/api/auth/sign-out', { config: { duringPasswordChange: true, duringSecondFactor: 'both' } }, async (request, reply) => {
    const session = request.session;
    if (session) {
      await ctx.db.tx(async (q) => {
        await destroySession(q, session.id);
        await logActivity(q, { type: 'user_logout', userId: session.user.id, details: {}, ip: clientIp(request) });
      });
    }
    // Answer once every instance has been told (their session caches drop it).
    await invalidationsOf(ctx.db)?.sync();
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'Signed out' };
  });

  route.get('/api/auth/session', { config: { duringPasswordChange: true, duringSecondFactor: 'both' } }, async (request) => {
    return { user: currentUser(request), secondFactor: request.session?.secondFactor ?? null };
  });

  // Who is signed in, if anyone: what the web app asks on every page load. Answers 200 with
  // user null when nobody is (a 401 here would put an error in the console of every anonymous
  // visit); GET /api/auth/session keeps answering 401 without a session.
  route.get('/api/auth/me', { config: { readsSession: true } }, async (request) => ({
    user: request.session?.user ?? null,
    secondFactor: request.session?.secondFactor ?? null,
  }));

  route.post('/api/auth/change-password', { config: { duringPasswordChange: true } }, async (request) => {
    const input = request.body;
    const session = request.session;
    if (!session) throw new Error('unreachable: access user');
    await changePassword(ctx, session.user, session.id, input, clientIp(request));
    await invalidationsOf(ctx.db)?.sync();
    return { message: 'Password changed' };
  });

  // The signed-in user's own language (issue 16): kept on the account, any page of the app.
  route.put('/api/auth/language', { config: { duringPasswordChange: true, duringSecondFactor: 'both' } }, async (request) => {
    const { language, digits } = request.body;
    const user = currentUser(request);
    const saved = await saveLanguage(ctx.db, user.id, { language, digits });
    if (!saved) throw new Error('unreachable: the signed-in user has a profile');
    // Cached sessions of this user drop the old choice before the answer goes out.
    await invalidationsOf(ctx.db)?.sync();
    return { language: saved.language, digits: saved.digits };
  });

  // Password recovery: the reset e-mail's link and the new password (the e-mail module sends it).
  route.post('/api/auth/forgot-password', async (request) => {
    const { email } = request.body;
    await requestPasswordReset(ctx, email, clientIp(request));
    return { message: FORGOT_PASSWORD_ANSWER };
  });

  route.post('/api/auth/reset-password/check', async (request) => {
    const { token } = request.body;
    if (!(await checkResetToken(ctx, token))) throw badRequest(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    return { valid: true as const };
  });

  route.post('/api/auth/reset-password', async (request) => {
    const { token, password } = request.body;
    await completePasswordReset(ctx, token, password, clientIp(request));
    // The user's other sessions are gone on every instance before the answer (decision 015).
    await invalidationsOf(ctx.db)?.sync();
    return { message: PASSWORD_RESET_DONE };
  });
}
