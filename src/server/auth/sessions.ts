import { createHash, randomBytes } from 'node:crypto';
import type { AppUser } from '../../shared/auth.ts';
import { SESSION_ABSOLUTE_HOURS } from '../../shared/constants.ts';
import type { Queryable } from '../db/client.ts';
import type { Invalidations } from '../db/invalidation.ts';
import { sql } from '../db/sql.ts';

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
  expires_at: Date;
  idle_timeout_seconds: number;
  user_id: string;
  email: string;
  name: string;
  role: AppUser['role'];
  admin_user_type: string | null;
  investor_user_type: string | null;
  status: AppUser['status'];
  must_change_password: boolean;
  language: AppUser['language'];
  digits: AppUser['digits'];
  second_factor: 'verify' | 'enrol' | null;
}

/** The session lookup: one row by primary key. */
const SESSION_SQL = `SELECT s.id, s.last_seen_at, s.expires_at, s.idle_timeout_seconds, p.id AS user_id, p.email, p.name, p.role,
            p.admin_user_type, p.investor_user_type, p.status, c.must_change_password, p.language, p.digits, s.second_factor,
            (s.expires_at > now() AND s.last_seen_at + make_interval(secs => s.idle_timeout_seconds) > now()) AS valid
       FROM sessions s
       JOIN profiles p ON p.id = s.user_id
       JOIN credentials c ON c.user_id = p.id
      WHERE s.id = $1`;
const sessionById = sql<SessionRow & { valid: boolean }, [id: string]>(SESSION_SQL);

/**
 * The session's row by its id, as stored (not renewed, not cached), with `valid` saying whether it
 * is within its idle and absolute limits. The benchmark's baseline runs this same statement.
 */
export const sessionRow = (q: Queryable, id: string): Promise<(SessionRow & { valid: boolean }) | undefined> => sessionById.first(q, [id]);

export const sessionId = hashToken;

/**
 * Resolved sessions kept in memory (decision 015), trusted only while the database's
 * invalidations are heard (Invalidations.up): migration 021's triggers announce every deleted
 * session and every change to a user's status, role, names or password, and the entry goes at
 * once. An entry also lives at most until its idle timer is due for renewal (once a minute), when
 * the full lookup runs again and renews it, and never past the session's expiry.
 */
export class SessionCache {
  private readonly entries = new Map<string, { info: SessionInfo; lastSeenMs: number; validUntilMs: number }>();

  constructor(private readonly inv: Invalidations) {
    inv.subscribe((payload) => {
      if (payload === null) this.entries.clear();
      else if (payload.startsWith('s:')) this.entries.delete(payload.slice(2));
      else if (payload.startsWith('u:')) {
        const userId = payload.slice(2);
        for (const [id, e] of this.entries) if (e.info.user.id === userId) this.entries.delete(id);
      }
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The session for a cookie token: from memory when that is safe, otherwise from the database (and remembered). */
  async resolve(q: Queryable, token: string): Promise<SessionInfo | null> {
    if (!token || token.length > 100) return null;
    const id = hashToken(token);
    const now = Date.now();
    const hit = this.inv.up ? this.entries.get(id) : undefined;
    if (hit && now < hit.validUntilMs && now - hit.lastSeenMs <= TOUCH_AFTER_MS) return hit.info;
    if (hit) this.entries.delete(id);
    const generation = this.inv.generation;
    const found = await lookup(q, id);
    if (!found) return null;
    // Cached only if no invalidation arrived while the row was read (it may predate a sign-out),
    // and only once signed in fully: a session waiting for its second factor changes state
    // when the code is given, so it is read from the database on every request until then.
    if (this.inv.up && this.inv.generation === generation && !found.info.secondFactor) {
      if (this.entries.size >= 100_000) this.entries.clear();
      this.entries.set(id, { info: found.info, lastSeenMs: found.lastSeenMs, validUntilMs: found.validUntilMs });
    }
    return found.info;
  }
}

/**
 * Resolves a cookie token to its session and user. Expired sessions, and sessions of a
 * user who is no longer active, are deleted and resolve to null.
 */
export async function resolveSession(q: Queryable, token: string): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  return (await lookup(q, hashToken(token)))?.info ?? null;
}

async function lookup(q: Queryable, id: string): Promise<{ info: SessionInfo; lastSeenMs: number; validUntilMs: number } | null> {
  const row = await sessionById.first(q, [id]);
  if (!row) return null;
  if (!row.valid || row.status !== 'active') {
    await q.query('DELETE FROM sessions WHERE id = $1', [id]);
    return null;
  }
  let lastSeenMs = new Date(row.last_seen_at).getTime();
  if (Date.now() - lastSeenMs > TOUCH_AFTER_MS) {
    await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [id]);
    lastSeenMs = Date.now();
  }
  return {
    info: {
      id,
      user: {
        id: row.user_id,
        email: row.email,
        name: row.name,
        role: row.role,
        userType: (row.admin_user_type ?? row.investor_user_type) as AppUser['userType'],
        status: row.status,
        mustChangePassword: row.must_change_password,
        language: row.language,
        digits: row.digits,
      },
      secondFactor: row.second_factor,
    },
    lastSeenMs,
    validUntilMs: Math.min(new Date(row.expires_at).getTime(), lastSeenMs + row.idle_timeout_seconds * 1000),
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
