import type { FastifyInstance, FastifyReply } from 'fastify';
import { documentUpdateInput, fileExtension, ALLOWED_EXTENSIONS, uploadFields, DOCUMENT_MESSAGES } from '../../../shared/documents.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest, HttpError, notFound, parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import type { TempFile } from '../../storage/file-store.ts';
import { assertStorable } from '../deals/storable.ts';
import { contentDisposition, contentMatches, INLINE_EXTENSIONS, MIME_TYPES } from './content.ts';
import { deleteDocument, getDocumentRow, listDocuments, storeDocument, updateDocument } from './service.ts';

const ALLOWED = new Set<string>(ALLOWED_EXTENSIONS);
// Multipart framing and the text fields fit well within this allowance above the file limit.
const ENVELOPE_BYTES = 64 * 1024;

export async function documentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, files, config } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const tooLarge = () => new HttpError(413, `The file is too large (maximum ${Math.round(config.maxUploadBytes / 1024 / 1024)} MB)`, { code: 'FILE_TOO_LARGE' });

  app.get('/api/documents', admin, async () => ({ documents: await listDocuments(db) }));

  app.post(
    '/api/documents',
    {
      ...admin,
      // Refuse an oversized body from its declared length, before reading any of it.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > config.maxUploadBytes + ENVELOPE_BYTES) throw tooLarge();
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.noFile, { file: DOCUMENT_MESSAGES.noFile });
      const fields: Record<string, string> = {};
      let upload: { temp: TempFile; filename: string } | null = null;
      let reading = true;
      try {
        for await (const part of request.parts({ limits: { fileSize: config.maxUploadBytes, files: 1, fields: 20, fieldSize: 20_000 } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || upload) {
              part.file.resume();
              throw badRequest('Send one file, in the field named "file"');
            }
            const temp = await ctx.files.writeTemp(part.file);
            upload = { temp, filename: part.filename };
            if (part.file.truncated) throw tooLarge();
          } else {
            fields[part.fieldname] = String(part.value ?? '');
          }
        }
        reading = false;
        const input = assertStorable(parse(uploadFields, { ...fields, name: fields.name ?? '' }), ['expirationDate']);
        if (!upload) throw badRequest(DOCUMENT_MESSAGES.noFile, { file: DOCUMENT_MESSAGES.noFile });
        const { filename, temp } = upload;
        // eslint-disable-next-line no-control-regex
        if (!filename || /[\u0000-\u001f\u007f/\\]/.test(filename) || filename.includes('..')) {
          throw badRequest('The file name is not allowed', { file: 'The file name is not allowed' });
        }
        const extension = fileExtension(filename);
        if (!ALLOWED.has(extension)) {
          const message = `Files of this type are not accepted. Allowed: ${ALLOWED_EXTENSIONS.join(', ')}`;
          throw badRequest(message, { file: message });
        }
        if (temp.size === 0) throw badRequest('The selected file is empty', { file: 'The selected file is empty' });
        if (!contentMatches(extension, temp)) {
          const message = `The file's content does not match its .${extension} extension`;
          throw badRequest(message, { file: message });
        }
        const document = await storeDocument(db, files, input, temp, extension, user.id, clientIp(request));
        upload = null;
        return reply.status(201).send({ document });
      } catch (err) {
        if (upload) await files.discard(upload.temp).catch(() => {});
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        // A second file trips the parser's files limit before the loop can see it: same answer as a file in the wrong field.
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('Send one file, in the field named "file"');
        if ((err as { code?: string }).code?.startsWith('FST_')) {
          const status = (err as { statusCode?: number }).statusCode ?? 400;
          throw new HttpError(status >= 400 && status < 500 ? status : 400, 'The upload could not be read. Please try again.');
        }
        // The body ended or broke before the multipart form was complete (busboy's errors carry no code);
        // a file-system error (it has a syscall) stays a server error.
        if (reading && !(err instanceof HttpError) && !(err as NodeJS.ErrnoException).syscall) {
          throw new HttpError(400, 'The upload could not be read. Please try again.', { code: 'UPLOAD_INCOMPLETE' });
        }
        throw err;
      }
    },
  );

  async function sendFile(reply: FastifyReply, id: string, kind: 'view' | 'download') {
    const row = await getDocumentRow(db, id);
    let stream: import('node:stream').Readable;
    try {
      stream = await files.read(row.file_path);
    } catch {
      throw notFound('The file for this document is missing');
    }
    const inline = kind === 'view' && INLINE_EXTENSIONS.has(row.extension);
    const fileName = `${row.name}.${row.extension}`;
    reply
      .header('content-type', MIME_TYPES[row.extension] ?? 'application/octet-stream')
      .header('content-length', String(row.byte_size))
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    // A stored file is never run as a page: no scripts, nothing framed.
    if (inline) reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'");
    return reply.send(stream);
  }

  app.get('/api/documents/:id/view', admin, (request, reply) => sendFile(reply, idParam(request.params, 'Document not found'), 'view'));
  app.get('/api/documents/:id/download', admin, (request, reply) =>
    sendFile(reply, idParam(request.params, 'Document not found'), 'download'),
  );

  app.patch('/api/documents/:id', admin, async (request) => {
    const id = idParam(request.params, 'Document not found');
    const input = assertStorable(parse(documentUpdateInput, request.body), ['expirationDate']);
    return { document: await db.tx((q) => updateDocument(q, id, input)) };
  });

  app.delete('/api/documents/:id', admin, async (request) => {
    const id = idParam(request.params, 'Document not found');
    await deleteDocument(db, files, id, currentUser(request).id, clientIp(request));
    return { message: 'Document deleted' };
  });
}
