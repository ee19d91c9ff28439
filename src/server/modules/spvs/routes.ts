import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
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
}
