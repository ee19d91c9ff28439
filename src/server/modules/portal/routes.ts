import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { sendStoredFile } from '../../storage/download.ts';
import {
  completeSuitabilityReview,
  investorCompliance,
  investorDashboard,
  investorDeals,
  performance,
  visibleDocument,
} from './service.ts';

/** The investor portal's read side. Every route answers for the signed-in investor only. */
export async function portalRoutes(app: FastifyInstance, { db, files }: AppContext) {
  const route = typedRoutes(app);

  route.get('/api/investor/dashboard', async (request) => investorDashboard(db, currentUser(request).id));
  route.get('/api/investor/deals', async (request) => ({ deals: await investorDeals(db, currentUser(request).id) }));
  route.get('/api/investor/performance', async (request) => performance(db, currentUser(request).id));
  route.get('/api/investor/compliance', async (request) => investorCompliance(db, currentUser(request).id));

  route.post('/api/investor/suitability-review', async (request) => {
    const answers = request.body;
    const user = currentUser(request);
    await db.tx((q) => completeSuitabilityReview(q, user.id, answers, clientIp(request)));
    return investorCompliance(db, user.id);
  });

  for (const kind of ['view', 'download'] as const) {
    route.get(`/api/investor/documents/:id/${kind}`, async (request, reply) => {
      const doc = await visibleDocument(db, currentUser(request).id, idParam(request.params, 'Document not found'));
      return sendStoredFile(reply, files, { key: doc.filePath, name: doc.name, extension: doc.extension, byteSize: doc.byteSize }, kind);
    });
  }
}
