import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HealthStatus } from '../../../shared/api/contract.ts';
import type { AppContext } from '../../context.ts';
import { dbPriority } from '../../db/client.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { version } from '../../version.ts';

/** How long one database check answers for: a load balancer polling hard costs one query a second. */
export const HEALTH_CHECK_TTL_MS = 1000;

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  let last: { at: number; database: boolean } | null = null;
  let inFlight: Promise<boolean> | null = null;

  /** The database state, checked at most once per TTL; concurrent callers share one check. */
  const databaseUp = async (): Promise<boolean> => {
    if (last && Date.now() - last.at < HEALTH_CHECK_TTL_MS) return last.database;
    // In the high lane (PGlite runs one statement at a time): the probe waits for the statement in
    // progress, not for every read queued, so twenty statement downloads do not hold it.
    inFlight ??= dbPriority
      .run('high', () => ctx.db.query('SELECT 1'))
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

  // A response schema: Fastify serialises with a compiled fast-json-stringify function.
  const schema = {
    response: {
      '2xx': HEALTH_SCHEMA,
      503: HEALTH_SCHEMA,
    },
  };
  const answer = (reply: FastifyReply<{ Reply: HealthStatus }>, database: boolean): void => {
    reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', version, database });
  };
  route.get('/api/health', { logLevel: 'warn', schema }, (_request, reply) => {
    // Within the TTL the answer is known: no promise, no await.
    if (last && Date.now() - last.at < HEALTH_CHECK_TTL_MS) return answer(reply, last.database);
    return databaseUp().then((database) => answer(reply, database));
  });
}

export const HEALTH_SCHEMA = {
  type: 'object',
  properties: { status: { type: 'string' }, version: { type: 'string' }, database: { type: 'boolean' } },
  required: ['status', 'version', 'database'],
} as const;
