import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import { errorBody, injectApi } from '../../testing/api-client.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';
import { FULL_FIELDS, templatePdf } from '../../testing/signing.ts';

const run = promisify(execFile);

/**
 * Issue 30, the firm's side (decision 036, 2026-11-27 section): void tells the investor (outbox
 * e-mail, their envelope), resend (a reminder for an open envelope, a fresh envelope for a closed
 * one; parallel resends make one), the trail both sides see, and the certificate page in Arabic.
 */
describe('void, resend and the trail of subscription agreements (issue 30)', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let founder: { id: string; cookie: string; password: string; name: string };
  let tmp: string;

  const expectError = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = errorBody(res);
    expect(body.message.length).toBeGreaterThan(0);
    return body;
  };

  const person = async (role: 'admin' | 'investor', language?: 'en' | 'ar') => {
    const name = `${role === 'admin' ? 'Admin' : 'Investor'} ${Math.random().toString(36).slice(2, 7)} Haddad`;
    const u = await createUser(ctx, { role, name, ...(role === 'admin' ? { adminUserType: 'founder' as const } : {}) });
    if (role === 'investor') await approveForSubscribing(ctx, u.id);
    if (language) await ctx.db.query('UPDATE profiles SET language = $1 WHERE id = $2', [language, u.id]);
    return { id: u.id, email: u.email, cookie: await signIn(ctx, u.email, u.password), password: u.password, name };
  };

  const signedDeal = async (): Promise<Deal> => {
    const res = await api('POST /api/deals', {
      cookie: founder.cookie,
      body: {
        title: `Resend deal ${Math.random().toString(36).slice(2, 7)}`,
        type: 'PPP',
        targetAmount: '5000000',
      },
    });
    const deal = res.json().deal;
    expect(
      (await api('PATCH /api/deals/:id', { cookie: founder.cookie, params: { id: deal.id }, body: { status: 'Active' } })).statusCode,
    ).toBe(200);
    const { body, contentType } = multipart(
      { fields: JSON.stringify(FULL_FIELDS) },
      { filename: 'agreement.pdf', content: await templatePdf(), contentType: 'application/pdf' },
    );
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/subscription-pack`,
      headers: { cookie: founder.cookie, 'content-type': contentType },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(201);
    return deal;
  };

  const subscribeAndOpen = async (inv: { cookie: string }, dealId: string, amount = '1000') => {
    const s = await api('POST /api/investor/subscriptions', { cookie: inv.cookie, body: { dealId, amount } });
    expect(s.statusCode, s.body).toBe(201);
    const sub = s.json().subscription;
    const e = await api('POST /api/investor/subscriptions/:id/envelope', {
      cookie: inv.cookie,
      params: { id: sub.id },
      body: { entity: 'Haddad Holdings Ltd' },
    });
    expect(e.statusCode, e.body).toBe(200);
    return { sub, env: e.json().envelope };
  };

  const resend = (id: string, cookie = founder.cookie) =>
    api('POST /api/signing/envelopes/:id/resend', { cookie, params: { id }, body: {} });
  const mails = (userId: string, kind: string) =>
    ctx.db.query('SELECT subject, text_body FROM email_outbox WHERE user_id = $1 AND kind = $2 ORDER BY id', [userId, kind]) as Promise<
      { subject: string; text_body: string }[]
    >;

  beforeAll(async () => {
    ctx = await createTestContext();
    founder = await person('admin');
    tmp = await mkdtemp(path.join(os.tmpdir(), 'resend-test-'));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('void tells the investor (e-mail with the reason, their envelope and trail); resend makes a fresh envelope, once', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const { sub, env } = await subscribeAndOpen(inv, deal.id);
    expect(
      (
        await api('POST /api/signing/envelopes/:id/void', {
          cookie: founder.cookie,
          params: { id: env.id },
          body: { reason: 'Wrong amount' },
        })
      ).statusCode,
    ).toBe(200);

    const voidMail = await mails(inv.id, 'signing_voided');
    expect(voidMail).toHaveLength(1);
    expect(voidMail[0]?.subject).toBe(`Your subscription agreement for ${deal.title} was withdrawn`);
    expect(voidMail[0]?.text_body).toContain('The reason given: Wrong amount');
    const mine = (await api('GET /api/investor/envelopes/:id', { cookie: inv.cookie, params: { id: env.id } })).json();
    expect(mine.envelope.status).toBe('voided');
    expect(mine.envelope.reason).toBe('Wrong amount');
    expect(mine.envelope.events.map((e) => [e.kind, e.actorName, e.details.reason ?? null])).toEqual([
      ['created', inv.name, null],
      ['voided', founder.name, 'Wrong amount'],
    ]);

    // An investor cannot resend; an unknown envelope is 404.
    expectError(await resend(env.id, inv.cookie), 403);
    expectError(await resend('00000000-0000-4000-8000-000000000000'), 404);

    const res = await resend(env.id);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().envelope;
    expect(fresh.id).not.toBe(env.id);
    expect(fresh.subscriptionId).toBe(sub.id);
    expect(fresh.status).toBe('sent');
    // The trail names the admin who sent it.
    expect(fresh.events.map((e) => [e.kind, e.actorName])).toEqual([['created', founder.name]]);
    const resentMail = await mails(inv.id, 'signing_resent');
    expect(resentMail).toHaveLength(1);
    expect(resentMail[0]?.text_body).toContain(`/investor/subscriptions/${sub.id}/sign`);
    // The same subscribing entity is in the new agreement (pdftotext of the document as shown).
    const doc = await api('GET /api/investor/envelopes/:id/document', { cookie: inv.cookie, params: { id: fresh.id } });
    const file = path.join(tmp, 'fresh.pdf');
    await writeFile(file, doc.rawPayload);
    expect((await run('pdftotext', [file, '-'])).stdout).toContain('Haddad Holdings Ltd');

    // The old envelope again: a newer one is open (409).
    expect(expectError(await resend(env.id), 409).code).toBe('NEWER_ENVELOPE');
    // The deal's status table shows the new envelope in progress.
    const rows = (await api('GET /api/deals/:id/subscription-pack/status', { cookie: founder.cookie, params: { id: deal.id } })).json()
      .rows;
    expect(rows).toEqual([expect.objectContaining({ subscriptionId: sub.id, envelopeId: fresh.id, status: 'in_progress' })]);
  });

  it('resend of an open envelope is a reminder (e-mail and trail event), at most one an hour; signed ones are not resent', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const { env } = await subscribeAndOpen(inv, deal.id);
    const res = await resend(env.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().envelope;
    expect(after.id).toBe(env.id);
    expect(after.events.map((e) => [e.kind, e.actorName])).toEqual([
      ['created', inv.name],
      ['reminder_sent', founder.name],
    ]);
    expect(await mails(inv.id, 'signing_reminder')).toHaveLength(1);
    expect(expectError(await resend(env.id), 409).code).toBe('REMINDER_TOO_SOON');
    // The investor sees the reminder in their trail.
    const mine = (await api('GET /api/investor/envelopes/:id', { cookie: inv.cookie, params: { id: env.id } })).json();
    expect(mine.envelope.events.at(-1)?.kind).toBe('reminder_sent');

    const signed = await api('POST /api/investor/envelopes/:id/sign', {
      cookie: inv.cookie,
      params: { id: env.id },
      body: {
        consent: true,
        method: 'typed',
        typedName: inv.name,
        password: inv.password,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(expectError(await resend(env.id), 409).message).toBe('This agreement is already signed by the investor.');
  });

  it('20 parallel resends of a voided envelope: one fresh envelope, one e-mail, the rest 409', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const { sub, env } = await subscribeAndOpen(inv, deal.id);
    expect(
      (await api('POST /api/signing/envelopes/:id/void', { cookie: founder.cookie, params: { id: env.id }, body: { reason: 'Redo' } }))
        .statusCode,
    ).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => resend(env.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const envelopes = await ctx.db.query('SELECT status FROM signing_envelopes WHERE subscription_id = $1 ORDER BY created_at', [sub.id]);
    expect(envelopes).toEqual([{ status: 'voided' }, { status: 'sent' }]);
    expect(await mails(inv.id, 'signing_resent')).toHaveLength(1);
  });

  it('an Arabic-speaking investor gets the certificate page in Arabic (pdftotext)', async () => {
    const deal = await signedDeal();
    const inv = await person('investor', 'ar');
    // Their name in Arabic script, typed as their signature: the script font cannot write it
    // (WinAnsi), so the executed PDF draws it in the embedded sans; it was a 500 at countersignature.
    const arabicName = 'ليلى حداد';
    await ctx.db.query('UPDATE profiles SET name = $1 WHERE id = $2', [arabicName, inv.id]);
    const { env } = await subscribeAndOpen(inv, deal.id, '2500');
    const signed = await api('POST /api/investor/envelopes/:id/sign', {
      cookie: inv.cookie,
      params: { id: env.id },
      body: {
        consent: true,
        method: 'typed',
        typedName: arabicName,
        password: inv.password,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const done = await api('POST /api/signing/envelopes/:id/countersign', {
      cookie: founder.cookie,
      params: { id: env.id },
      body: {
        name: founder.name,
        title: 'Managing Partner',
        password: founder.password,
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const pdf = (await api('GET /api/investor/envelopes/:id/document', { cookie: inv.cookie, params: { id: env.id } })).rawPayload;
    const file = path.join(tmp, 'arabic.pdf');
    await writeFile(file, pdf);
    const sig = await run('pdfsig', [file]);
    expect(sig.stdout).toContain('Signature Validation: Signature is Valid.');
    // Shaped Arabic comes out of pdftotext as presentation forms; NFKC gives the plain letters back.
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.normalize('NFKC');
    // The catalogue's own words (ar/signing.json: certificate.title, certificate.kind.signed).
    expect(text).toContain('شهادة التوقيع');
    expect(text).toContain('وقعها المستثمر'.normalize('NFKC'));
    expect(text).not.toContain('Signature certificate');
    expect(text).toContain(env.documentSha256);
  });
});
