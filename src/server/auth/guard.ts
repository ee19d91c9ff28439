import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Access, API, type RouteEntry } from '../../shared/api/contract.ts';
import { tokenScopeOf } from '../../shared/api/token-scopes.ts';
import { TOKEN_MESSAGES } from '../../shared/api-tokens.ts';
import { AUTH_ERRORS } from '../../shared/auth.ts';
import type { Db } from '../db/client.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';
import type { AllowList } from './ip-allow-list.ts';
import { requestActor } from './request-actor.ts';
import { SESSION_COOKIE, type SessionCache, type SessionInfo } from './sessions.ts';

/** What the guard needs from the settings on each request (given by app.ts: auth/ does not import modules/). */
export interface RequestPolicy {
  /** Admins may only come from these addresses. */
  adminAllowList(): Promise<AllowList>;
  /** Counts one API request for the user; returns the seconds to wait when over the hourly limit. */
  countApiRequest(userId: string): Promise<{ limit: number; retryAfter: number } | null>;
  /** Records a refused admin request from an address outside the allow-list. */
  logBlockedIp(userId: string, ip: string, url: string): Promise<void>;
  publicUrl: URL | undefined;
  /** The live API token for a Bearer secret, with its user (active) and scopes; null when not valid. */
  resolveToken(secret: string): Promise<TokenCaller | null>;
  /** Records a token's use (time and address), for its owner's token list. */
  touchToken(tokenId: string, ip: string): Promise<void>;
}

/** Who calls with an API token (issue 34): the token's user, as a session's. */
export interface TokenCaller {
  tokenId: string;
  /** The token's name and first characters, named in the activity rows its requests write. */
  tokenName: string;
  tokenHint: string;
  scopes: readonly string[];
  user: SessionInfo['user'];
  /**
   * 'enrol' when the user is an admin without two-factor while the settings require it: a token
   * reaches no more than a session of that user would (which must enrol before anything else).
   */
  secondFactor?: 'enrol' | null;
}

export const IP_NOT_ALLOWED = 'Administrator access is not allowed from your network address. Contact a founder if you need access.';

/** Who may call a route: declared once, in the route table (src/shared/api/contract.ts). */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user must still change a generated or temporary password. */
    duringPasswordChange?: boolean;
    /** A public route that still wants request.session when a cookie is sent (sign-in ends the old one). */
    readsSession?: boolean;
    /** Reachable by a session that still lacks its second step: 'verify', 'enrol' or both. */
    duringSecondFactor?: 'verify' | 'enrol' | 'both';
    /** Not counted against the API rate limit for founders: they can always undo a limit set too low (decision 027). */
    founderAlwaysReaches?: boolean;
    /** Called when the edge refuses the body's text (issue 27), before the 400: a sign-in records its failed attempt. */
    onMalformedInput?: (request: FastifyRequest, fields: Record<string, string>) => Promise<void>;
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

/**
 * The access hook, per request, in this order (each step may refuse):
 *  0. with PUBLIC_URL set, every request (pages too) must name that host;
 *  1. /api routes only (the SPA and its assets are public files), and of those only the routes
 *     that need the steps below;
 *  2. state-changing requests must come from this site (scheme, host and port);
 *  3. the session, from the cookie: resolved only for routes that need it (not public ones,
 *     unless they declare readsSession), through the session cache;
 *  4. a session still waiting for its second factor reaches only the routes of that step;
 *  5. admins only from the IP allow-list; the per-user API rate limit;
 *  6. the route's declared access against the user's role and state.
 */
export function registerAccessControl(app: FastifyInstance, db: Db, sessions: SessionCache, policy: RequestPolicy): void {
  app.decorate('routeTable', []);
  app.decorateRequest('session', null);
  // Every request runs with its own actor store (request-actor.ts): the token step below fills it.
  app.addHook('onRequest', (_request, _reply, done) => requestActor.run({}, done));

  // Step 0: a request naming another host (DNS rebinding, a forged Host) is refused.
  const publicUrl = policy.publicUrl;
  if (publicUrl) {
    const expectedHost = publicUrl.host.toLowerCase();
    app.addHook('onRequest', (request, _reply, done) => {
      const host = (request.headers.host ?? '').toLowerCase();
      if (host !== expectedHost) done(new HttpError(421, 'This server does not answer for that host name', { code: 'UNKNOWN_HOST' }));
      else done();
    });
  }

  /**
   * Step 3 for a request with `Authorization: Bearer <token>` (issue 34, decision 044): the token,
   * not a cookie, says who calls. The route must be one tokens may call (token-scopes.ts) and the
   * token must hold its scope; steps 5 and 6 then apply as to a session. No cookie is read and no
   * CSRF check applies: a browser never sends this header to another site by itself.
   */
  const tokenSession = async (request: FastifyRequest, secret: string): Promise<SessionInfo> => {
    const caller = await policy.resolveToken(secret);
    if (!caller)
      throw new HttpError(401, TOKEN_MESSAGES.invalid, {
        code: 'INVALID_TOKEN',
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      });
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const scope = tokenScopeOf(`${method} ${request.routeOptions.url ?? ''}`);
    if (!scope) throw forbidden(TOKEN_MESSAGES.routeNotAvailable, 'TOKEN_ROUTE');
    if (!caller.scopes.includes(scope)) throw forbidden(TOKEN_MESSAGES.missingScope(scope), 'TOKEN_SCOPE');
    await policy.touchToken(caller.tokenId, request.ip);
    const actor = requestActor.getStore();
    if (actor) actor.apiToken = { id: caller.tokenId, name: caller.tokenName, hint: caller.tokenHint, userId: caller.user.id };
    return { id: `token:${caller.tokenId}`, user: caller.user, secondFactor: caller.secondFactor ?? null };
  };

  /** Steps 2-6 for one request of a route that needs them. */
  const checkAccess = async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const access = config.access;
    const authorization = access === 'public' ? undefined : request.headers.authorization;
    const bearer =
      authorization !== undefined && /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : null;
    // Another scheme (a proxy's Basic authentication) is not ours: the session cookie still counts.

    // State-changing requests from another site are refused (CSRF defence on top of SameSite).
    if (bearer === null && !SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      if (origin !== undefined) {
        // Scheme, host and port must all match (URL.origin drops default ports on both sides).
        let same = false;
        try {
          const expected = publicUrl ? publicUrl.origin : requestOrigin(request);
          same = expected !== null && new URL(origin).origin === expected;
        } catch {
          same = false;
        }
        if (!same) throw forbidden('Cross-site requests are not allowed', 'FOREIGN_ORIGIN');
      } else if (site === 'cross-site') {
        throw forbidden('Cross-site requests are not allowed', 'FOREIGN_ORIGIN');
      }
    }

    if (access === 'public' && !config.readsSession) return;
    if (bearer !== null) request.session = await tokenSession(request, bearer);
    else {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        request.session = await sessions.resolve(db, token);
        if (!request.session) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
    }
    if (access === 'public') return;
    const session = request.session;
    const user = session?.user;
    if (!session || !user) throw unauthorized();
    if (session.secondFactor) {
      const allowed = config.duringSecondFactor === 'both' || config.duringSecondFactor === session.secondFactor;
      if (!allowed)
        throw new HttpError(
          403,
          session.secondFactor === 'enrol' ? 'Set up two-factor authentication to continue' : 'Enter your authentication code to continue',
          { code: session.secondFactor === 'enrol' ? AUTH_ERRORS.secondFactorEnrol : AUTH_ERRORS.secondFactorRequired },
        );
    }
    if (user.role === 'admin') {
      const list = await policy.adminAllowList();
      if (!list.allows(request.ip)) {
        await policy.logBlockedIp(user.id, request.ip, `${request.method} ${request.routeOptions.url ?? request.url}`);
        throw forbidden(IP_NOT_ALLOWED, AUTH_ERRORS.ipNotAllowed);
      }
    }
    const founderEscape = config.founderAlwaysReaches === true && user.role === 'admin' && user.userType === 'founder';
    const over = founderEscape ? null : await policy.countApiRequest(user.id);
    if (over) {
      const minutes = Math.ceil(over.retryAfter / 60);
      throw new HttpError(
        429,
        `API rate limit exceeded (${over.limit} requests per hour). Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
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
    // A founder-only route admits admins here; the service refuses the other types with its own
    // message and an audit record (access-matrix.test.ts checks both).
    if ((access === 'founder' ? 'admin' : access) !== user.role) throw forbidden();
  };

  // The hook is attached to each /api route that needs it (step 1): a public route read with a
  // safe method (health) runs none of it. Unknown paths never reach a route: 404.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api')) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it`);
    const methods = [route.method].flat();
    for (const method of methods) {
      if (method === 'HEAD') continue;
      // Only the route table's routes, with the table's access (decision 033).
      const entry = (API as Record<string, RouteEntry | undefined>)[`${method} ${route.url}`];
      if (!entry) throw new Error(`Route ${method} ${route.url} is not in the route table (src/shared/api/contract.ts)`);
      if (entry.access !== access) throw new Error(`Route ${method} ${route.url} declares ${access}, the route table ${entry.access}`);
      app.routeTable.push({ method, url: route.url, access });
    }
    if (access !== 'public' || route.config?.readsSession || methods.some((m) => !SAFE_METHODS.has(m))) {
      route.onRequest = [...[route.onRequest ?? []].flat(), checkAccess];
    }
  });
}
