import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { Settings } from '../../../shared/settings.ts';
import type { Config } from '../../config.ts';

/**
 * The SMTP connection: SMTP_URL when set, otherwise host, port and user from the Email tab with
 * SMTP_PASSWORD from the environment (the password is never stored in the database). STARTTLS
 * is used whenever the server offers it, and required unless the server is on a loopback
 * address; port 465 and smtps:// use implicit TLS. Certificates are verified off loopback.
 */

export class MailNotConfigured extends Error {}

export interface MailTarget {
  host: string;
  port: number;
  /** Implicit TLS (smtps:// or port 465). */
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
  from: string;
  /** Plain SMTP allowed (loopback only); elsewhere STARTTLS is required. */
  loopback: boolean;
}

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1';
  return false;
}

export function resolveTarget(settings: Settings, mail: Config['mail'], publicUrl: URL | undefined): MailTarget {
  let host: string;
  let port: number;
  let secure: boolean;
  let user: string | undefined;
  let pass: string | undefined;
  if (mail.smtpUrl) {
    const u = new URL(mail.smtpUrl);
    secure = u.protocol === 'smtps:';
    host = u.hostname;
    port = u.port ? Number(u.port) : secure ? 465 : 587;
    user = u.username ? decodeURIComponent(u.username) : undefined;
    pass = u.password ? decodeURIComponent(u.password) : mail.smtpPassword;
  } else {
    if (!settings.smtpHost) throw new MailNotConfigured('E-mail is not configured: set the SMTP host on the Email tab (or SMTP_URL)');
    host = settings.smtpHost;
    port = settings.smtpPort;
    secure = port === 465;
    user = settings.smtpUser || undefined;
    pass = mail.smtpPassword;
  }
  const fallbackDomain = publicUrl?.hostname ?? 'localhost';
  const from = settings.emailFromAddress || `no-reply@${fallbackDomain}`;
  return { host, port, secure, user, pass, from, loopback: isLoopback(host) };
}

export function createTransport(t: MailTarget) {
  return nodemailer.createTransport({
    host: t.host,
    port: t.port,
    secure: t.secure,
    // STARTTLS is taken whenever offered; off loopback it is required (no plain SMTP on the network).
    requireTLS: !t.secure && !t.loopback,
    auth: t.user ? { user: t.user, pass: t.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Off loopback the certificate must be valid; on loopback the connection never leaves the
    // machine (plain SMTP is allowed there), so a local relay's self-signed certificate is accepted.
    tls: { rejectUnauthorized: !t.loopback, servername: isIP(t.host) ? undefined : t.host },
  });
}

export interface Outgoing {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Sends one message; resolves with the server's final answer (e.g. '250 2.0.0 Ok: queued as ...'). */
export async function sendOne(t: MailTarget, msg: Outgoing): Promise<string> {
  const transport = createTransport(t);
  try {
    const info = await transport.sendMail({
      from: t.from,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      headers: msg.headers,
    });
    return String(info.response ?? 'accepted');
  } finally {
    transport.close();
  }
}

/** A short, single-line description of a send failure, with the SMTP reply when there is one. */
export function describeError(err: unknown): { message: string; permanent: boolean } {
  const e = err as { message?: string; response?: string; responseCode?: number; code?: string };
  if (e.code === 'ETLS' && !e.responseCode?.toString().startsWith('4')) {
    return {
      message: `ETLS: the server did not accept STARTTLS (${(e.response ?? e.message ?? '').toString().slice(0, 200)}); plain SMTP is only allowed to a loopback address`,
      permanent: false,
    };
  }
  const base = e.response ? String(e.response) : (e.message ?? String(err));
  const message = base.replace(/\s+/g, ' ').trim().slice(0, 500);
  // 5xx replies (unknown mailbox, refused sender) will not succeed on a retry.
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH';
  return { message: e.code && !message.includes(e.code) ? `${e.code}: ${message}` : message, permanent };
}
