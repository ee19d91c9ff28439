import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { WebhookDeliveredType, WebhookEnvelope, WebhookEventType, WebhookPayloads } from '../../../shared/webhooks.ts';
import type { Queryable } from '../../db/client.ts';
import { insertEvent, subscribedEndpoints } from './repository.ts';

/** Tells this process's worker that a delivery may be due (another server finds it by polling). */
export const webhookSignal = new EventEmitter();
webhookSignal.setMaxListeners(50);

/** The body of an event, fixed once: every attempt and redelivery sends these bytes. */
export function envelope<T extends WebhookDeliveredType>(id: string, type: T, data: WebhookPayloads[T], at: Date): string {
  const e: WebhookEnvelope<T> = { id, type, createdAt: at.toISOString(), data };
  return JSON.stringify(e);
}

/**
 * Records an event for every enabled endpoint subscribed to its type, in the caller's
 * transaction (the change and its deliveries commit together, or neither). Nothing is written
 * when no endpoint wants it. The worker sends the deliveries after the commit.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(q: Queryable, type: T, data: WebhookPayloads[T]): Promise<void> {
  const endpoints = await subscribedEndpoints(q, type);
  if (endpoints.length === 0) return;
  const id = randomUUID();
  await insertEvent(q, type, envelope(id, type, data, new Date()), id, endpoints);
  // The transaction commits after this returns; give it a moment before looking.
  setTimeout(() => webhookSignal.emit('enqueued'), 50).unref();
}

/** "Send test event": one delivery to one endpoint. Returns the delivery's id. */
export async function emitTestEvent(q: Queryable, endpointId: string): Promise<string> {
  const id = randomUUID();
  const [deliveryId] = await insertEvent(
    q,
    'webhook.test',
    envelope(id, 'webhook.test', { message: 'A test event: the endpoint and its signature check work.' }, new Date()),
    id,
    [endpointId],
  );
  setTimeout(() => webhookSignal.emit('enqueued'), 50).unref();
  return deliveryId as string;
}
