import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { getSettings } from '../settings/service.ts';
import { enqueueCapitalCallReminders, enqueueComplianceDigest } from './notify.ts';
import { claimDue, markFailed, markSent, outboxSignal, releaseAbandoned } from './outbox.ts';
import { LINK_BASE } from './templates.ts';
import { describeError, MailNotConfigured, type MailTarget, resolveTarget, sendOne } from './transport.ts';

const BATCH = 10;

/** The address links in e-mails point at: PUBLIC_URL, or this server's own address. */
export function linkBase(config: Config, ownUrl?: string): string {
  return config.publicUrl?.origin ?? ownUrl ?? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
}

export const withLinks = (text: string, base: string) => text.split(LINK_BASE).join(base);

/**
 * Sends what the outbox holds: every EMAIL_POLL_SECONDS as the periodic 'email-outbox' job (and at
 * once when this process queued something), claims due e-mails with row locks so that several instances never send the
 * same one, retries failures with exponential backoff and gives up after EMAIL_MAX_ATTEMPTS
 * (or at once on a permanent 5xx refusal). It also queues the daily compliance digest and the
 * capital-call reminders (the 'daily-notices' job).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private readonly onSignal = () => void this.kick();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly opts: { baseUrl: () => string; log?: FastifyBaseLogger; now?: () => Date },
  ) {}

  /**
   * Listens for e-mails this process queues (they go out at once). The regular pass is the
   * periodic 'email-outbox' job (decision 041), run by whichever server claims it; `poll: true`
   * also polls on a timer here, without the job table (tests and tools).
   */
  start(opts: { poll?: boolean } = {}): Promise<void> {
    this.stopped = false;
    outboxSignal.on('enqueued', this.onSignal);
    // The only server on an embedded database: what a killed predecessor was sending goes out now.
    const ready = this.db.engine === 'pglite' ? releaseAbandoned(this.db) : Promise.resolve(0);
    const tick = () => {
      void this.kick().finally(() => {
        if (!this.stopped && opts.poll) this.timer = setTimeout(tick, this.config.mail.pollSeconds * 1000);
      });
    };
    // Resolves once abandoned e-mails are released (the outbox job must not start before that).
    return ready
      .catch((err) => {
        this.opts.log?.error({ err }, 'releasing abandoned e-mails failed');
        return 0;
      })
      .then(() => {
        if (!this.stopped) tick();
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    outboxSignal.off('enqueued', this.onSignal);
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** The periodic job's pass: every due e-mail (after the pass in progress on this server, if any). */
  async pass(): Promise<number> {
    return this.kick();
  }

  /** Runs a pass now (or right after the one in progress). */
  private kick(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.again = false;
        total += await this.sendDue().catch((err) => {
          this.opts.log?.error({ err }, 'e-mail outbox pass failed');
          return 0;
        });
      } while (this.again && !this.stopped);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** One pass: the daily digest and capital-call reminders, then every due e-mail in batches. Returns how many were attempted. */
  async runOnce(): Promise<number> {
    await this.queueNotices();
    return this.sendDue();
  }

  /**
   * The daily compliance digest and the capital-call reminders (each queued once per day, whoever
   * runs this: the 'daily-notices' job). Returns what went wrong, if anything.
   */
  async queueNotices(): Promise<string | null> {
    const now = this.opts.now?.() ?? new Date();
    const errors: string[] = [];
    await this.db
      .tx((q) => enqueueComplianceDigest(q, now))
      .catch((err) => {
        errors.push(`compliance digest: ${(err as Error).message}`);
        this.opts.log?.error({ err }, 'compliance digest failed');
      });
    await this.db
      .tx((q) => enqueueCapitalCallReminders(q, now))
      .catch((err) => {
        errors.push(`capital call reminders: ${(err as Error).message}`);
        this.opts.log?.error({ err }, 'capital call reminders failed');
      });
    return errors.length ? errors.join('; ') : null;
  }

  /** Every due e-mail in batches. Returns how many were attempted. */
  async sendDue(): Promise<number> {
    let attempted = 0;
    // E-mails kept because sending is not configured: one warning for the pass, not one each.
    let kept = 0;
    let keptReason = '';
    let notConfigured = false;
    for (;;) {
      const batch = await this.db.tx((q) => claimDue(q, BATCH));
      if (batch.length === 0) {
        if (kept > 0) {
          const n = `${kept} message${kept === 1 ? '' : 's'} kept in the outbox`;
          this.opts.log?.warn(
            { warning: 'email-not-configured', kept, error: keptReason },
            notConfigured
              ? `E-mail is not configured: ${n} (set the SMTP host on the Email tab, or SMTP_URL, to send them)`
              : `E-mail cannot be sent (${keptReason}): ${n}`,
          );
        }
        return attempted;
      }
      let target: MailTarget | null = null;
      let configError: string | null = null;
      try {
        target = resolveTarget(await getSettings(this.db), this.config.mail, this.config.publicUrl);
      } catch (err) {
        configError = (err as Error).message;
        notConfigured = err instanceof MailNotConfigured;
      }
      const base = this.opts.baseUrl();
      for (const e of batch) {
        attempted++;
        const failure = async (message: string, permanent: boolean, quiet = false) => {
          const outcome = await markFailed(this.db, e.id, message, {
            attempts: e.attempts,
            maxAttempts: this.config.mail.maxAttempts,
            baseSeconds: this.config.mail.retryBaseSeconds,
            permanent,
          });
          const entry = { emailId: e.id, kind: e.kind, attempts: e.attempts, outcome, error: message };
          // Still queued for lack of configuration: counted in the pass's one warning. Given up: its own.
          if (quiet && outcome === 'queued') this.opts.log?.debug(entry, 'e-mail not sent');
          else this.opts.log?.warn(entry, 'e-mail not sent');
        };
        if (!target) {
          kept++;
          keptReason = configError ?? 'E-mail is not configured';
          await failure(keptReason, false, true);
          continue;
        }
        try {
          // Headers from server values only: the path stored with the e-mail, never its body.
          const unsubscribe = e.unsubscribePath && /^\/unsubscribe#[\w%=&.-]+$/.test(e.unsubscribePath) ? e.unsubscribePath : null;
          const response = await sendOne(target, {
            to: e.toAddress,
            subject: e.subject,
            text: withLinks(e.textBody, base),
            html: withLinks(e.htmlBody, base),
            headers: { 'X-Meridian-Email-Id': String(e.id), ...(unsubscribe ? { 'List-Unsubscribe': `<${base}${unsubscribe}>` } : {}) },
          });
          await markSent(this.db, e.id, response);
          this.opts.log?.info({ emailId: e.id, kind: e.kind }, 'e-mail sent');
        } catch (err) {
          const d = describeError(err);
          await failure(d.message, d.permanent);
        }
      }
    }
  }
}
