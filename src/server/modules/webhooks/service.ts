import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_RULES,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
  type webhookCreateInput,
  type webhookUpdateInput,
} from '../../../shared/webhooks.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { emitTestEvent, webhookSignal } from './emit.ts';
import { checkWebhookUrl, type NetworkPolicy, WebhookAddressError } from './network.ts';
import {
  countEndpoints,
  deliveryEndpoint,
  getEndpoint,
  insertEndpoint,
  listDeliveries,
  requeueDelivery,
  updateEndpoint,
} from './repository.ts';

export const policyOf = (ctx: AppContext): NetworkPolicy => ({
  allowedNetworks: ctx.config.webhooks.allowedNetworks,
  allowHttpLoopback: ctx.config.webhooks.allowHttpLoopback,
});

function newSecret(): { secret: string; hint: string } {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hint: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4) };
}

/** The URL checked as at delivery (form, then every resolved address): 400 on the url field. */
async function checkedUrl(ctx: AppContext, url: string): Promise<string> {
  try {
    return (await checkWebhookUrl(url, policyOf(ctx))).href;
  } catch (err) {
    if (err instanceof WebhookAddressError) throw badRequest(err.message, { url: err.message });
    throw err;
  }
}

export async function createEndpoint(
  ctx: AppContext,
  actorId: string,
  input: z.output<typeof webhookCreateInput>,
  ip: string,
): Promise<WebhookWithSecret> {
  // Resolved before the transaction: a slow DNS answer holds no lock.
  const url = await checkedUrl(ctx, input.url);
  const { secret, hint } = newSecret();
  const endpoint = await ctx.db.tx(async (q) => {
    // One at a time (the cap holds under parallel creations). Raw: Kysely has no LOCK TABLE statement.
    await q.query('LOCK TABLE webhook_endpoints IN SHARE ROW EXCLUSIVE MODE');
    if ((await countEndpoints(q)) >= WEBHOOK_RULES.maxEndpoints) throw conflict(WEBHOOK_MESSAGES.tooMany, 'TOO_MANY_WEBHOOKS');
    const e = await insertEndpoint(q, {
      url,
      description: input.description,
      events: input.events,
      enabled: input.enabled,
      secretEncrypted: ctx.cipher.encryptText(secret),
      secretHint: hint,
      createdBy: actorId,
    });
    await logActivity(q, { type: 'webhook_created', userId: actorId, details: { endpointId: e.id, url, events: input.events }, ip });
    return e;
  });
  return { endpoint, secret };
}

export async function changeEndpoint(
  ctx: AppContext,
  actorId: string,
  id: string,
  input: z.output<typeof webhookUpdateInput>,
  ip: string,
): Promise<WebhookEndpoint> {
  const url = input.url === undefined ? undefined : await checkedUrl(ctx, input.url);
  return ctx.db.tx(async (q) => {
    const before = await getEndpoint(q, id, true);
    if (!before) throw notFound(WEBHOOK_MESSAGES.notFound);
    const set = {
      ...(url !== undefined ? { url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    };
    const changes = Object.fromEntries(
      Object.entries(set)
        .filter(([k, v]) => JSON.stringify(before[k as keyof WebhookEndpoint]) !== JSON.stringify(v))
        .map(([k, v]) => [k, { from: before[k as keyof WebhookEndpoint], to: v }]),
    );
    if (Object.keys(changes).length === 0) return before;
    const after = await updateEndpoint(q, id, set);
    await logActivity(q, { type: 'webhook_updated', userId: actorId, details: { endpointId: id, changes }, ip });
    return after;
  });
}

export async function rotateSecret(ctx: AppContext, actorId: string, id: string, ip: string): Promise<WebhookWithSecret> {
  const { secret, hint } = newSecret();
  const endpoint = await ctx.db.tx(async (q) => {
    if (!(await getEndpoint(q, id, true))) throw notFound(WEBHOOK_MESSAGES.notFound);
    const e = await updateEndpoint(q, id, { secretEncrypted: ctx.cipher.encryptText(secret), secretHint: hint }, true);
    await logActivity(q, { type: 'webhook_secret_rotated', userId: actorId, details: { endpointId: id }, ip });
    return e;
  });
  return { endpoint, secret };
}

export async function endpointDeliveries(ctx: AppContext, id: string): Promise<WebhookDelivery[]> {
  if (!(await getEndpoint(ctx.db, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
  return listDeliveries(ctx.db, id);
}

export async function sendTestEvent(ctx: AppContext, actorId: string, id: string, ip: string): Promise<WebhookDelivery> {
  const { endpointId, deliveryId } = await ctx.db.tx(async (q) => {
    const e = await getEndpoint(q, id, true);
    if (!e) throw notFound(WEBHOOK_MESSAGES.notFound);
    if (!e.enabled) throw conflict(WEBHOOK_MESSAGES.disabled, 'WEBHOOK_DISABLED');
    const deliveryId = await emitTestEvent(q, id);
    await logActivity(q, { type: 'webhook_test_sent', userId: actorId, details: { endpointId: id, deliveryId }, ip });
    return { endpointId: id, deliveryId };
  });
  return (await listDeliveries(ctx.db, endpointId, { id: deliveryId }))[0] as WebhookDelivery;
}

/** Queues a delivered or failed delivery again: 409 when it is already queued or being sent. */
export async function redeliver(ctx: AppContext, actorId: string, deliveryId: string, ip: string): Promise<WebhookDelivery> {
  const endpointId = await ctx.db.tx(async (q) => {
    const endpointId = await deliveryEndpoint(q, deliveryId);
    if (!endpointId) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    if (!(await requeueDelivery(q, deliveryId))) throw conflict(WEBHOOK_MESSAGES.alreadyQueued, 'ALREADY_QUEUED');
    await logActivity(q, { type: 'webhook_redelivered', userId: actorId, details: { endpointId, deliveryId }, ip });
    return endpointId;
  });
  setTimeout(() => webhookSignal.emit('enqueued'), 50).unref();
  return (await listDeliveries(ctx.db, endpointId, { id: deliveryId }))[0] as WebhookDelivery;
}
