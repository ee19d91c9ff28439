import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { previewDistribution, waterfallSummaries } from '../waterfall/service.ts';
import { investorCalendar, listEvents, markPaid, recordDistribution } from './service.ts';

export async function distributionRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);

  route.get('/api/distributions', async () => ({ events: await listEvents(db) }));

  route.post('/api/distributions', async (request, reply) => {
    const input = request.body;
    return reply.status(201).send({ event: await db.tx((q) => recordDistribution(q, input, currentUser(request).id, clientIp(request))) });
  });

  route.post('/api/distributions/:id/pay', async (request) => {
    const id = idParam(request.params, 'Distribution not found');
    const { paidOn } = request.body;
    return { event: await db.tx((q) => markPaid(q, id, currentUser(request).id, clientIp(request), paidOn)) };
  });

  /** What recording this distribution would do: tiers, GP, each carry recipient, each investor. Writes nothing. */
  route.post('/api/distributions/preview', async (request) => {
    const input = request.body;
    return { preview: await previewDistribution(db, input) };
  });

  /** Per deal: cumulative amounts by tier, hurdle status and carry paid per recipient. */
  route.get('/api/distributions/waterfall', async () => ({ deals: await waterfallSummaries(db) }));

  route.get('/api/investor/distributions', async (request) => investorCalendar(db, currentUser(request).id));
}
