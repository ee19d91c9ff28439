import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ERRORS } from '../../shared/auth.ts';
import type { Db } from '../db/client.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';
import { SESSION_COOKIE, type SessionCache, type SessionInfo } from './sessions.ts';

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
    /** A public route that still wants request.session when a cookie is sent (sign-in ends the old one). */
    readsSession?: boolean;
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

/**
 * The access hook, per request, in this order (each step may refuse):
 *  1. /api routes only (the SPA and its assets are public files), and of those only the routes
 *     that need the steps below;
 *  2. state-changing requests must come from this site;
 *  3. the session, from the cookie: resolved only for routes that need it (not public ones,
 *     unless they declare readsSession), through the session cache;
 *  4. the route's declared access against the user's role and state.
 * Further checks on the signed-in user (rate limits, address allow-lists) go after step 4.
 */
export function registerAccessControl(app: FastifyInstance, db: Db, sessions: SessionCache): void {
  app.decorate('routeTable', []);
  app.decorateRequest('session', null);

  /** Steps 2-4 for one request of a route that needs them. */
  const checkAccess = async (request: FastifyRequest, reply: FastifyReply) => {
    // State-changing requests from another site are refused (CSRF defence on top of SameSite).
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      if (origin !== undefined) {
        // Compare host:port with default ports normalised on both sides ('localhost' equals 'localhost:80' over http).
        let sameHost = false;
        try {
          const o = new URL(origin);
          const host = request.headers.host;
          sameHost = host !== undefined && o.host === new URL(`${o.protocol}//${host}`).host;
        } catch {
          sameHost = false;
        }
        if (!sameHost) throw forbidden('Cross-site requests are not allowed', 'FOREIGN_ORIGIN');
      } else if (site === 'cross-site') {
        throw forbidden('Cross-site requests are not allowed', 'FOREIGN_ORIGIN');
      }
    }

    const config = request.routeOptions.config;
    const access = config.access;
    if (access === 'public' && !config.readsSession) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.session = await sessions.resolve(db, token);
      if (!request.session) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    if (access === 'public') return;
    const user = request.session?.user;
    if (!user) throw unauthorized();
    if (user.mustChangePassword && !config.duringPasswordChange) {
      throw new HttpError(403, 'You must change your password before continuing', { code: AUTH_ERRORS.passwordChangeRequired });
    }
    if (access === 'user') return;
    if (access !== user.role) throw forbidden();
  };

  // The hook is attached to each /api route that needs it (step 1): a public route read with a
  // safe method (health) runs none of it. Unknown paths never reach a route: 404.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api')) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it`);
    const methods = [route.method].flat();
    for (const method of methods) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
    }
    if (access !== 'public' || route.config?.readsSession || methods.some((m) => !SAFE_METHODS.has(m))) {
      route.onRequest = [...[route.onRequest ?? []].flat(), checkAccess];
    }
  });
}
