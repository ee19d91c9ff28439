import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_ERRORS } from '../../shared/auth.ts';
import type { Db } from '../db/client.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';
import type { AllowList } from './ip-allow-list.ts';
import { resolveSession, SESSION_COOKIE, type SessionInfo } from './sessions.ts';

/** What the guard needs from the settings on each request (given by app.ts: auth/ does not import modules/). */
export interface RequestPolicy {
  /** Admins may only come from these addresses. */
  adminAllowList(): Promise<AllowList>;
  /** Counts one API request for the user; returns the seconds to wait when over the hourly limit. */
  countApiRequest(userId: string): Promise<{ limit: number; retryAfter: number } | null>;
  /** Records a refused admin request from an address outside the allow-list. */
  logBlockedIp(userId: string, ip: string, url: string): Promise<void>;
  publicUrl: URL | undefined;
}

export const IP_NOT_ALLOWED = 'Administrator access is not allowed from your network address. Contact a founder if you need access.';

/**
 * Who may call a route. Every API route declares one next to its path; a route without
 * it cannot even be registered, and the check below denies anything it does not know.
 *  - public: anyone
 *  - user: any signed-in, active user
 *  - admin / investor: a signed-in, active user of that role
 */
export type Access = 'public' | 'user' | 'admin' | 'investor';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user must still change a generated or temporary password. */
    duringPasswordChange?: boolean;
    /** Reachable by a session that still lacks its second step: 'verify', 'enrol' or both. */
    duringSecondFactor?: 'verify' | 'enrol' | 'both';
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyInstance {
    routeTable: { method: string; url: string; access: Access }[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user of a route whose access is not public. */
export function currentUser(request: FastifyRequest): SessionInfo['user'] {
  if (!request.session) throw unauthorized();
  return request.session.user;
}

/** The origin the client used: scheme from the request (X-Forwarded-Proto only behind a trusted proxy), host from Host. */
function requestOrigin(request: FastifyRequest): string | null {
  const host = request.headers.host;
  if (!host) return null;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

export function registerAccessControl(app: FastifyInstance, db: Db, policy: RequestPolicy): void {
  app.decorate('routeTable', []);
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api')) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // With PUBLIC_URL set, a request naming another host (DNS rebinding, a forged Host) is refused.
    if (policy.publicUrl) {
      const host = (request.headers.host ?? '').toLowerCase();
      if (host !== policy.publicUrl.host.toLowerCase())
        throw new HttpError(421, 'This server does not answer for that host name', { code: 'UNKNOWN_HOST' });
    }
    if (!request.url.startsWith('/api')) return;

    // State-changing requests from another site are refused (CSRF defence on top of SameSite).
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      if (origin !== undefined) {
        // Scheme, host and port must all match (URL.origin drops default ports on both sides).
        let same = false;
        try {
          const expected = policy.publicUrl ? policy.publicUrl.origin : requestOrigin(request);
          same = expected !== null && new URL(origin).origin === expected;
        } catch {
          same = false;
        }
        if (!same) throw forbidden('Cross-site requests are not allowed', 'FOREIGN_ORIGIN');
      } else if (site === 'cross-site') {
        throw forbidden('Cross-site requests are not allowed', 'FOREIGN_ORIGIN');
      }
    }

    const access = request.routeOptions.config?.access;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.session = await resolveSession(db, token);
      if (!request.session) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    if (access === 'public') return;
    // Unknown routes (404) fall through to the not-found handler; undeclared ones are denied.
    if (access === undefined) {
      if (request.is404) return;
      throw forbidden();
    }
    const session = request.session;
    const user = session?.user;
    if (!session || !user) throw unauthorized();
    const config = request.routeOptions.config;
    if (session.secondFactor) {
      const allowed = config.duringSecondFactor === 'both' || config.duringSecondFactor === session.secondFactor;
      if (!allowed)
        throw new HttpError(
          403,
          session.secondFactor === 'enrol' ? 'Set up two-factor authentication to continue' : 'Enter your authentication code to continue',
          {
            code: session.secondFactor === 'enrol' ? AUTH_ERRORS.secondFactorEnrol : AUTH_ERRORS.secondFactorRequired,
          },
        );
    }
    if (user.role === 'admin') {
      const list = await policy.adminAllowList();
      if (!list.allows(request.ip)) {
        await policy.logBlockedIp(user.id, request.ip, `${request.method} ${request.routeOptions.url ?? request.url}`);
        throw forbidden(IP_NOT_ALLOWED, AUTH_ERRORS.ipNotAllowed);
      }
    }
    const over = await policy.countApiRequest(user.id);
    if (over) {
      throw new HttpError(
        429,
        `API rate limit exceeded (${over.limit} requests per hour). Try again in ${Math.ceil(over.retryAfter / 60)} ${Math.ceil(over.retryAfter / 60) === 1 ? 'minute' : 'minutes'}.`,
        {
          code: AUTH_ERRORS.apiRateLimited,
          headers: { 'retry-after': String(over.retryAfter) },
        },
      );
    }
    if (!session.secondFactor && user.mustChangePassword && !config.duringPasswordChange) {
      throw new HttpError(403, 'You must change your password before continuing', { code: AUTH_ERRORS.passwordChangeRequired });
    }
    if (access === 'user') return;
    if (access !== user.role) throw forbidden();
  });
}
