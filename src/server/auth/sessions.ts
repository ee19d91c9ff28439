import { createHash, randomBytes } from 'node:crypto';
import type { AppUser } from '../../shared/auth.ts';
import { SESSION_ABSOLUTE_HOURS } from '../../shared/constants.ts';
import type { Queryable } from '../db/client.ts';

export const SESSION_COOKIE = 'sd_session';

/** Sessions renew their idle timer at most once a minute, so reads stay reads. */
const TOUCH_AFTER_MS = 60_000;

export interface SessionInfo {
  id: string;
  user: AppUser;
  /** The step still missing after the password: give a code ('verify') or set up two-factor ('enrol'). */
  secondFactor: 'verify' | 'enrol' | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session and returns the cookie token (only its hash is stored). */
export async function createSession(
  q: Queryable,
  userId: string,
  opts: { idleSeconds: number; ip: string | null; userAgent: string | null; secondFactor?: 'verify' | 'enrol' | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query(
    `INSERT INTO sessions (id, user_id, idle_timeout_seconds, expires_at, ip_address, user_agent, second_factor)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5, $6, $7)`,
    [
      hashToken(token),
      userId,
      opts.idleSeconds,
      SESSION_ABSOLUTE_HOURS,
      opts.ip,
      opts.userAgent?.slice(0, 300) ?? null,
      opts.secondFactor ?? null,
    ],
  );
  return token;
}

interface SessionRow {
  id: string;
  last_seen_at: Date;
  user_id: string;
  email: string;
  name: string;
  role: AppUser['role'];
  admin_user_type: string | null;
  investor_user_type: string | null;
  status: AppUser['status'];
  must_change_password: boolean;
  second_factor: 'verify' | 'enrol' | null;
}

/**
 * Resolves a cookie token to its session and user. Expired sessions, and sessions of a
 * user who is no longer active, are deleted and resolve to null.
 */
export async function resolveSession(q: Queryable, token: string): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const rows = await q.query<SessionRow & { valid: boolean }>(
    `SELECT s.id, s.last_seen_at, p.id AS user_id, p.email, p.name, p.role, p.admin_user_type, p.investor_user_type,
            p.status, c.must_change_password, s.second_factor,
            (s.expires_at > now() AND s.last_seen_at + make_interval(secs => s.idle_timeout_seconds) > now()) AS valid
       FROM sessions s
       JOIN profiles p ON p.id = s.user_id
       JOIN credentials c ON c.user_id = p.id
      WHERE s.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.valid || row.status !== 'active') {
    await q.query('DELETE FROM sessions WHERE id = $1', [id]);
    return null;
  }
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
    await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [id]);
  }
  return {
    id,
    user: {
      id: row.user_id,
      email: row.email,
      name: row.name,
      role: row.role,
      userType: (row.admin_user_type ?? row.investor_user_type) as AppUser['userType'],
      status: row.status,
      mustChangePassword: row.must_change_password,
    },
    secondFactor: row.second_factor,
  };
}

export async function destroySession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

/** Ends every session of a user, or every one but the given session. */
export async function destroyUserSessions(q: Queryable, userId: string, exceptSessionId?: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, exceptSessionId ?? '']);
}

/** The second step is done: the session becomes a full one. */
export async function completeSecondFactor(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE sessions SET second_factor = NULL, last_seen_at = now() WHERE id = $1', [sessionId]);
}
