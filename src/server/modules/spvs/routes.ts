import type { FastifyInstance } from 'fastify';
import { spvInput, spvUpdateInput } from '../../../shared/spvs.ts';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { createSpv, listSpvs, updateSpv } from './service.ts';

export async function spvRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);
  const admin = { config: { access: 'admin' as const } };

  route.get('/api/spvs', admin, async () => ({ spvs: await listSpvs(db) }));

  route.post('/api/spvs', admin, async (request, reply) => {
    const input = parse(spvInput, request.body);
    return reply.status(201).send({ spv: await db.tx((q) => createSpv(q, input)) });
  });

  route.patch('/api/spvs/:id', admin, async (request) => {
    const id = idParam(request.params, 'SPV not found');
    const input = parse(spvUpdateInput, request.body);
    return { spv: await db.tx((q) => updateSpv(q, id, input)) };
  });
}
