import type { FastifyInstance, FastifyReply } from 'fastify';
import { ALLOWED_EXTENSIONS, DOCUMENT_MESSAGES, uploadFields } from '../../../shared/documents.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest, parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { sendStoredFile } from '../../storage/download.ts';
import { receiveUpload, refuseOversized } from '../../storage/upload.ts';
import { deleteDocument, getDocumentRow, listDocuments, storeDocument, updateDocument } from './service.ts';

export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db, files, config } = ctx;

  route.get('/api/documents', async () => ({ documents: await listDocuments(db) }));

  route.post('/api/documents', { onRequest: refuseOversized(config.maxUploadBytes) }, async (request, reply) => {
    const user = currentUser(request);
    const { fields, file } = await receiveUpload(request, files, {
      maxBytes: config.maxUploadBytes,
      extensions: ALLOWED_EXTENSIONS,
      noFileMessage: DOCUMENT_MESSAGES.noFile,
    });
    try {
      const input = parse(uploadFields, { ...fields, name: fields.name ?? '' });
      if (!file) throw badRequest(DOCUMENT_MESSAGES.noFile, { file: DOCUMENT_MESSAGES.noFile });
      const document = await storeDocument(db, files, input, file.temp, file.extension, user.id, clientIp(request));
      return reply.status(201).send({ document });
    } catch (err) {
      // storeDocument cleans up after itself; a validation error leaves the temp file to us.
      if (file) await files.discard(file.temp).catch(() => {});
      throw err;
    }
  });

  const send = async (reply: FastifyReply, id: string, kind: 'view' | 'download') => {
    const row = await getDocumentRow(db, id);
    return sendStoredFile(reply, files, { key: row.filePath, name: row.name, extension: row.extension, byteSize: row.byteSize }, kind);
  };

  route.get('/api/documents/:id/view', (request, reply) => send(reply, idParam(request.params, 'Document not found'), 'view'));
  route.get('/api/documents/:id/download', (request, reply) => send(reply, idParam(request.params, 'Document not found'), 'download'));

  route.patch('/api/documents/:id', async (request) => {
    const id = idParam(request.params, 'Document not found');
    const input = request.body;
    return { document: await db.tx((q) => updateDocument(q, id, input)) };
  });

  route.delete('/api/documents/:id', async (request) => {
    const id = idParam(request.params, 'Document not found');
    await deleteDocument(db, files, id, currentUser(request).id, clientIp(request));
    return { message: 'Document deleted' };
  });
}
