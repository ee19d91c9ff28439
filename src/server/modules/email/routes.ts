import type { FastifyInstance } from 'fastify';
import { type NotificationTopic, type OutboxPage, type TestEmailResult, TOPIC_INFO, topicsFor } from '../../../shared/email.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { logActivity } from '../activity/service.ts';
import { getSettings } from '../settings/service.ts';
import { audienceOf } from './notify.ts';
import { listOutbox, retryNow } from './outbox.ts';
import { preferencesOf, unsubscribeByToken, updatePreferences } from './preferences.ts';
import { templates } from './templates.ts';
import { describeError, resolveTarget, sendOne } from './transport.ts';
import { linkBase, withLinks } from './worker.ts';

export async function emailRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;

  // ---- a user's own notification preferences ----
  route.get('/api/me/notifications', async (request) => {
    const user = currentUser(request);
    return { preferences: await preferencesOf(db, user) };
  });

  route.put('/api/me/notifications', async (request) => {
    const user = currentUser(request);
    const { topics } = request.body;
    const own = new Set(topicsFor(user.role));
    for (const t of Object.keys(topics)) {
      if (!own.has(t as NotificationTopic)) throw badRequest(`"${t}" is not a notification for your account`, { topics: 'Unknown topic' });
    }
    const preferences = await updatePreferences(db, user, topics);
    return { preferences };
  });

  route.post('/api/notifications/unsubscribe', async (request) => {
    const { token, topic } = request.body;
    if (!(await unsubscribeByToken(db, token, topic))) {
      throw badRequest('This unsubscribe link is not valid', { token: 'This unsubscribe link is not valid' });
    }
    return { message: `You will no longer receive ${TOPIC_INFO[topic].label.toLowerCase()} e-mails.`, topic };
  });

  // ---- admin: outbox and test e-mail ----
  route.get('/api/email/outbox', async (request) => {
    const query = request.query;
    const page: OutboxPage = {
      ...(await listOutbox(db, query)),
      server: {
        smtpUrlOverride: Boolean(ctx.config.mail.smtpUrl),
        passwordFromEnv: Boolean(ctx.config.mail.smtpPassword),
        linkBase: linkBase(ctx.config),
        publicUrlSet: Boolean(ctx.config.publicUrl),
      },
    };
    return page;
  });

  route.post('/api/email/outbox/:id/retry', async (request) => {
    const raw = (request.params as { id?: string }).id ?? '';
    if (!/^\d{1,15}$/.test(raw)) throw badRequest('E-mail not found');
    return { entry: await retryNow(db, Number(raw)) };
  });

  route.post('/api/email/test', async (request): Promise<TestEmailResult> => {
    const { to } = request.body;
    const user = currentUser(request);
    const settings = await getSettings(db);
    let result: TestEmailResult;
    try {
      const target = resolveTarget(settings, ctx.config.mail, ctx.config.publicUrl);
      const rendered = templates.testEmail(audienceOf(settings, user), { sentBy: user.name });
      const base = linkBase(ctx.config);
      const response = await sendOne(target, {
        to,
        subject: rendered.subject,
        text: withLinks(rendered.text, base),
        html: withLinks(rendered.html, base),
      });
      result = { ok: true, response };
    } catch (err) {
      result = { ok: false, response: describeError(err).message };
    }
    await logActivity(db, {
      type: 'email_test_sent',
      userId: user.id,
      details: { to, ok: result.ok, response: result.response },
      ip: clientIp(request),
    });
    return result;
  });
}
