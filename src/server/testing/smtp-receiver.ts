import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server on loopback for the tests (the smtp-server package): it receives what the
 * product sends over the network, keeps every message, and can refuse the first N messages
 * (4xx, temporary) to exercise retries. Nothing of our own mail code is replaced.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
  receivedAt: number;
  /** The session ran over TLS (STARTTLS or implicit). */
  secure: boolean;
}

export interface Receiver {
  port: number;
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: ReceivedMail[];
  /** Messages refused so far (the refuse-first option). */
  refused: number;
  /** Refuse the next n messages with a 451 (temporary) reply. */
  refuseNext(n: number, code?: number, message?: string): void;
  /** Waits until a message matching pred has arrived. */
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
export function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _cs, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = idx < 0 ? raw : raw.slice(0, idx);
  const body = idx < 0 ? '' : raw.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text and HTML parts of a MIME message (enough for what nodemailer writes). */
export function parseMime(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const { headers, body } = splitHeaders(raw);
  const out = { headers, text: '', html: '' };
  const walk = (h: Record<string, string>, b: string) => {
    const type = (h['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(h['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      const parts = b.split(`--${boundary}`).slice(1);
      for (const p of parts) {
        if (p.startsWith('--')) break;
        const { headers: ph, body: pb } = splitHeaders(p.replace(/^\r?\n/, ''));
        walk(ph, pb.replace(/\r?\n$/, ''));
      }
    } else if (type.startsWith('text/html')) out.html += decodeBody(h, b);
    else if (type.startsWith('text/plain')) out.text += decodeBody(h, b);
  };
  walk(headers, body);
  return out;
}

/** The first link in a message's text that contains `fragment`. */
export function linkIn(m: ReceivedMail, fragment: string): string {
  const found = m.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(fragment));
  if (!found) throw new Error(`no link containing ${fragment} in:\n${m.text}`);
  return found;
}

export async function startReceiver(
  opts: {
    port?: number;
    host?: string;
    options?: Partial<SMTPServerOptions>;
    /** Answer each message this much later. */
    delayMs?: number;
    /** Offer STARTTLS (smtp-server's built-in self-signed certificate). */
    starttls?: boolean;
  } = {},
): Promise<Receiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = { n: 0, code: 451, message: '4.3.0 Try again later' };
  const state = { refused: 0 };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: opts.starttls ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        if (refuse.n > 0) {
          refuse.n -= 1;
          state.refused += 1;
          const err = new Error(refuse.message) as Error & { responseCode: number };
          err.responseCode = refuse.code;
          return cb(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMime(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(parsed.headers.subject ?? ''),
          headers: parsed.headers,
          text: parsed.text,
          html: parsed.html,
          raw,
          receivedAt: Date.now(),
          secure: Boolean(session.secure),
        });
        for (const w of waiters) w();
        cb(null);
      });
    },
    ...opts.options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${opts.host ?? '127.0.0.1'}:${port}`,
    messages,
    get refused() {
      return state.refused;
    },
    refuseNext(n, code = 451, message = '4.3.0 Try again later') {
      refuse = { n, code, message };
    },
    waitFor(pred, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = messages.find(pred);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching e-mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
