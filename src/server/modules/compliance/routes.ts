import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { companyDay } from '../settings/clock.ts';
import { completeItem, createItem, overview, startItem, updateItem } from './service.ts';

export async function complianceRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const route = typedRoutes(app);

  route.get('/api/compliance', async () => overview(db, (await companyDay(ctx)).today));

  route.post('/api/compliance', async (request, reply) => {
    const input = request.body;
    return reply.status(201).send({ item: await db.tx((q) => createItem(q, input, currentUser(request).id, clientIp(request))) });
  });

  route.patch('/api/compliance/:id', async (request) => {
    const id = idParam(request.params, 'Compliance item not found');
    const input = request.body;
    return { item: await db.tx((q) => updateItem(q, id, input, currentUser(request).id, clientIp(request))) };
  });

  route.post('/api/compliance/:id/start', async (request) => {
    const id = idParam(request.params, 'Compliance item not found');
    return { item: await db.tx((q) => startItem(q, id, currentUser(request).id, clientIp(request))) };
  });

  route.post('/api/compliance/:id/complete', async (request) => {
    const id = idParam(request.params, 'Compliance item not found');
    return db.tx((q) => completeItem(q, id, currentUser(request).id, clientIp(request)));
  });
}
