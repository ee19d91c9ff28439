import type { FastifyInstance } from 'fastify';
import { complianceItemInput, complianceItemUpdate } from '../../../shared/compliance.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { companyDay } from '../settings/clock.ts';
import { completeItem, createItem, fileSpvReturn, overview, startItem, updateItem } from './service.ts';

export async function complianceRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const route = typedRoutes(app);
  const admin = { config: { access: 'admin' as const } };

  route.get('/api/compliance', admin, async () => overview(db, (await companyDay(ctx)).today));

  route.post('/api/compliance', admin, async (request, reply) => {
    const input = parse(complianceItemInput, request.body);
    return reply.status(201).send({ item: await db.tx((q) => createItem(q, input, currentUser(request).id, clientIp(request))) });
  });

  route.patch('/api/compliance/:id', admin, async (request) => {
    const id = idParam(request.params, 'Compliance item not found');
    const input = parse(complianceItemUpdate, request.body);
    return { item: await db.tx((q) => updateItem(q, id, input, currentUser(request).id, clientIp(request))) };
  });

  route.post('/api/compliance/:id/start', admin, async (request) => {
    const id = idParam(request.params, 'Compliance item not found');
    return { item: await db.tx((q) => startItem(q, id, currentUser(request).id, clientIp(request))) };
  });

  route.post('/api/compliance/:id/complete', admin, async (request) => {
    const id = idParam(request.params, 'Compliance item not found');
    return db.tx((q) => completeItem(q, id, currentUser(request).id, clientIp(request)));
  });

  route.post('/api/spvs/:id/file-return', admin, async (request) => {
    const id = idParam(request.params, 'SPV not found');
    return { annualReturnDue: await db.tx((q) => fileSpvReturn(q, id, currentUser(request).id, clientIp(request))) };
  });
}
