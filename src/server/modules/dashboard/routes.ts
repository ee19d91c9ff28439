import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { dashboard } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/dashboard', { config: { access: 'admin' } }, async () => dashboard(db));
}
