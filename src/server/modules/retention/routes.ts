import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import {
  approvePurge,
  NOT_AN_INVESTOR,
  PURGE_NOT_FOUND,
  proposePurge,
  retentionOverview,
  reviewRetention,
  saveRetentionPolicy,
  withdrawPurge,
} from './service.ts';

/** Retention (decision 054): the policy, the list of what has passed retention, the four-eyes purge. */
export async function retentionRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;
  const now = () => ctx.now?.() ?? new Date();
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id, ip: clientIp(request) });

  route.get('/api/retention', async (request) => retentionOverview(db, currentUser(request)));
  route.put('/api/retention/policy', async (request) => ({
    policy: await saveRetentionPolicy(db, currentUser(request), request.body, clientIp(request)),
  }));
  route.post('/api/retention/review', async (request) => {
    await reviewRetention(db, now());
    return retentionOverview(db, currentUser(request));
  });
  route.post('/api/retention/investors/:id/purge', async (request, reply) => {
    const id = idParam(request.params, NOT_AN_INVESTOR);
    return reply.status(201).send({ purge: await proposePurge(db, id, actor(request), now()) });
  });
  route.post('/api/retention/purges/:id/approve', async (request) => {
    const id = idParam(request.params, PURGE_NOT_FOUND);
    return { purge: await approvePurge(ctx, id, actor(request), now(), (line) => request.log.warn(line)) };
  });
  route.post('/api/retention/purges/:id/withdraw', async (request) => {
    const id = idParam(request.params, PURGE_NOT_FOUND);
    return { purge: await withdrawPurge(db, id, actor(request)) };
  });
}
