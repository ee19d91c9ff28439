import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { version } from '../../version.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    let database = false;
    try {
      await ctx.db.query('SELECT 1');
      database = true;
    } catch {
      database = false;
    }
    return reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', version, database });
  });
}
