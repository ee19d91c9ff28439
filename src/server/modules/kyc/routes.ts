import type { FastifyInstance } from 'fastify';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_LABELS, KYC_EXTENSIONS, type KycDocumentKind } from '../../../shared/kyc.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { sendStoredFile } from '../../storage/download.ts';
import { receiveUpload, refuseOversized } from '../../storage/upload.ts';
import { kycDetail, kycFile, listKyc, reviewKyc, storeKycDocument, submitKyc } from './service.ts';

function kindParam(params: unknown): KycDocumentKind {
  const kind = (params as { kind?: string }).kind;
  if (!kind || !(KYC_DOCUMENT_KINDS as readonly string[]).includes(kind)) throw notFound('Unknown document kind');
  return kind as KycDocumentKind;
}

export async function kycRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db, files, config } = ctx;

  // Investor side: only ever the signed-in investor's own application.
  route.get('/api/kyc/me', async (request) => ({ application: await kycDetail(db, { investorId: currentUser(request).id }) }));

  route.post('/api/kyc/me/documents/:kind', { onRequest: refuseOversized(config.maxUploadBytes) }, async (request) => {
    const user = currentUser(request);
    const kind = kindParam(request.params);
    const message = 'Please select a file to upload';
    const { file } = await receiveUpload(request, files, {
      maxBytes: config.maxUploadBytes,
      extensions: KYC_EXTENSIONS,
      noFileMessage: message,
    });
    if (!file) throw badRequest(message, { file: message });
    await storeKycDocument(db, files, user.id, kind, file, { ip: clientIp(request) });
    return { application: await kycDetail(db, { investorId: user.id }) };
  });

  route.post('/api/kyc/me/submit', async (request) => {
    const user = currentUser(request);
    await submitKyc(db, user.id, clientIp(request));
    return { application: await kycDetail(db, { investorId: user.id }) };
  });

  for (const kind of ['view', 'download'] as const) {
    route.get(`/api/kyc/me/documents/:kind/${kind}`, async (request, reply) => {
      const k = kindParam(request.params);
      const f = await kycFile(db, { investorId: currentUser(request).id }, k);
      return sendStoredFile(
        reply,
        files,
        { key: f.filePath, name: KYC_DOCUMENT_LABELS[k], extension: f.extension, byteSize: f.byteSize },
        kind,
      );
    });
    route.get(`/api/kyc/:id/documents/:kind/${kind}`, async (request, reply) => {
      const id = idParam(request.params, 'KYC application not found');
      const k = kindParam(request.params);
      const f = await kycFile(db, { applicationId: id }, k);
      return sendStoredFile(
        reply,
        files,
        { key: f.filePath, name: KYC_DOCUMENT_LABELS[k], extension: f.extension, byteSize: f.byteSize },
        kind,
      );
    });
  }

  // Admin side.
  route.get('/api/kyc', async () => listKyc(db));

  route.get('/api/kyc/:id', async (request) => ({
    application: await kycDetail(db, { id: idParam(request.params, 'KYC application not found') }),
  }));

  route.post('/api/kyc/:id/approve', async (request) => {
    const id = idParam(request.params, 'KYC application not found');
    const { note } = request.body;
    await reviewKyc(db, id, 'approved', currentUser(request).id, note ?? null, clientIp(request));
    return { application: await kycDetail(db, { id }) };
  });

  route.post('/api/kyc/:id/reject', async (request) => {
    const id = idParam(request.params, 'KYC application not found');
    const { reason } = request.body;
    await reviewKyc(db, id, 'rejected', currentUser(request).id, reason, clientIp(request));
    return { application: await kycDetail(db, { id }) };
  });
}
