import type { FastifyInstance } from 'fastify';
import { confirmPaymentInput } from '../../../shared/confirm-payment.ts';
import { recordDistributionInput } from '../../../shared/portal.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { investorCalendar, listEvents, markPaid, recordDistribution } from './service.ts';

export async function distributionRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);
  const admin = { config: { access: 'admin' as const } };

  route.get('/api/distributions', admin, async () => ({ events: await listEvents(db) }));

  route.post('/api/distributions', admin, async (request, reply) => {
    const input = parse(recordDistributionInput, request.body);
    return reply.status(201).send({ event: await db.tx((q) => recordDistribution(q, input, currentUser(request).id, clientIp(request))) });
  });

  route.post('/api/distributions/:id/pay', admin, async (request) => {
    const id = idParam(request.params, 'Distribution not found');
    const { paidOn } = parse(confirmPaymentInput, request.body ?? {});
    return { event: await db.tx((q) => markPaid(q, id, currentUser(request).id, clientIp(request), paidOn)) };
  });

  route.get('/api/investor/distributions', { config: { access: 'investor' } }, async (request) =>
    investorCalendar(db, currentUser(request).id),
  );
}
