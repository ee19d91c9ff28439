import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { emailLatestHash, latestHash, verifyNow } from './service.ts';

/** The audit trail (decision 042): its latest hash, a verification now, the hash by e-mail. */
export async function auditRoutes(app: FastifyInstance, { db, now }: AppContext) {
  const clock = now ?? (() => new Date());
  const route = typedRoutes(app);
  route.get('/api/audit/head', async () => ({ head: await latestHash(db) }));
  route.post('/api/audit/verify', async (request) => {
    const user = currentUser(request);
    return verifyNow(db, { id: user.id, name: user.name, ip: clientIp(request) }, clock());
  });
  route.post('/api/audit/head/email', async (request) => {
    const user = currentUser(request);
    const head = await emailLatestHash(db, request.body.to, { id: user.id, name: user.name, ip: clientIp(request) });
    return { head };
  });
}
