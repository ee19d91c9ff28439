import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { companyDay } from '../settings/clock.ts';
import { dashboard } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/dashboard', { config: { access: 'admin' } }, async () => dashboard(ctx.db, (await companyDay(ctx)).today));
}
