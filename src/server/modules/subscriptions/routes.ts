import type { FastifyInstance } from 'fastify';
import { idempotencyKeyHeader } from '../../../shared/subscriptions.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { createSubscription, listSubscriptions, transitionSubscription } from './service.ts';

export async function subscriptionRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);

  route.get('/api/investor/subscriptions', async (request) => ({
    subscriptions: await listSubscriptions(db, currentUser(request).id),
  }));

  // Idempotency-Key (optional; the portal always sends one): a repeat of the same request returns
  // the subscription the first one created (200) instead of creating another.
  route.post('/api/investor/subscriptions', async (request, reply) => {
    const input = request.body;
    const rawKey = request.headers['idempotency-key'];
    const key = rawKey === undefined ? undefined : parse(idempotencyKeyHeader, rawKey);
    const user = currentUser(request);
    const { subscription, replayed } = await db.tx((q) => createSubscription(q, user.id, input, clientIp(request), key));
    return reply.status(replayed ? 200 : 201).send({ subscription });
  });

  route.post('/api/investor/subscriptions/:id/cancel', async (request) => {
    const id = idParam(request.params, 'Subscription not found');
    const user = currentUser(request);
    return {
      subscription: await db.tx((q) => transitionSubscription(q, id, 'cancel', { id: user.id, role: 'investor' }, clientIp(request))),
    };
  });

  route.get('/api/subscriptions', async () => ({ subscriptions: await listSubscriptions(db) }));

  for (const action of ['review', 'complete'] as const) {
    route.post(`/api/subscriptions/:id/${action}`, async (request) => {
      const id = idParam(request.params, 'Subscription not found');
      const user = currentUser(request);
      return { subscription: await db.tx((q) => transitionSubscription(q, id, action, { id: user.id, role: 'admin' }, clientIp(request))) };
    });
  }

  route.post('/api/subscriptions/:id/reject', async (request) => {
    const id = idParam(request.params, 'Subscription not found');
    const { reason } = request.body;
    const user = currentUser(request);
    return {
      subscription: await db.tx((q) => transitionSubscription(q, id, 'reject', { id: user.id, role: 'admin' }, clientIp(request), reason)),
    };
  });
}
