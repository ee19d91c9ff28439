import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { recordClawbackPayment } from './clawback-payments.ts';
import { chargeManagementFee, managementFeeData, previewManagementFee } from './management-fees.ts';
import { payOutEscrow } from './service.ts';
import { getDealTerms, investorDealTerms, saveDealTerms } from './terms.ts';

export async function waterfallRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);

  /** A deal's terms: the version in force, every version, and the administrators who may receive carry. */
  route.get('/api/deals/:id/terms', async (request) => getDealTerms(db, idParam(request.params, 'Deal not found')));

  /** Replaces the current version while no distribution used it; otherwise creates the next version. */
  route.put('/api/deals/:id/terms', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    return db.tx((q) => saveDealTerms(q, id, input, currentUser(request).id, clientIp(request)));
  });

  /** The deal's management fee: the terms' fee, the periods charged, the accrued fees not yet deducted. */
  route.get('/api/deals/:id/management-fees', async (request) => managementFeeData(db, idParam(request.params, 'Deal not found')));

  /** What charging the management fee for a period would charge each investor. Writes nothing. */
  route.post('/api/deals/:id/management-fees/preview', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    return { preview: await previewManagementFee(db, id, input) };
  });

  /** Charges the management fee for a period: a capital call of fees, or fees accrued for the next distributions. 409 when the period was charged. */
  route.post('/api/deals/:id/management-fees', async (request, reply) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    const charge = await db.tx((q) => chargeManagementFee(q, id, input, currentUser(request).id, clientIp(request)));
    return reply.status(201).send({ charge, fees: await managementFeeData(db, id) });
  });

  /** Pays out to the carry recipients the carry released from escrow and not yet paid out (decision 039, amended). 409 when none is waiting. */
  route.post('/api/deals/:id/escrow-payouts', async (request, reply) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    const payout = await db.tx((q) => payOutEscrow(q, id, input, currentUser(request).id, clientIp(request)));
    return reply.status(201).send({ payout });
  });

  /** Records the GP's payment of (part of) a clawback owed, passed on to the investors (decision 058). 409 above what is owed. */
  route.post('/api/deals/:id/clawback-payments', async (request, reply) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    const payment = await db.tx((q) => recordClawbackPayment(q, id, input, currentUser(request).id, clientIp(request)));
    return reply.status(201).send({ payment });
  });

  /** The terms of each deal the investor holds. */
  route.get('/api/investor/deal-terms', async (request) => ({
    deals: await investorDealTerms(db, currentUser(request).id),
  }));
}
