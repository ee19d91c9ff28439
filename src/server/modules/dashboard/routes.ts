import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { companyDay } from '../settings/clock.ts';
import { dashboard } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  route.get('/api/dashboard', async () => dashboard(ctx.db, (await companyDay(ctx)).today));
}
