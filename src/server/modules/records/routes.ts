import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { contentDisposition } from '../../storage/content.ts';
import { answerDataRequest, dataRequestQueue, fileDataRequest, myArchive, myDataRequests } from './service.ts';

const NOT_FOUND = 'Data request not found';

/** Data-subject requests (decision 051): the investor's own requests and archive; the admins' queue and answers. */
export async function recordsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;
  const now = () => ctx.now?.() ?? new Date();

  route.get('/api/investor/data-requests', async (request) => ({ requests: await myDataRequests(db, currentUser(request).id) }));
  route.post('/api/investor/data-requests', async (request, reply) => {
    const user = currentUser(request);
    const created = await fileDataRequest(db, { id: user.id, name: user.name }, request.body, clientIp(request), now());
    return reply.status(201).send({ request: created });
  });
  route.get('/api/investor/data-requests/:id/archive', async (request, reply) => {
    const id = idParam(request.params, NOT_FOUND);
    const { archive, receivedAt } = await myArchive(db, id, currentUser(request).id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `my-data-${receivedAt.toISOString().slice(0, 10)}.json`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(`${JSON.stringify(archive, null, 2)}\n`);
  });
  route.get('/api/data-requests', async () => ({ requests: await dataRequestQueue(db) }));
  route.post('/api/data-requests/:id/answer', async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    const user = currentUser(request);
    return { request: await answerDataRequest(ctx, id, request.body, { id: user.id, ip: clientIp(request) }, now()) };
  });
}
