import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { fileSpvReturn } from '../compliance/service.ts';
import { createSpv, listSpvs, updateSpv } from './service.ts';

export async function spvRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);

  route.get('/api/spvs', async () => ({ spvs: await listSpvs(db) }));

  route.post('/api/spvs', async (request, reply) => {
    const input = request.body;
    return reply.status(201).send({ spv: await db.tx((q) => createSpv(q, input)) });
  });

  route.patch('/api/spvs/:id', async (request) => {
    const id = idParam(request.params, 'SPV not found');
    const input = request.body;
    return { spv: await db.tx((q) => updateSpv(q, id, input)) };
  });

  // The SPV's annual return is filed from the Compliance Center (compliance's service records it).
  route.post('/api/spvs/:id/file-return', async (request) => {
    const id = idParam(request.params, 'SPV not found');
    return { annualReturnDue: await db.tx((q) => fileSpvReturn(q, id, currentUser(request).id, clientIp(request))) };
  });
}
