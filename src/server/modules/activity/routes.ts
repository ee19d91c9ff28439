import type { FastifyInstance } from 'fastify';
import type { ActivityLogPage } from '../../../shared/activity.ts';
import type { AppContext } from '../../context.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { listActivityLogs } from './service.ts';

/** Activity logs are append-only: this module only reads them (see listActivityLogs). */
export async function activityRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);
  route.get('/api/activity-logs', async (request): Promise<ActivityLogPage> => listActivityLogs(db, request.query));
}
