import type { FastifyInstance } from 'fastify';
import { createSubscriptionInput, rejectSubscriptionInput } from '../../../shared/portal.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { createSubscription, listSubscriptions, transitionSubscription } from './service.ts';

export async function subscriptionRoutes(app: FastifyInstance, { db }: AppContext) {
  const admin = { config: { access: 'admin' as const } };
  const investor = { config: { access: 'investor' as const } };

  app.get('/api/investor/subscriptions', investor, async (request) => ({
    subscriptions: await listSubscriptions(db, currentUser(request).id),
  }));

  app.post('/api/investor/subscriptions', investor, async (request, reply) => {
    const input = parse(createSubscriptionInput, request.body);
    const user = currentUser(request);
    return reply.status(201).send({ subscription: await db.tx((q) => createSubscription(q, user.id, input, clientIp(request))) });
  });

  app.post('/api/investor/subscriptions/:id/cancel', investor, async (request) => {
    const id = idParam(request.params, 'Subscription not found');
    const user = currentUser(request);
    return {
      subscription: await db.tx((q) => transitionSubscription(q, id, 'cancel', { id: user.id, role: 'investor' }, clientIp(request))),
    };
  });

  app.get('/api/subscriptions', admin, async () => ({ subscriptions: await listSubscriptions(db) }));

  for (const action of ['review', 'complete'] as const) {
    app.post(`/api/subscriptions/:id/${action}`, admin, async (request) => {
      const id = idParam(request.params, 'Subscription not found');
      const user = currentUser(request);
      return { subscription: await db.tx((q) => transitionSubscription(q, id, action, { id: user.id, role: 'admin' }, clientIp(request))) };
    });
  }

  app.post('/api/subscriptions/:id/reject', admin, async (request) => {
    const id = idParam(request.params, 'Subscription not found');
    const { reason } = parse(rejectSubscriptionInput, request.body);
    const user = currentUser(request);
    return {
      subscription: await db.tx((q) => transitionSubscription(q, id, 'reject', { id: user.id, role: 'admin' }, clientIp(request), reason)),
    };
  });
}
