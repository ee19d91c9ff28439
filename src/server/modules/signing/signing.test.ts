import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import type { Envelope } from '../../../shared/signing.ts';
import type { Subscription } from '../../../shared/subscriptions.ts';
import { newTotpSecret, totpFor } from '../../auth/totp.ts';
import { errorBody, injectApi } from '../../testing/api-client.ts';
import { approveForSubscribing, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { multipart, PDF_BYTES } from '../../testing/multipart.ts';
import { FULL_FIELDS, strokePng, templatePdf } from '../../testing/signing.ts';

const run = promisify(execFile);

interface Person {
  id: string;
  cookie: string;
  password: string;
  name: string;
}

function expectError(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('subscription documents signed in the product (issue 30)', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let founder: Person;
  let cio: Person;
  let tmp: string;

  const person = async (role: 'admin' | 'investor', adminUserType?: 'founder' | 'cio' | 'legal'): Promise<Person> => {
    const name = `${role === 'admin' ? 'Admin' : 'Investor'} ${Math.random().toString(36).slice(2, 7)} Okafor`;
    const u = await createUser(ctx, { role, name, ...(adminUserType ? { adminUserType } : {}) });
    if (role === 'investor') await approveForSubscribing(ctx, u.id);
    return { id: u.id, cookie: await signIn(ctx, u.email, u.password), password: u.password, name };
  };

  const openDeal = async (): Promise<Deal> => {
    const res = await api('POST /api/deals', {
      cookie: founder.cookie,
      body: {
        title: `Signed deal ${Math.random().toString(36).slice(2, 7)}`,
        type: 'PPP',
        targetAmount: '5000000',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().deal.id;
    expect((await api('PATCH /api/deals/:id', { cookie: founder.cookie, params: { id }, body: { status: 'Active' } })).statusCode).toBe(
      200,
    );
    return res.json().deal;
  };

  const upload = async (dealId: string, pdf: Buffer, fields: unknown, cookie = founder.cookie, name = 'agreement.pdf') => {
    const { body, contentType } = multipart(
      { fields: JSON.stringify(fields) },
      { filename: name, content: pdf, contentType: 'application/pdf' },
    );
    return api('POST /api/deals/:id/subscription-pack', {
      cookie,
      params: { id: dealId },
      headers: { 'content-type': contentType },
      rawBody: body,
    });
  };

  const signedDeal = async (): Promise<Deal> => {
    const deal = await openDeal();
    const res = await upload(deal.id, await templatePdf(), FULL_FIELDS);
    expect(res.statusCode, res.body).toBe(201);
    return deal;
  };

  const subscribe = async (who: Person, dealId: string, amount: string): Promise<Subscription> => {
    const res = await api('POST /api/investor/subscriptions', { cookie: who.cookie, body: { dealId, amount } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().subscription;
  };

  const openEnvelope = async (who: Person, subId: string, entity?: string): Promise<Envelope> => {
    const res = await api('POST /api/investor/subscriptions/:id/envelope', {
      cookie: who.cookie,
      params: { id: subId },
      body: entity ? { entity } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().envelope;
  };

  const sign = (who: Person, envId: string, extra: Record<string, unknown> = {}) =>
    api('POST /api/investor/envelopes/:id/sign', {
      cookie: who.cookie,
      params: { id: envId },
      body: {
        consent: true,
        method: 'typed',
        typedName: who.name,
        password: who.password,
        ...extra,
      },
    });

  const countersign = (who: Person, envId: string) =>
    api('POST /api/signing/envelopes/:id/countersign', {
      cookie: who.cookie,
      params: { id: envId },
      body: {
        name: who.name,
        title: 'Managing Partner',
        password: who.password,
      },
    });

  const storedFiles = async (): Promise<string[]> => {
    const root = path.join(ctx.config.dataDir, 'storage', 'signing');
    try {
      return (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.pdf'));
    } catch {
      return [];
    }
  };

  const pdfText = async (bytes: Buffer, name: string): Promise<string> => {
    const file = path.join(tmp, name);
    await writeFile(file, bytes);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    founder = await person('admin', 'founder');
    cio = await person('admin', 'cio');
    tmp = await mkdtemp(path.join(os.tmpdir(), 'signing-test-'));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('refuses a bad template with 400/413 and a message, storing nothing', async () => {
    const deal = await openDeal();
    const before = await storedFiles();
    const encrypted = await templatePdf({ userPassword: 'secret' });
    const e1 = expectError(await upload(deal.id, encrypted, FULL_FIELDS), 400);
    expect(e1.message).toMatch(/encrypted/);
    const e2 = expectError(await upload(deal.id, PDF_BYTES, FULL_FIELDS), 400);
    expect(e2.message).toMatch(/not a readable PDF/);
    const noSig = FULL_FIELDS.filter((f) => f.kind !== 'investor_signature');
    const e3 = expectError(await upload(deal.id, await templatePdf(), noSig), 400);
    expect(e3.message).toMatch(/investor signature field/);
    const e4 = expectError(await upload(deal.id, await templatePdf(), [{ ...FULL_FIELDS[0], page: 3 }, ...FULL_FIELDS]), 400);
    expect(e4.message).toMatch(/page 3/);
    const e5 = expectError(await upload(deal.id, await templatePdf(), 'not json'), 400);
    expect(e5.message.length).toBeGreaterThan(0);
    const e6 = expectError(await upload(deal.id, Buffer.from('plain text'), FULL_FIELDS, founder.cookie, 'agreement.txt'), 400);
    expect(e6.message).toMatch(/not accepted/);
    // Over the upload limit: refused from the declared length before the body is read.
    const big = await ctx.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/subscription-pack`,
      headers: {
        cookie: founder.cookie,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(ctx.config.maxUploadBytes + 1_000_000),
      },
      payload: Buffer.alloc(10),
    });
    expectError(big, 413);
    expect((await api('GET /api/deals/:id/subscription-pack', { cookie: founder.cookie, params: { id: deal.id } })).json()).toEqual({
      pack: null,
    });
    expect(await storedFiles()).toEqual(before);
    expect(await ctx.db.query('SELECT 1 FROM subscription_packs WHERE deal_id = $1', [deal.id])).toHaveLength(0);
  });

  it('a deal with an incomplete pack takes no subscription (409 naming what is missing); a new version completes it', async () => {
    const deal = await openDeal();
    // No pack at all: every deal needs one before it takes subscriptions (decision 036, amended).
    const first = await person('investor');
    const none = expectError(
      await api('POST /api/investor/subscriptions', { cookie: first.cookie, body: { dealId: deal.id, amount: '1000' } }),
      409,
    );
    expect(none.code).toBe('PACK_MISSING');
    expect(none.message).toBe("This deal has no subscription agreement yet: upload one in the deal's subscription pack.");
    expect(await ctx.db.query('SELECT 1 FROM subscriptions WHERE deal_id = $1', [deal.id])).toHaveLength(0);
    const onlySignature = FULL_FIELDS.filter((f) => f.kind === 'investor_signature');
    const up = await upload(deal.id, await templatePdf(), onlySignature);
    expect(up.statusCode, up.body).toBe(201);
    const v1 = up.json().pack;
    expect(v1.version).toBe(1);
    expect(v1.pageCount).toBe(2);
    expect(v1.missing).toEqual(['investor_name', 'amount', 'gp_signature']);
    const inv = await person('investor');
    const refused = expectError(
      await api('POST /api/investor/subscriptions', { cookie: inv.cookie, body: { dealId: deal.id, amount: '1000' } }),
      409,
    );
    expect(refused.code).toBe('PACK_INCOMPLETE');
    expect(refused.message).toBe("This deal's subscription agreement is missing these fields: Investor name, Amount, GP signature.");
    const v2res = await api('PUT /api/deals/:id/subscription-pack/fields', {
      cookie: founder.cookie,
      params: { id: deal.id },
      body: { fields: FULL_FIELDS },
    });
    expect(v2res.statusCode, v2res.body).toBe(200);
    const v2 = v2res.json().pack;
    expect(v2.version).toBe(2);
    expect(v2.missing).toEqual([]);
    expect(v2.sha256).toBe(v1.sha256);
    await subscribe(inv, deal.id, '1000');
    // A non-admin cannot touch the pack.
    expectError(await api('GET /api/deals/:id/subscription-pack', { cookie: inv.cookie, params: { id: deal.id } }), 403);
    expectError(
      await api('PUT /api/deals/:id/subscription-pack/fields', {
        cookie: inv.cookie,
        params: { id: deal.id },
        body: { fields: FULL_FIELDS },
      }),
      403,
    );
  });

  it('investor signs (typed), an authorised admin countersigns: sealed PDF, certificate page, commitment in the ledger', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const sub = await subscribe(inv, deal.id, '250000.50');
    // Completion is gated on the executed agreement.
    const early = expectError(
      await api('POST /api/subscriptions/:id/complete', { cookie: founder.cookie, params: { id: sub.id }, body: {} }),
      409,
    );
    expect(early.code).toBe('AGREEMENT_NOT_EXECUTED');

    const env = await openEnvelope(inv, sub.id, 'Okafor Family Holdings Ltd');
    expect(env.status).toBe('sent');
    expect(env.packVersion).toBe(1);
    // Opening again returns the same envelope.
    expect((await openEnvelope(inv, sub.id)).id).toBe(env.id);

    const shownRes = await api('GET /api/investor/envelopes/:id/document', { cookie: inv.cookie, params: { id: env.id } });
    expect(shownRes.statusCode).toBe(200);
    expect(shownRes.headers['content-type']).toBe('application/pdf');
    const shown = shownRes.rawPayload;
    // The reference hash is computed here from the bytes the investor was shown.
    const shownSha = createHash('sha256').update(shown).digest('hex');
    expect(env.documentSha256).toBe(shownSha);
    const shownText = await pdfText(shown, 'shown.pdf');
    expect(shownText).toContain(inv.name);
    expect(shownText).toContain('Okafor Family Holdings Ltd');
    // 250000.50 written by hand in the product's USD format.
    expect(shownText).toContain('$250,000.50');

    // Wrong password: 400 on the field, nothing signed.
    const wrong = expectError(await sign(inv, env.id, { password: 'not-the-password' }), 400);
    expect(wrong.fields?.password).toBe('The password is incorrect');
    // Without consent: 400.
    expectError(await sign(inv, env.id, { consent: false }), 400);
    // A typed name that is not theirs: 400.
    expect(expectError(await sign(inv, env.id, { typedName: 'Someone Else' }), 400).fields?.typedName).toBeDefined();
    const signed = await sign(inv, env.id);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().envelope.status).toBe('signed');
    expect(expectError(await sign(inv, env.id), 409).message).toBe('This agreement is already signed by the investor.');

    // The queue shows it; a CIO (not authorised by default) is refused; a founder countersigns.
    const queue = (await api('GET /api/signing/envelopes', { cookie: founder.cookie, query: { status: 'signed' } })).json();
    expect(queue.envelopes.map((e) => e.id)).toContain(env.id);
    expect(expectError(await countersign(cio, env.id), 403).code).toBe('NOT_AUTHORISED_TO_COUNTERSIGN');
    const done = await countersign(founder, env.id);
    expect(done.statusCode, done.body).toBe(200);
    const executed = done.json().envelope;
    expect(executed.status).toBe('executed');
    expect(executed.events.map((e) => e.kind)).toEqual(['created', 'viewed', 'signed', 'countersigned']);
    expectError(await countersign(founder, env.id), 409);

    // The subscription completed through its existing path: the commitment is in the ledger.
    const subs = (await api('GET /api/investor/subscriptions', { cookie: inv.cookie })).json();
    expect(subs.subscriptions.find((s) => s.id === sub.id)?.status).toBe('Completed');
    const ledger = (await ctx.db.query('SELECT kind, amount::text AS amount FROM ledger_entries WHERE subscription_id = $1', [sub.id])) as {
      kind: string;
      amount: string;
    }[];
    expect(ledger).toEqual([{ kind: 'commitment', amount: '250000.50' }]);

    // The executed PDF: sealed (pdfsig verifies), signatures and the certificate page readable.
    const execRes = await api('GET /api/investor/envelopes/:id/document', { cookie: inv.cookie, params: { id: env.id } });
    expect(execRes.statusCode).toBe(200);
    const pdf = execRes.rawPayload;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(executed.executedSha256);
    const file = path.join(tmp, 'executed.pdf');
    await writeFile(file, pdf);
    const sig = await run('pdfsig', [file]);
    expect(sig.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(sig.stdout).toContain('self-signed');
    const text = await pdfText(pdf, 'executed-text.pdf');
    expect(text).toContain('Signature certificate');
    expect(text).toContain(shownSha);
    expect(text).toContain(inv.name);
    expect(text).toContain('Managing Partner');
    expect(text).toContain('Account password');
    expect(text).toMatch(/Sealed with a self-signed certificate/);
    expect(text).toMatch(/1\. Agreement generated/);
    expect(text).toMatch(/4\. Countersigned/);
    // One byte changed after sealing: the signature no longer verifies.
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('Signature certificate');
    const idx = at > 0 ? at : 200;
    tampered[idx] = (tampered[idx] as number) ^ 0x01;
    const bad = path.join(tmp, 'tampered.pdf');
    await writeFile(bad, tampered);
    const badSig = await run('pdfsig', [bad]).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    expect(badSig.stdout).not.toContain('Signature Validation: Signature is Valid.');

    // The pack status table and its CSV.
    const status = (await api('GET /api/deals/:id/subscription-pack/status', { cookie: founder.cookie, params: { id: deal.id } })).json();
    expect(status.rows).toEqual([expect.objectContaining({ subscriptionId: sub.id, status: 'executed', amount: '250000.50' })]);
    const csv = await api('GET /api/deals/:id/subscription-pack/status.csv', { cookie: founder.cookie, params: { id: deal.id } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Executed');
    // The trail is append-only.
    await expect(ctx.db.query("UPDATE signing_events SET kind = 'voided' WHERE envelope_id = $1", [env.id])).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('DELETE FROM signing_events WHERE envelope_id = $1', [env.id])).rejects.toThrow(/append-only/);
  });

  it("the executed copy: an e-mail with a link in the investor's language (never the PDF), and in that investor's Deal Vault only", async () => {
    const deal = await signedDeal();
    const en = await person('investor');
    const ar = await person('investor');
    const other = await person('investor');
    await ctx.db.query(`UPDATE profiles SET language = 'ar' WHERE id = $1`, [ar.id]);
    const envelopes = new Map<string, { sub: Subscription; env: Envelope }>();
    for (const who of [en, ar]) {
      const sub = await subscribe(who, deal.id, '1000');
      const env = await openEnvelope(who, sub.id);
      expect((await sign(who, env.id)).statusCode).toBe(200);
      envelopes.set(who.id, { sub, env });
    }
    await subscribe(other, deal.id, '1000');
    const mails = async (userId: string) =>
      (await ctx.db.query(`SELECT subject, text_body, html_body FROM email_outbox WHERE user_id = $1 AND kind = 'signing_executed'`, [
        userId,
      ])) as { subject: string; text_body: string; html_body: string }[];
    // Nothing is sent before the countersignature.
    expect(await mails(en.id)).toEqual([]);
    for (const who of [en, ar]) {
      const done = await countersign(founder, envelopes.get(who.id)?.env.id as string);
      expect(done.statusCode, done.body).toBe(200);
    }

    // One e-mail each, in their language, with a link to the page of the executed copy and no PDF in it.
    const [enMail] = await mails(en.id);
    const [arMail] = await mails(ar.id);
    expect(await mails(en.id)).toHaveLength(1);
    expect(enMail?.subject).toBe(`Your subscription agreement for ${deal.title} is fully signed`);
    expect(arMail?.subject).toContain('اكتمل توقيع اتفاقية الاكتتاب الخاصة بك في');
    for (const [who, mail] of [
      [en, enMail],
      [ar, arMail],
    ] as const) {
      const link = `/investor/subscriptions/${envelopes.get(who.id)?.sub.id}/sign`;
      expect(mail?.text_body).toContain(link);
      expect(mail?.html_body).toContain(link);
      // A PDF (or its base64, "JVBERi0") never travels in the message.
      for (const body of [mail?.text_body ?? '', mail?.html_body ?? '']) {
        expect(body).not.toContain('%PDF');
        expect(body).not.toContain('JVBERi0');
        expect(body).not.toMatch(/\/document\b/);
      }
    }

    // The Deal Vault: the deal is held, its executed agreement listed for its investor only.
    const vault = async (who: Person) => (await api('GET /api/investor/deals', { cookie: who.cookie })).json().deals;
    const enDeal = (await vault(en)).find((d) => d.id === deal.id);
    const enEnv = envelopes.get(en.id)?.env as Envelope;
    expect(enDeal?.held).toBe(true);
    expect(enDeal?.agreements.map((a) => a.envelopeId)).toEqual([enEnv.id]);
    const file = await api('GET /api/investor/envelopes/:id/document', { cookie: en.cookie, params: { id: enEnv.id } });
    expect(file.statusCode).toBe(200);
    expect(enDeal?.agreements[0]?.byteSize).toBe(file.rawPayload.length);
    expect(file.headers['content-disposition']).toContain('(executed).pdf');
    // The other investors see only their own (or none), and another's executed copy is 404; an admin reads it.
    expect((await vault(ar)).find((d) => d.id === deal.id)?.agreements.map((a) => a.envelopeId)).toEqual([envelopes.get(ar.id)?.env.id]);
    expect((await vault(other)).find((d) => d.id === deal.id)?.agreements).toEqual([]);
    expectError(await api('GET /api/investor/envelopes/:id/document', { cookie: other.cookie, params: { id: enEnv.id } }), 404);
    expectError(await api('GET /api/investor/envelopes/:id/document', { cookie: ar.cookie, params: { id: enEnv.id } }), 404);
    expect((await api('GET /api/signing/envelopes/:id/document', { cookie: founder.cookie, params: { id: enEnv.id } })).statusCode).toBe(
      200,
    );
    expectError(await api('GET /api/signing/envelopes/:id/document', { cookie: other.cookie, params: { id: enEnv.id } }), 403);
  });

  it('the questionnaire is pre-filled from the profile, KYC, classification and tax self-certification; its answers go on the trail', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const other = await person('investor');
    await ctx.db.query(
      `UPDATE profiles SET residence_country = 'AE', residence_address = 'Villa 3, Al Wasl, Dubai', nationality = 'KE' WHERE id = $1`,
      [inv.id],
    );
    // A second certification (version 2, the one in force): two residencies, a no-TIN reason, a US person.
    const answers = {
      kind: 'individual',
      residences: [
        { country: 'AE', tin: '784-1980-7654321-9' },
        { country: 'US', noTinReason: 'A' },
      ],
      usPerson: true,
      usTin: '123-45-6789',
    };
    await ctx.db.query(
      `INSERT INTO tax_certifications (investor_id, version, kind, answers, signed_name, reauth) VALUES ($1, 2, 'individual', $2, $3, 'password')`,
      [inv.id, JSON.stringify(answers), inv.name],
    );
    const sub = await subscribe(inv, deal.id, '1000');
    const res = await api('GET /api/investor/subscriptions/:id/questionnaire', { cookie: inv.cookie, params: { id: sub.id } });
    expect(res.statusCode, res.body).toBe(200);
    const { questionnaire } = res.json();
    // Reference values: what this test wrote above and what approveForSubscribing records (KYC approved, Professional Client).
    expect(questionnaire).toMatchObject({
      name: inv.name,
      entity: inv.name,
      address: 'Villa 3, Al Wasl, Dubai',
      residenceCountry: 'AE',
      nationality: 'KE',
      kycStatus: 'approved',
      classification: { state: 'professional' },
    });
    expect(questionnaire.tax).toMatchObject({
      kind: 'individual',
      version: 2,
      usPerson: true,
      residences: [
        { country: 'AE', tin: '784-1980-7654321-9' },
        { country: 'US', tin: null },
      ],
    });
    // The subscription's own investor only; admins and anonymous callers are refused.
    expectError(await api('GET /api/investor/subscriptions/:id/questionnaire', { cookie: other.cookie, params: { id: sub.id } }), 404);
    expectError(await api('GET /api/investor/subscriptions/:id/questionnaire', { cookie: founder.cookie, params: { id: sub.id } }), 403);
    expectError(await api('GET /api/investor/subscriptions/:id/questionnaire', { params: { id: sub.id } }), 401);
    expectError(await api('GET /api/investor/subscriptions/:id/questionnaire', { cookie: inv.cookie, params: { id: 'not-a-uuid' } }), 400);

    // Answers not confirmed, or an empty address: 400 on the field, no envelope.
    const envelope = (body: unknown) =>
      api('POST /api/investor/subscriptions/:id/envelope', { cookie: inv.cookie, params: { id: sub.id }, rawBody: body });
    const unconfirmed = expectError(await envelope({ questionnaire: { address: 'x', confirmed: false } }), 400);
    expect(unconfirmed.fields?.['questionnaire.confirmed']).toBe('Confirm that these details are correct');
    const noAddress = expectError(await envelope({ questionnaire: { address: ' ', confirmed: true } }), 400);
    expect(noAddress.fields?.['questionnaire.address']).toBe('Enter your address');
    expect(await ctx.db.query('SELECT 1 FROM signing_envelopes WHERE subscription_id = $1', [sub.id])).toHaveLength(0);
    // Confirmed with a corrected address: recorded on the trail's created event.
    const opened = await envelope({
      entity: 'Okafor Trust',
      questionnaire: { address: 'Office 4, Gate Village 3, DIFC', confirmed: true },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const env = opened.json().envelope;
    expect(env.events[0]?.details.questionnaire).toEqual({
      entity: 'Okafor Trust',
      address: 'Office 4, Gate Village 3, DIFC',
      confirmed: true,
    });
  });

  it('a drawn signature (PNG) is accepted; a non-PNG drawing is 400', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const env = await openEnvelope(inv, (await subscribe(inv, deal.id, '1000')).id);
    const notPng = `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`;
    expectError(await sign(inv, env.id, { method: 'drawn', typedName: undefined, drawing: notPng }), 400);
    expectError(await sign(inv, env.id, { method: 'drawn', typedName: undefined }), 400);
    const drawn = `data:image/png;base64,${strokePng().toString('base64')}`;
    const ok = await sign(inv, env.id, { method: 'drawn', typedName: undefined, drawing: drawn });
    expect(ok.statusCode, ok.body).toBe(200);
    const done = await countersign(founder, env.id);
    expect(done.statusCode, done.body).toBe(200);
    const pdf = (await api('GET /api/signing/envelopes/:id/document', { cookie: founder.cookie, params: { id: env.id } })).rawPayload;
    expect(await pdfText(pdf, 'drawn.pdf')).toContain('Drawn signature');
  });

  it('30 parallel sign requests for one envelope: one 200, the rest 409', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const env = await openEnvelope(inv, (await subscribe(inv, deal.id, '1000')).id);
    const results = await Promise.all(Array.from({ length: 30 }, () => sign(inv, env.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    const events = await ctx.db.query("SELECT kind FROM signing_events WHERE envelope_id = $1 AND kind = 'signed'", [env.id]);
    expect(events).toHaveLength(1);
  });

  it("another investor's envelope is 404 on every route", async () => {
    const deal = await signedDeal();
    const owner = await person('investor');
    const other = await person('investor');
    const sub = await subscribe(owner, deal.id, '1000');
    const env = await openEnvelope(owner, sub.id);
    expectError(
      await api('POST /api/investor/subscriptions/:id/envelope', { cookie: other.cookie, params: { id: sub.id }, body: {} }),
      404,
    );
    expectError(await api('GET /api/investor/envelopes/:id', { cookie: other.cookie, params: { id: env.id } }), 404);
    expectError(await api('GET /api/investor/envelopes/:id/document', { cookie: other.cookie, params: { id: env.id } }), 404);
    expectError(await sign(other, env.id), 404);
    expectError(
      await api('POST /api/investor/envelopes/:id/decline', { cookie: other.cookie, params: { id: env.id }, body: { reason: 'no' } }),
      404,
    );
    expect((await api('GET /api/investor/envelopes', { cookie: other.cookie })).json().envelopes).toEqual([]);
    // Investors never reach the admin routes.
    expectError(await api('GET /api/signing/envelopes/:id', { cookie: owner.cookie, params: { id: env.id } }), 403);
    expectError(
      await api('POST /api/signing/envelopes/:id/countersign', {
        cookie: owner.cookie,
        params: { id: env.id },
        body: { name: 'x', title: 'y', password: owner.password },
      }),
      403,
    );
  });

  it('declined, voided and expired envelopes cannot be signed (409 with a message); a new envelope follows', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const sub = await subscribe(inv, deal.id, '1000');
    const env = await openEnvelope(inv, sub.id);
    expectError(
      await api('POST /api/investor/envelopes/:id/decline', { cookie: inv.cookie, params: { id: env.id }, body: { reason: '' } }),
      400,
    );
    const declined = await api('POST /api/investor/envelopes/:id/decline', {
      cookie: inv.cookie,
      params: { id: env.id },
      body: { reason: 'The amount is wrong' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(expectError(await sign(inv, env.id), 409).message).toBe('This agreement was declined.');

    const env2 = await openEnvelope(inv, sub.id);
    expect(env2.id).not.toBe(env.id);
    const voided = await api('POST /api/signing/envelopes/:id/void', {
      cookie: founder.cookie,
      params: { id: env2.id },
      body: { reason: 'Wrong template' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(expectError(await sign(inv, env2.id), 409).message).toBe('This agreement was voided.');

    const env3 = await openEnvelope(inv, sub.id);
    await ctx.db.query("UPDATE signing_envelopes SET expires_at = now() - interval '1 minute' WHERE id = $1", [env3.id]);
    const expired = expectError(await sign(inv, env3.id), 409);
    expect(expired.code).toBe('ENVELOPE_EXPIRED');
    const after = (await api('GET /api/investor/envelopes/:id', { cookie: inv.cookie, params: { id: env3.id } })).json();
    expect(after.envelope.status).toBe('expired');
    expect(after.envelope.events.map((e) => e.kind)).toEqual(['created', 'expired']);

    // Cancelling the subscription voids its open envelope.
    const env4 = await openEnvelope(inv, sub.id);
    expect(
      (await api('POST /api/investor/subscriptions/:id/cancel', { cookie: inv.cookie, params: { id: sub.id }, body: {} })).statusCode,
    ).toBe(200);
    const cancelled = (await api('GET /api/investor/envelopes/:id', { cookie: inv.cookie, params: { id: env4.id } })).json();
    expect(cancelled.envelope.status).toBe('voided');
  });

  it('an investor with two-factor re-authenticates with the authenticator code, not the password', async () => {
    const deal = await signedDeal();
    const inv = await person('investor');
    const env = await openEnvelope(inv, (await subscribe(inv, deal.id, '1000')).id);
    const secret = newTotpSecret();
    await ctx.db.query('INSERT INTO two_factor (user_id, secret, enabled_at) VALUES ($1, $2, now())', [inv.id, secret]);
    expect(expectError(await sign(inv, env.id), 400).fields?.code).toBe('Enter the code from your authenticator app to sign');
    expect(expectError(await sign(inv, env.id, { code: '000000' }), 400).fields?.code).toBe('The code is incorrect');
    const code = totpFor(secret, 'x', 'x').generate();
    const ok = await sign(inv, env.id, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().envelope.events.find((e) => e.kind === 'signed')?.details.reauth).toBe('totp');
  });

  it('only a founder changes who may countersign; then a CIO can', async () => {
    const refused = expectError(
      await api('PUT /api/signing/settings', { cookie: cio.cookie, body: { countersignAdminTypes: ['cio'], envelopeDays: 30 } }),
      403,
    );
    expect(refused.code).toBe('FOUNDER_ONLY');
    expectError(
      await api('PUT /api/signing/settings', { cookie: founder.cookie, body: { countersignAdminTypes: [], envelopeDays: 30 } }),
      400,
    );
    const ok = await api('PUT /api/signing/settings', {
      cookie: founder.cookie,
      body: { countersignAdminTypes: ['founder', 'cio'], envelopeDays: 14 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const deal = await signedDeal();
    const inv = await person('investor');
    const env = await openEnvelope(inv, (await subscribe(inv, deal.id, '1000')).id);
    // Signable through today + 14 (the setting) in the company's zone (UTC in the suites): it
    // expires at the midnight that ends that day, i.e. 00:00 UTC of today + 15.
    const d = new Date();
    expect(env.expiresAt).toBe(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 15)).toISOString());
    expect((await sign(inv, env.id)).statusCode).toBe(200);
    const done = await countersign(cio, env.id);
    expect(done.statusCode, done.body).toBe(200);
    await api('PUT /api/signing/settings', {
      cookie: founder.cookie,
      body: { countersignAdminTypes: ['founder', 'legal'], envelopeDays: 30 },
    });
  });
});
