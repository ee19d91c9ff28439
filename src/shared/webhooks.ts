import { z } from 'zod';

/**
 * Signed webhooks (issue 34 part 2, decision 047): a founder registers an endpoint of the firm's
 * own systems (accounting, CRM) with the events it wants; each event is delivered as a signed
 * JSON POST through a durable outbox. This file is the one list of events and their payloads, and
 * the delivery rules (attempts, timeout, the signature's tolerance window) that docs/api.md states.
 */

/** The events an endpoint may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENTS = [
  'subscription.executed',
  'capital_call.issued',
  'receipt.recorded',
  'distribution.recorded',
  'kyc.decided',
  'investor.approved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test event" delivers (never subscribed to: every endpoint may receive it). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveredType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** Money is a decimal string in US dollars ("1250.00"), dates are YYYY-MM-DD, times ISO 8601 UTC. */
export interface WebhookPayloads {
  'subscription.executed': {
    subscriptionId: string;
    dealId: string;
    dealTitle: string;
    investorId: string;
    amount: string;
    completedAt: string;
  };
  'capital_call.issued': {
    callId: string;
    dealId: string;
    dealTitle: string;
    totalAmount: string;
    dueDate: string;
    /** Each called investor's amount. */
    lines: { investorId: string; amount: string }[];
  };
  'receipt.recorded': { callId: string; entryId: string; dealId: string; investorId: string; amount: string; valueDate: string };
  'distribution.recorded': {
    distributionId: string;
    dealId: string;
    dealTitle: string;
    totalAmount: string;
    paymentDate: string;
    recordDate: string;
  };
  'kyc.decided': { applicationId: string; investorId: string | null; decision: 'approved' | 'rejected' };
  'investor.approved': { investorId: string; name: string; email: string | null };
  'webhook.test': { message: string };
}

/** The body of every delivery: the same bytes on every attempt and redelivery of one event. */
export interface WebhookEnvelope<T extends WebhookDeliveredType = WebhookDeliveredType> {
  /** The event's id, also in the X-Webhook-Id header: a receiver drops an id it has seen (idempotency). */
  id: string;
  type: T;
  createdAt: string;
  data: WebhookPayloads[T];
}

/** The delivery rules (decision 047). */
export const WEBHOOK_RULES = {
  /** Attempts of one delivery before it is failed (the founder may redeliver it). */
  maxAttempts: 8,
  /** Seconds before the second attempt; doubles each time (30 s, 1 min, 2 min ... about 1 h 4 min before the 8th). */
  retryBaseSeconds: 30,
  /** A receiver must answer within this (connect and response together). */
  timeoutMs: 10_000,
  /** At most this much of a response is read and kept (the rest is dropped). */
  maxResponseBytes: 64 * 1024,
  /** What the log keeps of a response body. */
  keptResponseChars: 500,
  /** A receiver refuses a signature whose timestamp is further than this from its clock (docs/api.md). */
  signatureToleranceSeconds: 300,
  /** Endpoints at most. */
  maxEndpoints: 20,
} as const;

export const WEBHOOK_HEADERS = {
  signature: 'X-Webhook-Signature',
  id: 'X-Webhook-Id',
  event: 'X-Webhook-Event',
  attempt: 'X-Webhook-Attempt',
} as const;

/** Every secret starts with this, so that secret scanners (and people) recognise one. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_MESSAGES = {
  onlyFounder: 'Only a founder can manage webhooks',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  urlInvalid: 'Enter a full address starting with https://',
  urlHttps: 'Only https:// addresses are allowed',
  urlCredentials: 'The address must not contain a user name or password',
  urlBlocked: 'This address points to a private, loopback or reserved network, which webhooks may not reach',
  urlUnresolved: 'The host name of this address could not be resolved',
  eventsRequired: 'Choose at least one event',
  tooMany: `At most ${WEBHOOK_RULES.maxEndpoints} webhook endpoints`,
  alreadyQueued: 'This delivery is already queued or being sent',
  disabled: 'This endpoint is disabled: enable it to send a test event',
} as const;

const url = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(2000, 'Use at most 2000 characters');
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length);
const description = z.string().trim().max(200, 'Use at most 200 characters');

export const webhookCreateInput = z.object({
  url,
  events,
  description: description.default(''),
  enabled: z.boolean().default(true),
});
export type WebhookCreateInput = z.input<typeof webhookCreateInput>;

export const webhookUpdateInput = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateInput = z.input<typeof webhookUpdateInput>;

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** The secret's first characters, to tell secrets apart (never the secret). */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
}

/** The answer to a creation or rotation: the secret, shown once. */
export interface WebhookWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface WebhookAttempt {
  attempt: number;
  at: string;
  /** The receiver's HTTP status, or null when none came (refused address, timeout, connection error). */
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  event: WebhookDeliveredType;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastResponseCode: number | null;
  lastError: string | null;
  /** Every attempt, the latest first. */
  log: WebhookAttempt[];
}
