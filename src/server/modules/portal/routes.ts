import type { FastifyInstance } from 'fastify';
import { suitabilityInput } from '../../../shared/portal.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { parse } from '../../http/errors.ts';
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
  const investor = { config: { access: 'investor' as const } };

  route.get('/api/investor/dashboard', investor, async (request) => investorDashboard(db, currentUser(request).id));
  route.get('/api/investor/deals', investor, async (request) => ({ deals: await investorDeals(db, currentUser(request).id) }));
  route.get('/api/investor/performance', investor, async (request) => performance(db, currentUser(request).id));
  route.get('/api/investor/compliance', investor, async (request) => investorCompliance(db, currentUser(request).id));

  route.post('/api/investor/suitability-review', investor, async (request) => {
    const answers = parse(suitabilityInput, request.body);
    const user = currentUser(request);
    await db.tx((q) => completeSuitabilityReview(q, user.id, answers, clientIp(request)));
    return investorCompliance(db, user.id);
  });

  for (const kind of ['view', 'download'] as const) {
    route.get(`/api/investor/documents/:id/${kind}`, investor, async (request, reply) => {
      const doc = await visibleDocument(db, currentUser(request).id, idParam(request.params, 'Document not found'));
      return sendStoredFile(reply, files, { key: doc.file_path, name: doc.name, extension: doc.extension, byteSize: doc.byte_size }, kind);
    });
  }
}
