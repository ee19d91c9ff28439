import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statementRunInput } from '../../../shared/ledger.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { contentDisposition } from '../../storage/content.ts';
import { companyDay } from '../settings/clock.ts';
import { callChoices, createCall, investorNotices, listCalls, previewCall, recordReceipt } from './calls.ts';
import { chargeEqualisation, previewEqualisation } from './ownership.ts';
import { closeDocumentRenderer, documentRenderer } from './pdf-pool.ts';
import { dealLedger, recordFee, reverseEntry } from './service.ts';
import { generatedStatements, getRun, startStatementRun } from './statement-runs.ts';
import { buildStatement, callNoticePdf, pdfFileName, statementPdf } from './statements.ts';

function sendPdf(reply: FastifyReply, pdf: Buffer, name: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('attachment', name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/** Capital accounts: calls, receipts, the ledger, reversals, fees, notices and statements. */
export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;
  // Statements and notices are drawn in worker threads (decision 026), stopped with the server.
  const pdfs = documentRenderer(ctx);
  app.addHook('onClose', () => closeDocumentRenderer(ctx));
  /** One download: a place of the requester's held from gathering the figures to the drawn PDF (429 past their limit). */
  const oneDocument = async <T>(request: FastifyRequest, make: () => Promise<T>): Promise<T> => {
    const release = pdfs.claim(currentUser(request).id);
    try {
      return await make();
    } finally {
      release();
    }
  };

  route.get('/api/capital-calls', async () => ({ calls: await listCalls(db) }));

  route.post('/api/capital-calls', async (request, reply) => {
    const input = request.body;
    const user = currentUser(request);
    return reply.status(201).send({ call: await db.tx((q) => createCall(q, input, user.id, clientIp(request))) });
  });

  // Equalisation of a later close (decision 040): the plan, then charging it once.
  route.get('/api/deals/:id/equalisation', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    return { equalisation: await previewEqualisation(db, id, request.query.closeDate) };
  });

  route.post('/api/deals/:id/equalisation', async (request, reply) => {
    const id = idParam(request.params, 'Deal not found');
    const user = currentUser(request);
    const equalisation = await db.tx((q) => chargeEqualisation(q, id, request.body, user.id, clientIp(request)));
    return reply.status(201).send({ equalisation });
  });

  // The New Capital Call form: whom a call can ask, then each investor's amount before issuing.
  route.get('/api/deals/:id/call-choices', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    return { choices: await callChoices(db, id) };
  });

  route.post('/api/capital-calls/preview', async (request) => {
    const input = request.body;
    return { plan: await previewCall(db, input) };
  });

  route.get('/api/capital-calls/:id', async (request) => {
    const id = idParam(request.params, 'Capital call not found');
    const call = (await listCalls(db, { callId: id }))[0];
    if (!call) throw notFound('Capital call not found');
    return { call };
  });

  route.post('/api/capital-calls/:id/receipts', async (request, reply) => {
    const id = idParam(request.params, 'Capital call not found');
    const input = request.body;
    const user = currentUser(request);
    return reply.status(201).send({ call: await db.tx((q) => recordReceipt(q, id, input, user.id, clientIp(request))) });
  });

  route.get('/api/deals/:id/ledger', async (request) => {
    const id = idParam(request.params, 'Deal not found');
    return { ledger: await dealLedger(db, id) };
  });

  route.post('/api/deals/:id/fees', async (request, reply) => {
    const id = idParam(request.params, 'Deal not found');
    const input = request.body;
    const user = currentUser(request);
    await db.tx((q) => recordFee(q, id, input, user.id, clientIp(request)));
    return reply.status(201).send({ ledger: await dealLedger(db, id) });
  });

  route.post('/api/ledger/:id/reverse', async (request, reply) => {
    const id = idParam(request.params, 'Ledger entry not found');
    const { reason } = request.body;
    const user = currentUser(request);
    return reply.status(201).send({ entry: await db.tx((q) => reverseEntry(q, id, reason, user.id, clientIp(request))) });
  });

  route.get('/api/investors/:id/statement', async (request, reply) => {
    const id = idParam(request.params, 'Investor not found');
    const { from, to } = request.query;
    const pdf = await oneDocument(request, async () => {
      const s = await buildStatement(db, id, from, to);
      return { pdf: await statementPdf(db, s, pdfs), name: `Statement ${s.investorName} ${from} ${to}` };
    });
    return sendPdf(reply, pdf.pdf, pdfFileName(pdf.name));
  });

  route.post('/api/statement-runs', async (request, reply) => {
    const { from, to } = request.body;
    const user = currentUser(request);
    return reply.status(202).send({ run: await startStatementRun(ctx, from, to, user.id, clientIp(request)) });
  });

  route.get('/api/statement-runs/:id', async (request) => {
    const run = await getRun(db, idParam(request.params, 'Statement run not found'));
    if (!run) throw notFound('Statement run not found');
    return { run };
  });

  route.get('/api/investor/capital-calls', async (request) => ({ notices: await investorNotices(db, currentUser(request).id) }));

  route.get('/api/investor/capital-calls/:id/notice', async (request, reply) => {
    const id = idParam(request.params, 'Capital call not found');
    const user = currentUser(request);
    // Another investor's call and no call look the same.
    const notice = (await investorNotices(db, user.id, id))[0];
    if (!notice) throw notFound('Capital call not found');
    const pdf = await oneDocument(request, () => callNoticePdf(db, pdfs, user.name, notice, user.language));
    return sendPdf(reply, pdf, pdfFileName(`Capital call ${notice.dealTitle} ${notice.callDate}`));
  });

  route.get('/api/investor/statements', async (request) => ({
    statements: await generatedStatements(db, currentUser(request).id),
  }));

  route.get('/api/investor/statement', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const { today } = await companyDay(ctx);
    const { from, to } = parse(statementRunInput, { from: q.from ?? `${today.slice(0, 4)}-01-01`, to: q.to ?? today });
    const pdf = await oneDocument(request, async () => statementPdf(db, await buildStatement(db, currentUser(request).id, from, to), pdfs));
    return sendPdf(reply, pdf, pdfFileName(`Capital account statement ${from} ${to}`));
  });
}
