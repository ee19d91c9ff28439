import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendWebhook } from './delivery.ts';
import { webhookSignal } from './emit.ts';
import { claimDue, deliveryTarget, recordAttempt, settleDelivery } from './repository.ts';
import { policyOf } from './service.ts';

const BATCH = 10;

/** Seconds before the attempt after `attempts` failed ones: base, 2 x base, 4 x base ... at most a day. */
export const webhookRetryDelay = (baseSeconds: number, attempts: number) => Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), 86_400);

/**
 * Sends the webhook outbox (decision 047): at once when this process queued something, and as
 * the periodic 'webhook-outbox' job on whichever server claims it. Claims use row locks and a
 * lease (like e-mails), so two servers never make the same attempt; a failure is retried with
 * exponential backoff until WEBHOOK_MAX_ATTEMPTS, then the delivery is failed (redeliver queues it
 * again). A refused address is failed at once (no retry can change it).
 */
export class WebhookWorker {
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private readonly onSignal = () => void this.pass();

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    webhookSignal.on('enqueued', this.onSignal);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    webhookSignal.off('enqueued', this.onSignal);
    await this.running?.catch(() => {});
  }

  /** Every due delivery (after the pass in progress on this server, if any). */
  pass(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.again = false;
        total += await this.sendDue().catch((err) => {
          this.log?.error({ err }, 'webhook outbox pass failed');
          return 0;
        });
      } while (this.again && !this.stopped);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Every due delivery in batches; returns how many attempts were made. */
  async sendDue(): Promise<number> {
    let attempted = 0;
    const { retryBaseSeconds, maxAttempts } = this.ctx.config.webhooks;
    for (;;) {
      const batch = await this.ctx.db.tx((q) => claimDue(q, BATCH));
      if (batch.length === 0) return attempted;
      await Promise.all(
        batch.map(async (d) => {
          attempted++;
          const startedAt = new Date();
          const target = await deliveryTarget(this.ctx.db, d.id);
          if (!target) return;
          const outcome = target.enabled
            ? await sendWebhook(
                {
                  url: target.url,
                  secret: this.ctx.cipher.decryptText(target.secretEncrypted),
                  body: target.body,
                  eventId: d.eventId,
                  eventType: target.type,
                  attempt: d.attempts,
                  now: this.ctx.now,
                },
                policyOf(this.ctx),
              )
            : { ok: false, responseCode: null, durationMs: 0, error: 'The endpoint is disabled', excerpt: null, permanent: true };
          const status = outcome.ok ? 'delivered' : outcome.permanent || d.attempts >= maxAttempts ? 'failed' : 'queued';
          await this.ctx.db.tx(async (q) => {
            await recordAttempt(q, {
              deliveryId: d.id,
              attempt: d.attempts,
              startedAt,
              durationMs: outcome.durationMs,
              responseCode: outcome.responseCode,
              excerpt: outcome.excerpt,
              error: outcome.error,
            });
            await settleDelivery(q, d.id, {
              status,
              responseCode: outcome.responseCode,
              error: outcome.error,
              delaySeconds: webhookRetryDelay(retryBaseSeconds, d.attempts),
            });
          });
          const entry = { deliveryId: d.id, event: target.type, attempt: d.attempts, status, responseCode: outcome.responseCode };
          if (outcome.ok) this.log?.info(entry, 'webhook delivered');
          else this.log?.warn({ ...entry, error: outcome.error }, 'webhook not delivered');
        }),
      );
    }
  }
}
