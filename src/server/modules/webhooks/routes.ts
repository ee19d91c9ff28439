import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBHOOK_MESSAGES } from '../../../shared/webhooks.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { logActivity } from '../activity/service.ts';
import { listEndpoints } from './repository.ts';
import { changeEndpoint, createEndpoint, endpointDeliveries, redeliver, rotateSecret, sendTestEvent } from './service.ts';

/** Signed webhooks (issue 34 part 2, decision 047): founders only (the route table says so). */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  // The guard admits every admin to a founder route; the other types are refused here, logged.
  const founderOnly = async (request: FastifyRequest) => {
    const actor = currentUser(request);
    if (actor.userType === 'founder') return;
    await logActivity(ctx.db, { type: 'admin_action_refused', userId: actor.id, details: { action: 'webhooks' }, ip: clientIp(request) });
    throw forbidden(WEBHOOK_MESSAGES.onlyFounder, 'FOUNDER_ONLY');
  };
  const only = { preHandler: founderOnly };

  route.get('/api/webhooks', only, async () => ({ endpoints: await listEndpoints(ctx.db) }));

  route.post('/api/webhooks', only, async (request, reply) => {
    const created = await createEndpoint(ctx, currentUser(request).id, request.body, clientIp(request));
    // The secret is in this answer only: nothing may keep it.
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(created);
  });

  route.patch('/api/webhooks/:id', only, async (request) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    return { endpoint: await changeEndpoint(ctx, currentUser(request).id, id, request.body, clientIp(request)) };
  });

  route.post('/api/webhooks/:id/rotate-secret', only, async (request, reply) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    reply.header('cache-control', 'no-store');
    return rotateSecret(ctx, currentUser(request).id, id, clientIp(request));
  });

  route.get('/api/webhooks/:id/deliveries', only, async (request) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    return { deliveries: await endpointDeliveries(ctx, id) };
  });

  route.post('/api/webhooks/:id/test', only, async (request, reply) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    return reply.status(202).send({ delivery: await sendTestEvent(ctx, currentUser(request).id, id, clientIp(request)) });
  });

  route.post('/api/webhooks/deliveries/:id/redeliver', only, async (request, reply) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.deliveryNotFound);
    return reply.status(202).send({ delivery: await redeliver(ctx, currentUser(request).id, id, clientIp(request)) });
  });
}
