import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MESSAGES } from '../../../shared/webhooks.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { listEndpoints } from './repository.ts';
import { changeEndpoint, createEndpoint, endpointDeliveries, redeliver, rotateSecret, sendTestEvent } from './service.ts';

/** Signed webhooks (issue 34 part 2, decision 047): founders only (the route table says so). */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);

  route.get('/api/webhooks', async () => ({ endpoints: await listEndpoints(ctx.db) }));

  route.post('/api/webhooks', async (request, reply) => {
    const created = await createEndpoint(ctx, currentUser(request).id, request.body, clientIp(request));
    // The secret is in this answer only: nothing may keep it.
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(created);
  });

  route.patch('/api/webhooks/:id', async (request) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    return { endpoint: await changeEndpoint(ctx, currentUser(request).id, id, request.body, clientIp(request)) };
  });

  route.post('/api/webhooks/:id/rotate-secret', async (request, reply) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    reply.header('cache-control', 'no-store');
    return rotateSecret(ctx, currentUser(request).id, id, clientIp(request));
  });

  route.get('/api/webhooks/:id/deliveries', async (request) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    return { deliveries: await endpointDeliveries(ctx, id) };
  });

  route.post('/api/webhooks/:id/test', async (request, reply) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.notFound);
    return reply.status(202).send({ delivery: await sendTestEvent(ctx, currentUser(request).id, id, clientIp(request)) });
  });

  route.post('/api/webhooks/deliveries/:id/redeliver', async (request, reply) => {
    const id = idParam(request.params, WEBHOOK_MESSAGES.deliveryNotFound);
    return reply.status(202).send({ delivery: await redeliver(ctx, currentUser(request).id, id, clientIp(request)) });
  });
}
