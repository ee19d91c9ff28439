import { type AppUser, AUTH_ERRORS } from '../../../shared/auth.ts';
import type { InvestorUserType } from '../../../shared/constants.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/password.ts';
import { createSession, destroyUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { one } from '../../db/client.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { forgetBootstrapPassword } from '../../seed/bootstrap.ts';
import { logActivity } from '../activity/service.ts';
import { notifySignup } from '../email/notify.ts';
import { readSettings } from '../settings/service.ts';
import { insertUser } from '../users/accounts.ts';

export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/** Self sign-up: always an investor, always pending, whatever the request says. */
export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; name: string; investorType: InvestorUserType },
  ip: string,
): Promise<{ id: string }> {
  const hash = await hashPassword(input.password, ctx.config.passwordHashCost);
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
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('User already registered', AUTH_ERRORS.alreadyRegistered);
    throw err;
  }
}

interface LoginRow {
  id: string;
  email: string;
  status: AppUser['status'];
  password_hash: string;
  last_login: Date | null;
}

/** Refuses with 429 when an account or a client has failed too often within the window. */
async function checkLoginLimits(ctx: AppContext, email: string, ip: string): Promise<void> {
  const { perAccount, perClient, windowMinutes } = ctx.config.loginLimits;
  const rows = await ctx.db.query<{ account: number; client: number; account_retry: number | null; client_retry: number | null }>(
    `WITH since AS (
       SELECT greatest(now() - make_interval(mins => $3),
                       coalesce((SELECT last_login FROM profiles WHERE lower(email) = lower($1)), '-infinity')) AS account_since,
              now() - make_interval(mins => $3) AS client_since
     ), f AS (
       SELECT created_at, ip_address, lower(details ->> 'email') AS email FROM activity_logs
        WHERE activity_type = 'user_login_failed' AND details ->> 'reason' = 'invalid_credentials'
          AND created_at > now() - make_interval(mins => $3)
          AND (lower(details ->> 'email') = lower($1) OR ip_address = $2)
     )
     SELECT count(*) FILTER (WHERE f.email = lower($1) AND f.created_at > s.account_since)::int AS account,
            count(*) FILTER (WHERE f.ip_address = $2)::int AS client,
            ceil(extract(epoch FROM min(f.created_at) FILTER (WHERE f.email = lower($1) AND f.created_at > s.account_since)
                 + make_interval(mins => $3) - now()))::int AS account_retry,
            ceil(extract(epoch FROM min(f.created_at) FILTER (WHERE f.ip_address = $2) + make_interval(mins => $3) - now()))::int AS client_retry
       FROM since s LEFT JOIN f ON true
      GROUP BY s.account_since`,
    [email, ip, windowMinutes],
  );
  const r = rows[0];
  if (!r) return;
  const over: number[] = [];
  if (r.account >= perAccount) over.push(r.account_retry ?? windowMinutes * 60);
  if (r.client >= perClient) over.push(r.client_retry ?? windowMinutes * 60);
  if (over.length > 0) {
    const retry = Math.max(1, ...over);
    const minutes = Math.ceil(retry / 60);
    throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
      code: AUTH_ERRORS.rateLimited,
      headers: { 'retry-after': String(retry) },
    });
  }
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: { ip: string; userAgent: string | null },
): Promise<{ token: string; userId: string }> {
  await checkLoginLimits(ctx, input.email, meta.ip);
  const row = await one<LoginRow>(
    ctx.db,
    `SELECT p.id, p.email, p.status, p.last_login, c.password_hash
       FROM profiles p JOIN credentials c ON c.user_id = p.id WHERE lower(p.email) = lower($1)`,
    [input.email],
  );
  // An unknown e-mail still costs one hash, so timing does not tell which accounts exist.
  const ok = row
    ? await verifyPassword(input.password, row.password_hash)
    : await verifyPassword(input.password, await dummyPasswordHash(ctx.config.passwordHashCost)).then(() => false);
  if (!row || !ok) {
    await logActivity(ctx.db, {
      type: 'user_login_failed',
      targetUserId: row?.id ?? null,
      details: { email: input.email, reason: 'invalid_credentials' },
      ip: meta.ip,
    });
    throw new HttpError(401, 'Invalid login credentials', { code: AUTH_ERRORS.invalidCredentials });
  }
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
  const settings = await readSettings(ctx.db);
  const token = await ctx.db.tx(async (q) => {
    await q.query('UPDATE profiles SET last_login = now() WHERE id = $1', [row.id]);
    await logActivity(q, { type: 'user_login', userId: row.id, details: { email: row.email }, ip: meta.ip });
    return createSession(q, row.id, { idleSeconds: settings.sessionTimeout * 3600, ip: meta.ip, userAgent: meta.userAgent });
  });
  return { token, userId: row.id };
}

export async function changePassword(
  ctx: AppContext,
  user: AppUser,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  const row = await one<{ password_hash: string }>(ctx.db, 'SELECT password_hash FROM credentials WHERE user_id = $1', [user.id]);
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('Choose a new password that differs from the current one', {
      newPassword: 'Choose a new password that differs from the current one',
    });
  }
  const hash = await hashPassword(input.newPassword, ctx.config.passwordHashCost);
  await ctx.db.tx(async (q) => {
    await q.query(
      'UPDATE credentials SET password_hash = $2, must_change_password = false, password_changed_at = now() WHERE user_id = $1',
      [user.id, hash],
    );
    await destroyUserSessions(q, user.id, sessionId);
    await logActivity(q, { type: 'password_changed', userId: user.id, targetUserId: user.id, details: {}, ip });
  });
  // The generated password in initial-credentials.txt is no longer valid: it leaves the file.
  if (user.role === 'admin') await forgetBootstrapPassword(ctx.config.dataDir, user.email).catch(() => {});
}
