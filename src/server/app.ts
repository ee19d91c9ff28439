import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { jobOutcome } from '../shared/jobs.ts';
import { companyZone } from '../shared/settings.ts';
import { registerAccessControl } from './auth/guard.ts';
import { setHashConcurrency } from './auth/password.ts';
import { SessionCache } from './auth/sessions.ts';
import type { AppContext } from './context.ts';
import { dbPriority } from './db/client.ts';
import { watchInvalidations } from './db/invalidation.ts';
import { errorHandler, malformedText } from './http/errors.ts';
import { createFastify, registerPlugins } from './http/plugins.ts';
import { registerSpa } from './http/spa.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { touchToken } from './modules/api-tokens/repository.ts';
import { apiTokenRoutes } from './modules/api-tokens/routes.ts';
import { resolveToken } from './modules/api-tokens/service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { complianceRoutes } from './modules/compliance/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { dealRoutes } from './modules/deals/routes.ts';
import { distributionRoutes } from './modules/distributions/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { evidenceRoutes } from './modules/evidence/routes.ts';
import { evidencePackJob } from './modules/evidence/service.ts';
import { feedRoutes } from './modules/feeds/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { JobRunner } from './modules/jobs/runner.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';
import { statementRunJob } from './modules/ledger/statement-runs.ts';
import { legalHoldRoutes } from './modules/legal-holds/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { openApiRoutes } from './modules/openapi/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { recordsRoutes } from './modules/records/routes.ts';
import { retentionRoutes } from './modules/retention/routes.ts';
import { riskRoutes } from './modules/risk/routes.ts';
import { rescreenJob, screenInvestorJob } from './modules/screening/jobs.ts';
import { screeningRoutes } from './modules/screening/routes.ts';
import { requestPolicy } from './modules/security/policy.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { readSettings } from './modules/settings/service.ts';
import { signingRoutes } from './modules/signing/routes.ts';
import { spvRoutes } from './modules/spvs/routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { taxRoutes } from './modules/tax/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { waterfallRoutes } from './modules/waterfall/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { WebhookWorker } from './modules/webhooks/worker.ts';

export const DEFAULT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the built SPA lives; null serves the API only (API tests). */
  webDir?: string | null;
}

/** How often the periodic 'webhook-outbox' job looks for due retries. */
const WEBHOOK_POLL_MS = 5000;

const highPriority = (_request: FastifyRequest, _reply: FastifyReply, done: () => void) => dbPriority.run('high', done);

export async function buildApp(given: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // The job runner (decision 041): main.ts gives one with the periodic jobs; tests get a plain one.
  const jobs = given.jobs ?? new JobRunner(given.db);
  const ctx: AppContext = { ...given, jobs };
  jobs.register('statement-run', { handler: statementRunJob(ctx) });
  jobs.register('evidence-pack', { handler: evidencePackJob(ctx) });
  jobs.register('screening-rescreen', { handler: rescreenJob(ctx.db) });
  jobs.register('screening-investor', { handler: screenInvestorJob(ctx.db) });
  setHashConcurrency(ctx.config.passwordHashConcurrency);
  const app = createFastify({ logger: opts.logger, trustProxy: ctx.config.trustProxy });
  jobs.setLog(app.log);
  // A runner made here (tests) starts with the app; main.ts starts its own once it listens (the
  // e-mail job's links need the server's address, and abandoned e-mails are released first).
  if (!given.jobs) app.addHook('onReady', async () => jobs.start());
  // Webhooks (decision 047): sent at once when queued here, and by the periodic job on any server.
  const webhooks = new WebhookWorker(ctx, app.log);
  jobs.register('webhook-outbox', {
    everyMs: WEBHOOK_POLL_MS,
    firstRunNow: true,
    handler: async () => jobOutcome('webhookAttempts', { attempts: await webhooks.pass() }),
  });
  app.addHook('onReady', async () => webhooks.start());
  app.addHook('onClose', async () => webhooks.stop());
  // Running jobs stop at their next step and are given back before the database closes.
  app.addHook('onClose', async () => jobs.stop());
  app.setErrorHandler(errorHandler);
  await registerPlugins(app, { maxUploadBytes: ctx.config.maxUploadBytes });

  // Writes and sign-ins go ahead of reads on PGlite's single connection (db/client.ts): every
  // state-changing route runs its hooks and handler in the high-priority lane.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) return;
    route.onRequest = [highPriority, ...[route.onRequest ?? []].flat()];
  });
  // Text no database can store (NUL, unpaired UTF-16 surrogates) is refused at the edge, for
  // every route, with 400 and the field (issue 27); a route may still record the refusal.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return;
    const refused = malformedText(request.body);
    if (!refused) return;
    await request.routeOptions.config.onMalformedInput?.(request, refused.extra.fields ?? {});
    throw refused;
  });
  const invalidations = await watchInvalidations(ctx.db);
  app.addHook('onClose', async () => invalidations.release());
  // API tokens are resolved by their module (given here: the security module does not import it).
  const policy = requestPolicy(ctx, {
    resolveToken: async (secret) => {
      const caller = await resolveToken(ctx.db, secret);
      // Two-factor required for admins (Security settings): an admin token without it set up gets
      // what the admin's session would, the 403 asking to set it up (decision 044).
      if (caller?.user.role === 'admin' && !caller.hasSecondFactor && (await readSettings(ctx.db)).twoFactorAuth)
        return { ...caller, secondFactor: 'enrol' };
      return caller;
    },
    touchToken: (tokenId, ip) => touchToken(ctx.db, tokenId, ip),
  });
  // On close the API request counts still in memory are written (before the database closes).
  app.addHook('onClose', async () => policy.close());
  registerAccessControl(app, ctx.db, new SessionCache(invalidations.inv), policy);
  await healthRoutes(app, ctx);
  await authRoutes(app, ctx);
  await dealRoutes(app, ctx);
  await spvRoutes(app, ctx);
  await documentRoutes(app, ctx);
  await userRoutes(app, ctx);
  await activityRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await legalHoldRoutes(app, ctx);
  await retentionRoutes(app, ctx);
  await recordsRoutes(app, ctx);
  await evidenceRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await settingsRoutes(app, ctx);
  await kycRoutes(app, ctx);
  await onboardingRoutes(app, ctx);
  await complianceRoutes(app, ctx);
  await subscriptionRoutes(app, ctx);
  await signingRoutes(app, ctx);
  await waterfallRoutes(app, ctx);
  await distributionRoutes(app, ctx);
  await ledgerRoutes(app, ctx);
  await messageRoutes(app, ctx);
  await portalRoutes(app, ctx);
  await emailRoutes(app, ctx);
  await apiTokenRoutes(app, ctx);
  await feedRoutes(app, ctx);
  await jobRoutes(app, ctx);
  await screeningRoutes(app, ctx);
  await taxRoutes(app, ctx);
  await webhookRoutes(app, ctx);
  await riskRoutes(app, ctx);
  await openApiRoutes(app);

  const webDir = opts.webDir === undefined ? (ctx.config.webDir ?? DEFAULT_WEB_DIR) : opts.webDir;
  if (webDir)
    await registerSpa(
      app,
      webDir,
      async () => (await readSettings(ctx.db)).companyName,
      async () => companyZone(await readSettings(ctx.db)),
      async () => (await readSettings(ctx.db)).language,
    );
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  return app;
}
