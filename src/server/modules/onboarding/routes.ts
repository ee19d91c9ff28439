import type { FastifyInstance } from 'fastify';
import { KYC_EXTENSIONS } from '../../../shared/kyc.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { sendStoredFile } from '../../storage/download.ts';
import { receiveUpload, refuseOversized } from '../../storage/upload.ts';
import {
  classificationApplication,
  classificationQueue,
  decideClassification,
  evidenceFile,
  myClassification,
  removeEvidence,
  storeEvidence,
  submitClassification,
} from './service.ts';

/**
 * Onboarding: DFSA client classification (issue 31 part A, decision record 037). The investor
 * routes act on the signed-in investor only (no investor id is ever read from the request); the
 * admin routes are the review queue.
 */
export async function onboardingRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db, files, config } = ctx;
  const evidenceName = (name: string, extension: string) => name.replace(new RegExp(`\\.${extension}$`, 'i'), '');

  route.get('/api/investor/classification', async (request) => myClassification(db, currentUser(request).id));

  route.post('/api/investor/classification', async (request) => {
    const user = currentUser(request);
    const answers = request.body;
    await db.tx((q) => submitClassification(q, user.id, answers, clientIp(request)));
    return myClassification(db, user.id);
  });

  route.post('/api/investor/classification/evidence', { onRequest: refuseOversized(config.maxUploadBytes) }, async (request) => {
    const user = currentUser(request);
    const message = 'Please select a file to upload';
    const { file } = await receiveUpload(request, files, {
      maxBytes: config.maxUploadBytes,
      extensions: KYC_EXTENSIONS,
      noFileMessage: message,
    });
    if (!file) throw badRequest(message, { file: message });
    await storeEvidence(db, files, user.id, file, clientIp(request));
    return myClassification(db, user.id);
  });

  route.delete('/api/investor/classification/evidence/:id', async (request) => {
    const user = currentUser(request);
    await removeEvidence(db, files, user.id, idParam(request.params, 'Evidence file not found'));
    return myClassification(db, user.id);
  });

  route.get('/api/investor/classification/evidence/:id/download', async (request, reply) => {
    const f = await evidenceFile(db, idParam(request.params, 'Evidence file not found'), currentUser(request).id);
    const file = { key: f.filePath, name: evidenceName(f.originalName, f.extension), extension: f.extension, byteSize: Number(f.byteSize) };
    return sendStoredFile(reply, files, file, 'download');
  });

  route.get('/api/classifications', async () => classificationQueue(db));

  route.get('/api/classifications/:id', async (request) => ({
    application: await classificationApplication(db, idParam(request.params, 'Classification not found')),
  }));

  route.post('/api/classifications/:id/decide', async (request) => {
    const id = idParam(request.params, 'Classification not found');
    const input = request.body;
    await db.tx((q) => decideClassification(q, id, input, currentUser(request).id, clientIp(request)));
    return { application: await classificationApplication(db, id) };
  });

  route.get('/api/classifications/evidence/:id/download', async (request, reply) => {
    const f = await evidenceFile(db, idParam(request.params, 'Evidence file not found'));
    const file = { key: f.filePath, name: evidenceName(f.originalName, f.extension), extension: f.extension, byteSize: Number(f.byteSize) };
    return sendStoredFile(reply, files, file, 'download');
  });
}
