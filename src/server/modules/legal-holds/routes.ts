import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { legalHolds, liftLegalHold, placeHold } from './service.ts';

/** Legal holds (decision 042): list, place, lift. */
export async function legalHoldRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);
  route.get('/api/legal-holds', async () => ({ holds: await legalHolds(db) }));
  route.post('/api/legal-holds', async (request) => {
    const hold = await placeHold(db, request.body, { id: currentUser(request).id, ip: clientIp(request) });
    return { hold };
  });
  route.post('/api/legal-holds/:id/lift', async (request) => {
    const id = idParam(request.params, 'Legal hold not found');
    return { hold: await liftLegalHold(db, id, request.body.reason, { id: currentUser(request).id, ip: clientIp(request) }) };
  });
}
