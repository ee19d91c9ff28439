import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { version } from '../../version.ts';

/** How long one database check answers for: a load balancer polling hard costs one query a second. */
export const HEALTH_CHECK_TTL_MS = 1000;

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  let last: { at: number; database: boolean } | null = null;
  let inFlight: Promise<boolean> | null = null;

  /** The database state, checked at most once per TTL; concurrent callers share one check. */
  const databaseUp = async (): Promise<boolean> => {
    if (last && Date.now() - last.at < HEALTH_CHECK_TTL_MS) return last.database;
    inFlight ??= ctx.db
      .query('SELECT 1')
      .then(
        () => true,
        () => false,
      )
      .then((database) => {
        last = { at: Date.now(), database };
        inFlight = null;
        return database;
      });
    return inFlight;
  };

  app.get('/api/health', { config: { access: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    const database = await databaseUp();
    return reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', version, database });
  });
}
