import { createHash, randomBytes } from 'node:crypto';
import type { AppUser } from '../../shared/auth.ts';
import { SESSION_ABSOLUTE_HOURS } from '../../shared/constants.ts';
import type { Queryable } from '../db/client.ts';
import type { Invalidations } from '../db/invalidation.ts';
import { deleteSession, deleteUserSessions, insertSession, sessionById, touchSession } from './repository.ts';

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
  await insertSession(q, {
    id: hashToken(token),
    userId,
    idleTimeoutSeconds: opts.idleSeconds,
    absoluteHours: SESSION_ABSOLUTE_HOURS,
    ipAddress: opts.ip,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    secondFactor: opts.secondFactor ?? null,
  });
  return token;
}

/**
 * The session's row by its id, as stored (not renewed, not cached), with `valid` saying whether it
 * is within its idle and absolute limits. The benchmark's baseline runs this same statement.
 */
export const sessionRow = sessionById;

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
  const row = await sessionById(q, id);
  if (!row) return null;
  if (!row.valid || row.status !== 'active') {
    await deleteSession(q, id);
    return null;
  }
  let lastSeenMs = new Date(row.last_seen_at).getTime();
  if (Date.now() - lastSeenMs > TOUCH_AFTER_MS) {
    await touchSession(q, id);
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
  await deleteSession(q, sessionId);
}

/** Ends every session of a user, or every one but the given session. */
export async function destroyUserSessions(q: Queryable, userId: string, exceptSessionId?: string): Promise<void> {
  await deleteUserSessions(q, userId, exceptSessionId ?? '');
}

/** The second step is done: the session becomes a full one. */
export async function completeSecondFactor(q: Queryable, sessionId: string): Promise<void> {
  await touchSession(q, sessionId, true);
}
