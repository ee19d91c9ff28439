import type { FastifyInstance } from 'fastify';
import type { DealPipeline, DealStagePage } from '../../../shared/deals.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { listDocuments } from '../documents/service.ts';
import { notifyDealOpen } from '../email/notify.ts';
import { openDeal } from '../subscriptions/service.ts';
import {
  createDeal,
  dealActivity,
  getDeal,
  listDealOptions,
  listDealPipeline,
  listDealStagePage,
  moveDeal,
  updateDeal,
} from './service.ts';
import { addValuation, listValuations } from './valuations.ts';

export async function dealRoutes(app: FastifyInstance, { db }: AppContext) {
  const route = typedRoutes(app);

  /**
   * The pipeline, paged per stage. Without `stage`: every stage's total and first page
   * (DealPipeline). With `stage` (and `cursor` from a previous page): that stage's next page
   * (DealStagePage).
   */
  route.get('/api/deals', async (request): Promise<DealPipeline | DealStagePage> => {
    const query = request.query;
    if (query.stage) return listDealStagePage(db, query.stage, query.cursor, query.limit);
    return listDealPipeline(db, query.limit);
  });

  /** Every deal's id, title, stage, status, committed amount and SPV: for deal selects. */
  route.get('/api/deals/options', async () => ({ deals: await listDealOptions(db) }));

  route.post('/api/deals', async (request, reply) => {
    const input = request.body;
    const user = currentUser(request);
    // One statement writes the deal and its log entry (atomic on its own: no transaction, one
    // round trip, issue 32). A new deal is Pending (createDeal), so it is never open for
    // investment at creation and no deal-open alert is due: the alerts go out when PATCH makes it
    // Active (below).
    const deal = await createDeal(db, input, user.id, clientIp(request));
    return reply.status(201).send({ deal });
  });

  route.get('/api/deals/:id', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    const deal = await getDeal(db, id);
    const [documents, activity, valuations] = await Promise.all([
      listDocuments(db, { dealId: id }),
      dealActivity(db, id),
      listValuations(db, id),
    ]);
    return { deal, documents, activity, valuations };
  });

  route.patch('/api/deals/:id', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    const user = currentUser(request);
    return {
      deal: await db.tx(async (q) => {
        const deal = await updateDeal(q, id, input, user.id, clientIp(request));
        await notifyDealOpen(q, await openDeal(q, id));
        return deal;
      }),
    };
  });

  route.post('/api/deals/:id/valuations', async (request, reply) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    const user = currentUser(request);
    return reply.status(201).send({ valuations: await db.tx((q) => addValuation(q, id, input, user.id, clientIp(request))) });
  });

  route.post('/api/deals/:id/move', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    const { stage } = request.body;
    const user = currentUser(request);
    return {
      deal: await db.tx(async (q) => {
        const deal = await moveDeal(q, id, stage, user.id, clientIp(request));
        await notifyDealOpen(q, await openDeal(q, id));
        return deal;
      }),
    };
  });
}
