import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_RULES } from '../../../shared/webhooks.ts';
import { type NetworkPolicy, parseWebhookUrl, resolveChecked, WebhookAddressError } from './network.ts';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (docs/api.md shows how to verify it). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface SendInput {
  url: string;
  secret: string;
  body: string;
  eventId: string;
  eventType: string;
  attempt: number;
  now?: () => Date;
}

export interface SendOutcome {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  /** Why it failed (null when delivered). */
  error: string | null;
  /** The start of the receiver's answer, for the log. */
  excerpt: string | null;
  /** A refusal that no retry can change (the address is not allowed). */
  permanent: boolean;
}

/**
 * One attempt: the URL checked again (the setting may have changed, the name may resolve
 * elsewhere now), the connection made to the checked address only, no redirect followed, at most
 * WEBHOOK_RULES.timeoutMs, at most maxResponseBytes read. A 2xx answer is a delivery.
 */
export async function sendWebhook(input: SendInput, policy: NetworkPolicy): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: { address: string; family: 4 | 6 };
  let u: URL;
  try {
    u = parseWebhookUrl(input.url, policy);
    target = await resolveChecked(u, policy);
  } catch (err) {
    const message = err instanceof WebhookAddressError ? err.message : (err as Error).message;
    return { ok: false, responseCode: null, durationMs: elapsed(), error: message, excerpt: null, permanent: true };
  }
  const t = Math.floor((input.now?.() ?? new Date()).getTime() / 1000);
  // The checked address, whatever the name resolves to by now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = u.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const done = (o: Omit<SendOutcome, 'durationMs' | 'permanent'> & { permanent?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ permanent: false, ...o, durationMs: elapsed() });
    };
    const req = client.request(
      u,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Meridian-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signatureHeader(input.secret, input.body, t),
          [WEBHOOK_HEADERS.id]: input.eventId,
          [WEBHOOK_HEADERS.event]: input.eventType,
          [WEBHOOK_HEADERS.attempt]: String(input.attempt),
        },
      },
      (res) => {
        const code = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RULES.keptResponseChars);
          if (code >= 200 && code < 300) done({ ok: true, responseCode: code, error: null, excerpt });
          else if (code >= 300 && code < 400)
            done({ ok: false, responseCode: code, error: 'The receiver answered with a redirect, which webhooks do not follow', excerpt });
          else done({ ok: false, responseCode: code, error: `The receiver answered ${code}`, excerpt });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size >= WEBHOOK_RULES.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, WEBHOOK_RULES.maxResponseBytes - size));
          size += chunk.length;
          // Enough read: the rest of a large answer is not waited for.
          if (size >= WEBHOOK_RULES.maxResponseBytes) finish();
        });
        res.on('end', finish);
        res.on('error', () => finish());
      },
    );
    const timer = setTimeout(() => {
      done({ ok: false, responseCode: null, error: `No answer within ${WEBHOOK_RULES.timeoutMs / 1000} seconds`, excerpt: null });
      req.destroy();
    }, WEBHOOK_RULES.timeoutMs);
    req.on('error', (err) =>
      done({
        ok: false,
        responseCode: null,
        error: `Connection failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`,
        excerpt: null,
      }),
    );
    req.end(input.body);
  });
}
