import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MESSAGE_ATTACHMENT_EXTENSIONS,
  type MessageThreadSummary,
  newMessageFields,
  replyFields,
  type ThreadList,
} from '../../../shared/messages.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest, parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { sendStoredFile } from '../../storage/download.ts';
import { receiveUpload, refuseOversized } from '../../storage/upload.ts';
import {
  attachmentOf,
  type EncryptedAttachment,
  isInvestor,
  listThreads,
  markThreadRead,
  openThread,
  postMessage,
  unreadCount,
} from './service.ts';

export async function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db, files, cipher, config } = ctx;
  const upload = { onRequest: refuseOversized(config.maxUploadBytes) };

  /** Text fields from JSON or multipart; a multipart body may carry one attachment, encrypted as it streams to disk. */
  async function readBody(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; attachment: EncryptedAttachment | null }> {
    if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, attachment: null };
    const enc = cipher.encryptStream();
    const { fields, file } = await receiveUpload(request, files, {
      maxBytes: config.maxUploadBytes,
      extensions: MESSAGE_ATTACHMENT_EXTENSIONS,
      noFileMessage: 'Message is required',
      transform: () => enc.stream,
    });
    return { fields, attachment: file ? { file, iv: enc.iv, tag: enc.authTag() } : null };
  }

  /** Parses, and discards the received attachment when the text fields are invalid. */
  async function parsed<S extends z.ZodType>(schema: S, body: Awaited<ReturnType<typeof readBody>>): Promise<z.output<S>> {
    try {
      return parse(schema, body.fields);
    } catch (err) {
      if (body.attachment) await files.discard(body.attachment.file.temp).catch(() => {});
      throw err;
    }
  }

  const counts = (threads: MessageThreadSummary[]): ThreadList['counts'] => ({
    total: threads.length,
    unread: threads.filter((t) => t.status === 'Unread').length,
    high: threads.filter((t) => t.priority === 'High').length,
  });

  // Investor side: only their own threads.
  route.get('/api/investor/messages', async (request) => {
    const threads = await listThreads(db, cipher, 'investor', currentUser(request).id);
    return { threads, counts: counts(threads) };
  });

  route.post('/api/investor/messages', { ...upload }, async (request, reply) => {
    const user = currentUser(request);
    const body = await readBody(request);
    const input = await parsed(newMessageFields, body);
    const threadId = await postMessage(db, files, cipher, {
      newThread: { investorId: user.id, subject: input.subject, priority: input.priority },
      sender: { id: user.id, role: 'investor' },
      body: input.body,
      attachment: body.attachment,
      ip: clientIp(request),
    });
    return reply.status(201).send({ threadId });
  });

  route.get('/api/investor/messages/:id', async (request) => ({
    thread: await openThread(db, cipher, idParam(request.params, 'Message not found'), 'investor', currentUser(request).id),
  }));

  route.post('/api/investor/messages/:id/read', async (request) => {
    await markThreadRead(db, idParam(request.params, 'Message not found'), 'investor', currentUser(request).id);
    return { message: 'Marked as read' };
  });

  route.post('/api/investor/messages/:id/reply', { ...upload }, async (request, reply) => {
    const user = currentUser(request);
    const id = idParam(request.params, 'Message not found');
    const body = await readBody(request);
    const input = await parsed(replyFields, body);
    await postMessage(db, files, cipher, {
      threadId: id,
      sender: { id: user.id, role: 'investor' },
      body: input.body,
      attachment: body.attachment,
      ip: clientIp(request),
      investorScope: user.id,
    });
    return reply.status(201).send({ threadId: id });
  });

  route.get('/api/investor/messages/attachments/:id', async (request, reply) => {
    const a = await attachmentOf(db, idParam(request.params, 'Attachment not found'), currentUser(request).id);
    const name = cipher.decryptText(a.attachmentNameEnc ?? '').replace(/\.[^.]+$/, '');
    return sendStoredFile(
      reply,
      files,
      { key: a.attachmentPath ?? '', name, extension: a.attachmentExtension ?? '', byteSize: a.attachmentSize ?? 0 },
      'download',
      cipher.decryptStream(a.attachmentIv ?? '', a.attachmentTag ?? ''),
    );
  });

  // Admin side: every thread.
  route.get('/api/messages', async () => {
    const threads = await listThreads(db, cipher, 'admin');
    return { threads, counts: counts(threads) };
  });

  route.get('/api/messages/unread-count', async () => ({ unread: await unreadCount(db, 'admin') }));

  const adminNewThread = newMessageFields.extend({ investorId: z.uuid('Choose an investor') });
  route.post('/api/messages', { ...upload }, async (request, reply) => {
    const user = currentUser(request);
    const body = await readBody(request);
    const input = await parsed(adminNewThread, body);
    if (!(await isInvestor(db, input.investorId))) {
      if (body.attachment) await files.discard(body.attachment.file.temp).catch(() => {});
      throw badRequest('Choose an investor', { investorId: 'Choose an investor' });
    }
    const threadId = await postMessage(db, files, cipher, {
      newThread: { investorId: input.investorId, subject: input.subject, priority: input.priority },
      sender: { id: user.id, role: 'admin' },
      body: input.body,
      attachment: body.attachment,
      ip: clientIp(request),
    });
    return reply.status(201).send({ threadId });
  });

  route.get('/api/messages/:id', async (request) => ({
    thread: await openThread(db, cipher, idParam(request.params, 'Message not found'), 'admin'),
  }));

  route.post('/api/messages/:id/read', async (request) => {
    await markThreadRead(db, idParam(request.params, 'Message not found'), 'admin');
    return { message: 'Marked as read' };
  });

  route.post('/api/messages/:id/reply', { ...upload }, async (request, reply) => {
    const user = currentUser(request);
    const id = idParam(request.params, 'Message not found');
    const body = await readBody(request);
    const input = await parsed(replyFields, body);
    await postMessage(db, files, cipher, {
      threadId: id,
      sender: { id: user.id, role: 'admin' },
      body: input.body,
      attachment: body.attachment,
      ip: clientIp(request),
    });
    return reply.status(201).send({ threadId: id });
  });

  route.get('/api/messages/attachments/:id', async (request, reply) => {
    const a = await attachmentOf(db, idParam(request.params, 'Attachment not found'));
    const name = cipher.decryptText(a.attachmentNameEnc ?? '').replace(/\.[^.]+$/, '');
    return sendStoredFile(
      reply,
      files,
      { key: a.attachmentPath ?? '', name, extension: a.attachmentExtension ?? '', byteSize: a.attachmentSize ?? 0 },
      'download',
      cipher.decryptStream(a.attachmentIv ?? '', a.attachmentTag ?? ''),
    );
  });

  route.get('/api/investor/messages/unread-count', async (request) => ({
    unread: await unreadCount(db, 'investor', currentUser(request).id),
  }));
}
