import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { Envelope } from '../../shared/signing.ts';
import { hashPassword } from '../auth/password.ts';
import { createUser, signIn, type TestContext } from './harness.ts';
import { multipart } from './multipart.ts';
import { FULL_FIELDS, templatePdf } from './signing-fixtures.ts';

/** Fixtures of the signing suites (issue 30): a template, its fields, a drawn signature. */

export { FULL_FIELDS, templatePdf } from './signing-fixtures.ts';

/** A valid RGBA PNG (a dark diagonal stroke), written by hand: signature, IHDR, IDAT, IEND with CRCs. */
export function strokePng(w = 60, h = 20): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    const x = Math.round((y / h) * w);
    const at = y * (w * 4 + 1) + 1 + x * 4;
    raw[at + 3] = 255; // an opaque black pixel on the diagonal
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The one way the suites complete a subscription (issue 30: every subscription completes with an
// executed agreement): through the real API, as the investor and an authorised admin would.

interface Signer {
  id: string;
  cookie: string;
  password: string;
  name: string;
}

const countersigners = new WeakMap<TestContext, Promise<Signer>>();

/** The investor's password for the moment of signing: one random value and hash per process. */
const SIGNING_PASSWORD = `signing-${randomBytes(9).toString('hex')}`;
const signingHashes = new Map<number, Promise<string>>();
function signingHash(ctx: TestContext): Promise<string> {
  const cost = ctx.config.passwordHashCost;
  let h = signingHashes.get(cost);
  if (!h) {
    h = hashPassword(SIGNING_PASSWORD, cost);
    signingHashes.set(cost, h);
  }
  return h;
}

/** The suite's own countersigner: a legal admin (may countersign by default; not a founder, whom screening alerts and the last-founder rule count) made once per test context. */
function countersigner(ctx: TestContext): Promise<Signer> {
  let s = countersigners.get(ctx);
  if (!s) {
    s = (async () => {
      const name = 'Test Countersigning Counsel';
      const u = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name });
      return { id: u.id, cookie: await signIn(ctx, u.email, u.password), password: u.password, name };
    })();
    countersigners.set(ctx, s);
  }
  return s;
}

const inject = (ctx: TestContext, method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });

function ok(res: LightMyRequestResponse, what: string): void {
  if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/**
 * Gives a deal a complete subscription pack (the test template with every field placed) unless
 * it has one, uploaded through the API by the suite's countersigner. Every deal needs one before
 * it takes subscriptions.
 */
export async function ensureSubscriptionPack(ctx: TestContext, dealId: string): Promise<void> {
  const has = await ctx.db.query('SELECT 1 FROM subscription_packs WHERE deal_id = $1 LIMIT 1', [dealId]);
  if (has.length > 0) return;
  const admin = await countersigner(ctx);
  const { body, contentType } = multipart(
    { fields: JSON.stringify(FULL_FIELDS) },
    { filename: 'agreement.pdf', content: await templatePdf(), contentType: 'application/pdf' },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/subscription-pack`,
    headers: { cookie: admin.cookie, 'content-type': contentType },
    payload: body,
  });
  ok(res, 'subscription pack upload');
}

/**
 * Completes a subscription the only way the product allows: the investor opens the agreement and
 * signs it (typed name, re-authenticated with their password), the suite's legal admin countersigns,
 * which completes the subscription and posts the commitment. The investor's password need not be
 * known: the helper sets a known one for the signing and puts the original hash back afterwards.
 * `investorCookie` reuses the suite's session (no extra sign-in); otherwise the helper signs in.
 */
export async function completeSubscriptionSigned(
  ctx: TestContext,
  subscriptionId: string,
  opts: { investorCookie?: string } = {},
): Promise<Envelope> {
  const rows = (await ctx.db.query(
    `SELECT s.deal_id, s.investor_id, p.name, p.email, c.password_hash
       FROM subscriptions s JOIN profiles p ON p.id = s.investor_id JOIN credentials c ON c.user_id = s.investor_id
      WHERE s.id = $1`,
    [subscriptionId],
  )) as { deal_id: string; investor_id: string; name: string; email: string; password_hash: string }[];
  const sub = rows[0];
  if (!sub) throw new Error(`no subscription ${subscriptionId}`);
  await ensureSubscriptionPack(ctx, sub.deal_id);
  const admin = await countersigner(ctx);
  const password = SIGNING_PASSWORD;
  await ctx.db.query('UPDATE credentials SET password_hash = $2 WHERE user_id = $1', [sub.investor_id, await signingHash(ctx)]);
  try {
    const cookie = opts.investorCookie ?? (await signIn(ctx, sub.email, password));
    const opened = await inject(ctx, 'POST', `/api/investor/subscriptions/${subscriptionId}/envelope`, cookie, {});
    ok(opened, 'open the envelope');
    const envelope = (opened.json() as { envelope: Envelope }).envelope;
    if (envelope.status === 'sent') {
      const signed = await inject(ctx, 'POST', `/api/investor/envelopes/${envelope.id}/sign`, cookie, {
        consent: true,
        method: 'typed',
        typedName: sub.name,
        password,
      });
      ok(signed, 'sign');
    }
    const done = await inject(ctx, 'POST', `/api/signing/envelopes/${envelope.id}/countersign`, admin.cookie, {
      name: admin.name,
      title: 'Managing Partner',
      password: admin.password,
    });
    ok(done, 'countersign');
    return (done.json() as { envelope: Envelope }).envelope;
  } finally {
    await ctx.db.query('UPDATE credentials SET password_hash = $2 WHERE user_id = $1', [sub.investor_id, sub.password_hash]);
  }
}
