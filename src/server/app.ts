import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { registerAccessControl } from './auth/guard.ts';
import { setHashConcurrency } from './auth/password.ts';
import type { AppContext } from './context.ts';
import { errorHandler } from './http/errors.ts';
import { registerSpa } from './http/spa.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { complianceRoutes } from './modules/compliance/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { dealRoutes } from './modules/deals/routes.ts';
import { distributionRoutes } from './modules/distributions/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { requestPolicy } from './modules/security/policy.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { getSettings } from './modules/settings/service.ts';
import { spvRoutes } from './modules/spvs/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { waterfallRoutes } from './modules/waterfall/routes.ts';

export const DEFAULT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the built SPA lives; null serves the API only (API tests). */
  webDir?: string | null;
}

const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  setHashConcurrency(ctx.config.passwordHashConcurrency);
  const app = Fastify({
    logger: opts.logger ?? false,
    // A hop count trusts that many proxies nearest the server; the client is the rightmost
    // X-Forwarded-For entry beyond them (entries further left are the client's own words).
    trustProxy: typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request (below) instead of Fastify's two: half the logging cost.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url, ip: request.ip },
        res: { statusCode: reply.statusCode },
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });

  app.setErrorHandler(errorHandler);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true, preservePath: true, limits: { fileSize: ctx.config.maxUploadBytes } });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix injects <style> elements (scroll locking); scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only means something over HTTPS; it is added below when the request came that way.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  registerAccessControl(app, ctx.db, requestPolicy(ctx));
  await healthRoutes(app, ctx);
  await authRoutes(app, ctx);
  await dealRoutes(app, ctx);
  await spvRoutes(app, ctx);
  await documentRoutes(app, ctx);
  await userRoutes(app, ctx);
  await activityRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await settingsRoutes(app, ctx);
  await kycRoutes(app, ctx);
  await complianceRoutes(app, ctx);
  await subscriptionRoutes(app, ctx);
  await waterfallRoutes(app, ctx);
  await distributionRoutes(app, ctx);
  await ledgerRoutes(app, ctx);
  await messageRoutes(app, ctx);
  await portalRoutes(app, ctx);
  await emailRoutes(app, ctx);

  const webDir = opts.webDir === undefined ? (ctx.config.webDir ?? DEFAULT_WEB_DIR) : opts.webDir;
  if (webDir) await registerSpa(app, webDir, async () => (await getSettings(ctx.db)).companyName);
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  return app;
}
