import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCREENING_SOURCES, type ScreeningSource } from '../../../shared/screening.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { fileTooLarge, refuseOversized } from '../../storage/upload.ts';
import { logActivity } from '../activity/service.ts';
import { queueRescreen, queueScreenInvestor } from './jobs.ts';
import { parseList } from './lists.ts';
import { approvePepRow, eddDocumentCount } from './repository.ts';
import {
  addPerson,
  clearHit,
  confirmHit,
  escalateHit,
  hitQueue,
  importDiff,
  importList,
  investorScreening,
  listImports,
  removePerson,
  updateOwnDetails,
  updatePerson,
} from './service.ts';

const EXTENSION: Record<ScreeningSource, string> = { un: 'xml', uae: 'csv', firm: 'csv' };

/** Reads the import form (a `source` field and one `file`) into memory; 400/413 with a message. */
async function readListForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ source: ScreeningSource; fileName: string; bytes: Buffer }> {
  const noFile = 'Please select a list file to import';
  if (!request.isMultipart()) throw badRequest(noFile, { file: noFile });
  let source: string | undefined;
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 20_000 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'source') source = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest('Send one file, in the field named "file"');
      }
      const bytes = await part.toBuffer();
      file = { name: part.filename, bytes };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    if (err instanceof HttpError) throw err;
    throw badRequest('The upload could not be read. Please try again.');
  }
  if (!source || !(SCREENING_SOURCES as readonly string[]).includes(source)) {
    const message = 'Choose which list this is';
    throw badRequest(message, { source: message });
  }
  const s = source as ScreeningSource;
  if (!file || file.bytes.length === 0) throw badRequest(noFile, { file: noFile });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f/\\]/.test(file.name) || file.name.includes('..'))
    throw badRequest('The file name is not allowed', { file: 'The file name is not allowed' });
  if (!file.name.toLowerCase().endsWith(`.${EXTENSION[s]}`)) {
    const message = `This list is imported from a .${EXTENSION[s]} file`;
    throw badRequest(message, { file: message });
  }
  return { source: s, fileName: file.name, bytes: file.bytes };
}

export async function screeningRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db, config } = ctx;
  const screenLater = (investorId: string) => queueScreenInvestor(ctx, investorId);
  const mine = async (request: FastifyRequest) => ({ screening: await investorScreening(db, currentUser(request).id) });

  // Investor side: only the signed-in investor's own details and named persons.
  route.get('/api/investor/screening', async (request) => mine(request));

  route.put('/api/investor/screening', async (request) => {
    const user = currentUser(request);
    await updateOwnDetails(db, user.id, request.body);
    await screenLater(user.id);
    return mine(request);
  });

  route.post('/api/investor/screening/persons', async (request, reply) => {
    const user = currentUser(request);
    await db.tx((q) => addPerson(q, user.id, request.body));
    await screenLater(user.id);
    return reply.status(201).send(await mine(request));
  });

  route.put('/api/investor/screening/persons/:id', async (request) => {
    const user = currentUser(request);
    await updatePerson(db, user.id, idParam(request.params, 'Person not found'), request.body);
    await screenLater(user.id);
    return mine(request);
  });

  route.delete('/api/investor/screening/persons/:id', async (request) => {
    const user = currentUser(request);
    await removePerson(db, user.id, idParam(request.params, 'Person not found'));
    return mine(request);
  });

  // Admin side.
  route.get('/api/screening/investors/:id', async (request) => ({
    screening: await investorScreening(db, idParam(request.params, 'Investor not found')),
  }));

  route.post('/api/screening/investors/:id/pep-approval', async (request) => {
    const actor = currentUser(request);
    const id = idParam(request.params, 'Investor not found');
    if (actor.userType !== 'founder') {
      await logActivity(db, {
        type: 'admin_action_refused',
        userId: actor.id,
        targetUserId: id,
        details: { action: 'approve PEP' },
        ip: clientIp(request),
      });
      throw forbidden('Only a founder can approve a politically exposed person', 'FOUNDER_ONLY');
    }
    const screening = await investorScreening(db, id);
    if (!screening.status.pep) throw conflict('This investor is not a politically exposed person', 'NOT_PEP');
    // Enhanced due diligence: the source of funds (and wealth) evidence is on file in KYC.
    if ((await eddDocumentCount(db, id)) < 2)
      throw conflict(
        'Enhanced due diligence is incomplete: the source of funds and the financial statements (source of wealth) must be uploaded first',
        'EDD_INCOMPLETE',
      );
    await db.tx(async (q) => {
      await approvePepRow(q, id, actor.id);
      await logActivity(q, { type: 'screening_pep_approved', userId: actor.id, targetUserId: id, ip: clientIp(request) });
    });
    return { screening: await investorScreening(db, id) };
  });

  route.get('/api/screening/imports', async () => ({ imports: await listImports(db) }));

  route.post('/api/screening/imports', { onRequest: refuseOversized(config.maxUploadBytes) }, async (request, reply) => {
    const actor = currentUser(request);
    const form = await readListForm(request, config.maxUploadBytes);
    const entries = parseList(form.source, form.bytes);
    const sha256 = createHash('sha256').update(form.bytes).digest('hex');
    // Everyone is re-screened against the added and changed entries by a durable job (decision
    // 050), queued with the import in one transaction.
    const imported = await db.tx(async (q) => {
      const row = await importList(q, { source: form.source, fileName: form.fileName, sha256, entries }, actor.id, clientIp(request));
      await queueRescreen(q, row.id, actor.id);
      return row;
    });
    void ctx.jobs?.kick();
    return reply.status(201).send({ import: imported });
  });

  route.get('/api/screening/imports/:id', async (request) => importDiff(db, idParam(request.params, 'List import not found')));

  route.get('/api/screening/hits', async (request) => hitQueue(db, request.query.status));

  route.post('/api/screening/hits/:id/clear', async (request) => {
    const id = idParam(request.params, 'Screening hit not found');
    return { hit: await db.tx((q) => clearHit(q, id, request.body.reason, currentUser(request).id, clientIp(request))) };
  });

  route.post('/api/screening/hits/:id/escalate', async (request) => {
    const id = idParam(request.params, 'Screening hit not found');
    return { hit: await db.tx((q) => escalateHit(q, id, request.body.note || null, currentUser(request).id, clientIp(request))) };
  });

  route.post('/api/screening/hits/:id/confirm', async (request) => {
    const id = idParam(request.params, 'Screening hit not found');
    return { hit: await db.tx((q) => confirmHit(q, id, request.body.note || null, currentUser(request).id, clientIp(request))) };
  });
}
