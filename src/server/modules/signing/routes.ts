import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toCsv } from '../../../shared/csv.ts';
import { type PACK_STATUSES, packUploadFields, SIGNING_MESSAGES } from '../../../shared/signing.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest, parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { contentDisposition } from '../../storage/content.ts';
import { sendStoredFile } from '../../storage/download.ts';
import { receiveUpload, refuseOversized } from '../../storage/upload.ts';
import { resendEnvelope } from './resend.ts';
import {
  assertFounderForSigningSettings,
  closeEnvelope,
  countersignEnvelope,
  envelopeDocument,
  getEnvelope,
  getPack,
  listEnvelopes,
  openEnvelope,
  packStatus,
  packTemplate,
  saveSigningSettings,
  signEnvelope,
  signingSettings,
  updatePackFields,
  uploadPack,
} from './service.ts';

/** Subscription documents signed in the product (issue 30, decision record 036). */
export async function signingRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db, files, config } = ctx;
  const dealId = (params: unknown) => idParam(params, 'Deal not found');
  const envelopeId = (params: unknown) => idParam(params, SIGNING_MESSAGES.envelopeNotFound);

  // The deal's pack (admins)
  route.get('/api/deals/:id/subscription-pack', async (request) => ({ pack: await getPack(db, dealId(request.params)) }));

  route.post('/api/deals/:id/subscription-pack', { onRequest: refuseOversized(config.maxUploadBytes) }, async (request, reply) => {
    const id = dealId(request.params);
    const user = currentUser(request);
    const { fields, file } = await receiveUpload(request, files, {
      maxBytes: config.maxUploadBytes,
      extensions: ['pdf'],
      noFileMessage: SIGNING_MESSAGES.noFile,
    });
    try {
      if (!file) throw badRequest(SIGNING_MESSAGES.noFile, { file: SIGNING_MESSAGES.noFile });
      const input = parse(packUploadFields, { fields: fields.fields ?? '[]' });
      const pack = await uploadPack(ctx, id, input.fields, file.temp, file.filename, user, clientIp(request));
      return reply.status(201).send({ pack });
    } catch (err) {
      // uploadPack commits the file only with its row; on any error the temporary file goes.
      if (file) await files.discard(file.temp).catch(() => {});
      throw err;
    }
  });

  route.put('/api/deals/:id/subscription-pack/fields', async (request) => ({
    pack: await updatePackFields(ctx, dealId(request.params), request.body.fields, currentUser(request), clientIp(request)),
  }));

  route.get('/api/deals/:id/subscription-pack/template', async (request, reply) => {
    const { bytes, name } = await packTemplate(ctx, dealId(request.params));
    return sendBytes(reply, bytes, `${name}.pdf`, 'application/pdf', 'inline');
  });

  route.get('/api/deals/:id/subscription-pack/status', async (request) => ({ rows: await packStatus(db, dealId(request.params)) }));

  route.get('/api/deals/:id/subscription-pack/status.csv', async (request, reply) => {
    const rows = await packStatus(db, dealId(request.params));
    const csv = toCsv(
      [
        { key: 'investorName', label: 'Investor' },
        { key: 'investorEmail', label: 'E-mail' },
        { key: 'amount', label: 'Amount (USD)' },
        { key: 'status', label: 'Status' },
        { key: 'createdAt', label: 'Sent (UTC)' },
        { key: 'signedAt', label: 'Signed by investor (UTC)' },
        { key: 'executedAt', label: 'Executed (UTC)' },
        { key: 'closedAt', label: 'Closed (UTC)' },
      ],
      rows.map((r) => ({ ...r, status: STATUS_LABEL[r.status] })),
    );
    return sendBytes(reply, Buffer.from(csv, 'utf8'), 'subscription-pack-status.csv', 'text/csv; charset=utf-8', 'attachment');
  });

  // Settings: who may countersign (a founder changes it)
  route.get('/api/signing/settings', async () => ({ settings: await signingSettings(db) }));
  // Founders only, before the body is read (so in a hook that runs before the body schema).
  const founderOnly = async (request: FastifyRequest) => assertFounderForSigningSettings(ctx, currentUser(request), clientIp(request));
  route.put('/api/signing/settings', { preHandler: founderOnly }, async (request) => ({
    settings: await saveSigningSettings(ctx, currentUser(request), request.body, clientIp(request)),
  }));

  // Envelopes (admins): the countersign queue, countersign, void
  route.get('/api/signing/envelopes', async (request) => ({ envelopes: await listEnvelopes(db, request.query) }));
  route.get('/api/signing/envelopes/:id', async (request) => ({ envelope: await getEnvelope(db, envelopeId(request.params)) }));
  route.get('/api/signing/envelopes/:id/document', async (request, reply) => {
    const user = currentUser(request);
    const f = await envelopeDocument(ctx, envelopeId(request.params), { id: user.id, investor: false }, clientIp(request));
    return sendStoredFile(reply, files, { ...f, extension: 'pdf' }, 'download');
  });
  route.post('/api/signing/envelopes/:id/countersign', async (request) => ({
    envelope: await countersignEnvelope(ctx, currentUser(request), envelopeId(request.params), request.body, clientIp(request)),
  }));
  route.post('/api/signing/envelopes/:id/void', async (request) => ({
    envelope: await closeEnvelope(ctx, currentUser(request), envelopeId(request.params), 'void', request.body.reason, clientIp(request)),
  }));

  route.post('/api/signing/envelopes/:id/resend', async (request) => ({
    envelope: await resendEnvelope(ctx, currentUser(request), envelopeId(request.params), clientIp(request)),
  }));

  // Envelopes (the investor's own; another investor's is 404)
  route.post('/api/investor/subscriptions/:id/envelope', async (request) => ({
    envelope: await openEnvelope(
      ctx,
      currentUser(request),
      idParam(request.params, 'Subscription not found'),
      request.body,
      clientIp(request),
    ),
  }));
  route.get('/api/investor/envelopes', async (request) => ({
    envelopes: await listEnvelopes(db, { investorId: currentUser(request).id }),
  }));
  route.get('/api/investor/envelopes/:id', async (request) => ({
    envelope: await getEnvelope(db, envelopeId(request.params), currentUser(request).id),
  }));
  route.get('/api/investor/envelopes/:id/document', async (request, reply) => {
    const user = currentUser(request);
    const f = await envelopeDocument(ctx, envelopeId(request.params), { id: user.id, investor: true }, clientIp(request));
    return sendStoredFile(reply, files, { ...f, extension: 'pdf' }, 'download');
  });
  route.post('/api/investor/envelopes/:id/sign', async (request) => ({
    envelope: await signEnvelope(ctx, currentUser(request), envelopeId(request.params), request.body, clientIp(request)),
  }));
  route.post('/api/investor/envelopes/:id/decline', async (request) => ({
    envelope: await closeEnvelope(ctx, currentUser(request), envelopeId(request.params), 'decline', request.body.reason, clientIp(request)),
  }));
}

const STATUS_LABEL: Record<(typeof PACK_STATUSES)[number], string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  signed_by_investor: 'Signed by investor',
  executed: 'Executed',
  declined: 'Declined',
  expired: 'Expired',
  voided: 'Voided',
};

function sendBytes(reply: FastifyReply, bytes: Buffer, name: string, type: string, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', type)
    .header('content-length', String(bytes.length))
    .header('content-disposition', contentDisposition(disposition, name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
