import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { contentDisposition } from '../../storage/content.ts';
import { logActivity } from '../activity/service.ts';
import { changeResidence, reportableAccountsCsv, signCertification, taxState } from './service.ts';

/**
 * FATCA / CRS tax self-certification (issue 31 part 3, decision 049). The investor routes act on
 * the signed-in investor only (no investor id is read from the request); admins read one
 * investor's certifications and export the reporting year.
 */
export async function taxRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;

  route.get('/api/investor/tax', async (request) => ({ tax: await taxState(db, currentUser(request).id) }));

  route.post('/api/investor/tax/certifications', async (request) => {
    const user = currentUser(request);
    await signCertification(ctx, user, request.body, clientIp(request));
    return { tax: await taxState(db, user.id) };
  });

  route.put('/api/investor/tax/residence', async (request) => {
    const user = currentUser(request);
    await db.tx((q) => changeResidence(q, user.id, request.body, clientIp(request)));
    return { tax: await taxState(db, user.id) };
  });

  route.get('/api/tax/investors/:id', async (request) => ({
    tax: await taxState(db, idParam(request.params, 'Investor not found')),
  }));

  route.get('/api/tax/export.csv', async (request, reply) => {
    const { year } = request.query;
    const { csv, rows } = await reportableAccountsCsv(db, year);
    await logActivity(db, {
      type: 'tax_export_downloaded',
      userId: currentUser(request).id,
      details: { year, rows },
      ip: clientIp(request),
    });
    return sendCsv(reply, csv, `reportable-accounts-${year}.csv`);
  });
}

function sendCsv(reply: FastifyReply, csv: string, name: string) {
  const bytes = Buffer.from(csv, 'utf8');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-length', String(bytes.length))
    .header('content-disposition', contentDisposition('attachment', name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
