import type { FastifyInstance } from 'fastify';
import { type ActivityLogPage, activityLogQuery } from '../../../shared/activity.ts';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { listActivityLogs } from './service.ts';

/** Activity logs are append-only: this module only reads them (see listActivityLogs). */
export async function activityRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);
  route.get(
    '/api/activity-logs',
    { config: { access: 'admin' } },
    async (request): Promise<ActivityLogPage> => listActivityLogs(db, parse(activityLogQuery, request.query)),
  );
}
