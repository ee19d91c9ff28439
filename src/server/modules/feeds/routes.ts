import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEED_MESSAGES } from '../../../shared/feeds.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { contentDisposition } from '../../storage/content.ts';
import {
  adminInvestorIlpaNotices,
  calendarFeedStatus,
  calendarFor,
  callIlpaNotices,
  capitalAccount,
  capitalAccountCsv,
  ilpaCsv,
  investorIlpaNotice,
  investorIlpaNotices,
  regenerateFeed,
  revokeFeed,
} from './service.ts';

function sendText(reply: FastifyReply, text: string, name: string, type: string, disposition: 'inline' | 'attachment' = 'attachment') {
  const bytes = Buffer.from(text, 'utf8');
  return reply
    .header('content-type', type)
    .header('content-length', String(bytes.length))
    .header('content-disposition', contentDisposition(disposition, name))
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
const CSV = 'text/csv; charset=utf-8';
const period = (q: { from?: string | undefined; to?: string | undefined }) => [q.from ?? 'start', q.to ?? 'today'].join('-to-');

/** The feed's own address, as the investor's calendar app will call it. */
function feedUrl(ctx: AppContext, request: FastifyRequest, secret: string): string {
  const origin = ctx.config.publicUrl?.origin ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  return `${origin}/api/feeds/calendar/${secret}`;
}

/** Investor feeds (issue 34 part 3, decision 048): ILPA notices, the capital-account export, the calendar feed. */
export async function feedRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;

  // ILPA-template notices: the investor's own (session or token), any investor's or a call's for admins.
  route.get('/api/investor/ilpa-notices', async (request) => investorIlpaNotices(db, currentUser(request).id, request.query));
  route.get('/api/investor/ilpa-notices.csv', async (request, reply) => {
    const { notices } = await investorIlpaNotices(db, currentUser(request).id, request.query);
    return sendText(reply, ilpaCsv(notices), `ilpa-notices-${period(request.query)}.csv`, CSV);
  });
  route.get('/api/investor/ilpa-notices/:id', async (request) => ({
    notice: await investorIlpaNotice(db, currentUser(request).id, idParam(request.params, FEED_MESSAGES.noticeNotFound)),
  }));
  route.get('/api/investor/ilpa-notices/:id/csv', async (request, reply) => {
    const notice = await investorIlpaNotice(db, currentUser(request).id, idParam(request.params, FEED_MESSAGES.noticeNotFound));
    return sendText(reply, ilpaCsv([notice]), `ilpa-${notice.noticeType.replace('_', '-')}-${notice.noticeDate}.csv`, CSV);
  });
  route.get('/api/investors/:id/ilpa-notices', async (request) =>
    adminInvestorIlpaNotices(db, idParam(request.params, 'Investor not found'), request.query),
  );
  route.get('/api/investors/:id/ilpa-notices.csv', async (request, reply) => {
    const { notices } = await adminInvestorIlpaNotices(db, idParam(request.params, 'Investor not found'), request.query);
    return sendText(reply, ilpaCsv(notices), `ilpa-notices-${period(request.query)}.csv`, CSV);
  });
  route.get('/api/capital-calls/:id/ilpa-notices', async (request) =>
    callIlpaNotices(db, idParam(request.params, 'Capital call not found')),
  );
  route.get('/api/capital-calls/:id/ilpa-notices.csv', async (request, reply) => {
    const { notices } = await callIlpaNotices(db, idParam(request.params, 'Capital call not found'));
    return sendText(reply, ilpaCsv(notices), `ilpa-capital-call-${notices[0]?.noticeDate ?? 'notices'}.csv`, CSV);
  });

  // The capital account: every ledger entry with its value and record dates.
  route.get('/api/investor/capital-account', async (request) => capitalAccount(db, currentUser(request).id));
  route.get('/api/investor/capital-account.csv', async (request, reply) => {
    const account = await capitalAccount(db, currentUser(request).id);
    return sendText(reply, capitalAccountCsv(account), `capital-account-${account.asOf}.csv`, CSV);
  });
  route.get('/api/investors/:id/capital-account', async (request) => capitalAccount(db, idParam(request.params, 'Investor not found')));
  route.get('/api/investors/:id/capital-account.csv', async (request, reply) => {
    const account = await capitalAccount(db, idParam(request.params, 'Investor not found'));
    return sendText(reply, capitalAccountCsv(account), `capital-account-${account.asOf}.csv`, CSV);
  });

  // The calendar feed: managed with a session; read by calendar apps with the secret in the URL.
  route.get('/api/investor/calendar-feed', async (request) => ({ feed: await calendarFeedStatus(db, currentUser(request).id) }));
  route.post('/api/investor/calendar-feed', async (request, reply) => {
    const { secret, feed } = await regenerateFeed(ctx, currentUser(request).id, clientIp(request));
    // The secret is in this answer only: nothing may keep it.
    reply.header('cache-control', 'no-store');
    return reply.status(201).send({ url: feedUrl(ctx, request, secret), feed });
  });
  route.delete('/api/investor/calendar-feed', async (request) => ({
    feed: await revokeFeed(ctx, currentUser(request).id, clientIp(request)),
  }));
  route.get('/api/feeds/calendar/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const text = await calendarFor(db, token, request.ip, ctx.now?.() ?? new Date());
    return sendText(reply, text, 'calendar.ics', 'text/calendar; charset=utf-8', 'inline');
  });
}
