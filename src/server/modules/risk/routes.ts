import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { adminInvestorRisk, approveRefresh, overrideRating, refreshQueue, refreshState, submitRefresh } from './service.ts';

/**
 * Risk rating and periodic KYC refresh (issue 31 part 4, decision record 050). The investor routes
 * act on the signed-in investor only; the admin routes name the investor or the refresh.
 */
export async function riskRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;

  route.get('/api/risk/investors/:id', async (request) => adminInvestorRisk(db, idParam(request.params, 'Investor not found')));

  route.post('/api/risk/investors/:id/override', async (request) => {
    const id = idParam(request.params, 'Investor not found');
    await db.tx((q) => overrideRating(q, id, request.body, currentUser(request).id, clientIp(request)));
    return adminInvestorRisk(db, id);
  });

  route.get('/api/kyc-refreshes', async () => ({ refreshes: await refreshQueue(db) }));

  route.post('/api/kyc-refreshes/:id/approve', async (request) => {
    const id = idParam(request.params, 'KYC refresh not found');
    const investorId = await db.tx((q) => approveRefresh(q, id, request.body.note, currentUser(request).id, clientIp(request)));
    return adminInvestorRisk(db, investorId);
  });

  route.get('/api/investor/kyc-refresh', async (request) => ({ refresh: await refreshState(db, currentUser(request).id) }));

  route.post('/api/investor/kyc-refresh', async (request, reply) => {
    const user = currentUser(request);
    await db.tx((q) => submitRefresh(q, user.id, request.body, clientIp(request)));
    return reply.status(201).send({ refresh: await refreshState(db, user.id) });
  });
}
