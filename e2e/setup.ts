import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { RETAIL_NOTICE_VERSION } from '../src/shared/dfsa-classification';
import { firstSignIn, freshEmail, INITIAL_PASSWORD, OWN_PASSWORD } from './fixtures';

/**
 * Set-up through the API for flows that need their own deal or investor (the screens under test
 * are clicked through by the flows themselves). `admin` is a page signed in as a founder.
 */

/** A new Active deal; with `spvEntity` naming a demo SPV that holds payment details, calls can be issued. */
export async function createActiveDeal(
  admin: Page,
  deal: { title: string; type?: string; targetAmount?: string | null; spvEntity?: string },
): Promise<string> {
  const created = await admin.request.post('/api/deals', {
    data: { type: 'Infrastructure', targetAmount: null, ...deal },
  });
  expect(created.status(), await created.text()).toBe(201);
  const dealId = (await created.json()).deal.id as string;
  expect((await admin.request.patch(`/api/deals/${dealId}`, { data: { status: 'Active' } })).ok()).toBe(true);
  await ensureSubscriptionPack(admin.request, dealId);
  return dealId;
}

/**
 * A new investor with approved KYC (four documents uploaded and approved), signed in for the first
 * time in a context of their own; with `suitability`, their annual suitability review done too
 * (a subscription needs one, issue 27 item 11).
 */
export async function newApprovedInvestor(
  browser: Browser,
  admin: Page,
  opts: {
    name: string;
    tag: string;
    viewport?: { width: number; height: number };
    suitability: boolean;
    classified?: boolean;
    taxCertified?: boolean;
  },
): Promise<{ id: string; email: string; page: Page }> {
  const email = freshEmail(opts.tag);
  const created = await admin.request.post('/api/users', {
    data: { name: opts.name, email, password: INITIAL_PASSWORD, role: 'investor', investorUserType: 'hni' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { user: { id: string } }).user.id;
  const page = await firstSignIn(browser, email, opts.viewport);
  for (const kind of ['passport', 'address_proof', 'financial_statements', 'source_of_funds']) {
    const up = await page.request.post(`/api/kyc/me/documents/${kind}`, {
      multipart: { file: { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${opts.tag}\n`) } },
    });
    expect(up.ok(), await up.text()).toBe(true);
  }
  expect((await page.request.post('/api/kyc/me/submit')).ok()).toBe(true);
  const apps = (await (await admin.request.get('/api/kyc')).json()) as { applications: { id: string; investorId: string }[] };
  const appId = apps.applications.find((a) => a.investorId === id)?.id;
  expect((await admin.request.post(`/api/kyc/${appId}/approve`, { data: {} })).ok()).toBe(true);
  // A Professional Client classification, with evidence, approved (issue 31: none blocks subscribing).
  if (opts.classified !== false) await classifyThroughApi(admin, page, opts.tag);
  // A signed tax self-certification (issue 31 part 3: none blocks subscribing).
  if (opts.taxCertified !== false) await certifyTaxThroughApi(page, opts.name);
  if (opts.suitability) {
    const review = await page.request.post('/api/investor/suitability-review', {
      data: { experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' },
    });
    expect(review.ok(), await review.text()).toBe(true);
  }
  return { id, email, page };
}

/** The investor submits an assessed-Professional classification with one evidence file; the admin approves it. */
export async function classifyThroughApi(admin: Page, investor: Page, tag: string): Promise<void> {
  const up = await investor.request.post('/api/investor/classification/evidence', {
    multipart: { file: { name: 'evidence.pdf', mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${tag}\n`) } },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const submitted = await investor.request.post('/api/investor/classification', {
    data: {
      basis: 'assessed_individual',
      netAssets: '2500000',
      yearsExperience: 8,
      experience: 'Eight years of private-markets investing (end-to-end set-up).',
      noticeAcknowledged: true,
      noticeVersion: RETAIL_NOTICE_VERSION,
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const id = ((await submitted.json()) as { latest: { id: string } }).latest.id;
  const decided = await admin.request.post(`/api/classifications/${id}/decide`, {
    data: { decision: 'professional', reasons: 'Evidence reviewed (end-to-end set-up).' },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
}

/** The (individual) investor signs a tax self-certification: resident in the UAE with a TIN, not a US person. */
export async function certifyTaxThroughApi(investor: Page, name: string): Promise<void> {
  const signed = await investor.request.post('/api/investor/tax/certifications', {
    data: {
      kind: 'individual',
      residences: [{ country: 'AE', tin: '784-1990-1234567-1' }],
      usPerson: false,
      signedName: name,
      attest: true,
      password: OWN_PASSWORD,
    },
  });
  expect(signed.ok(), await signed.text()).toBe(true);
}

/** The demo deal whose pack (the project's fictional agreement) the flows' own deals copy (issue 30). */
const PACK_SOURCE_DEAL = 'Dar es Salaam Solar Mini-Grid Portfolio';

/**
 * Every deal takes subscriptions only with a complete subscription pack (issue 30): gives the
 * deal one through the API unless it has one, a copy of the demo agreement and its fields.
 * `admin` is a request context signed in as an admin.
 */
export async function ensureSubscriptionPack(admin: APIRequestContext, dealId: string): Promise<void> {
  const current = await admin.get(`/api/deals/${dealId}/subscription-pack`);
  expect(current.status(), await current.text()).toBe(200);
  if ((await current.json()).pack) return;
  const deals = (await (await admin.get('/api/deals')).json()) as { deals: { id: string; title: string }[] };
  const source = deals.deals.find((d) => d.title === PACK_SOURCE_DEAL);
  expect(source, 'the demo deal with the agreement').toBeDefined();
  const pack = (await (await admin.get(`/api/deals/${source?.id}/subscription-pack`)).json()).pack as { fields: unknown[] };
  const template = await admin.get(`/api/deals/${source?.id}/subscription-pack/template`);
  expect(template.status()).toBe(200);
  const uploaded = await admin.post(`/api/deals/${dealId}/subscription-pack`, {
    multipart: {
      fields: JSON.stringify(pack.fields),
      file: { name: 'agreement.pdf', mimeType: 'application/pdf', buffer: await template.body() },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
}

/**
 * Completes a subscription the only way the product allows (issue 30): the investor opens the
 * agreement and signs it (typed name, their password), the admin countersigns (their password),
 * which completes it and posts the commitment. Through the API: the signing screens have their
 * own spec (signing.spec.ts).
 */
export async function completeSigned(
  admin: APIRequestContext,
  investor: APIRequestContext,
  subscriptionId: string,
  passwords: { investor: string; admin: string },
): Promise<void> {
  const opened = await investor.post(`/api/investor/subscriptions/${subscriptionId}/envelope`, { data: {} });
  expect(opened.status(), await opened.text()).toBe(200);
  const envelope = (await opened.json()).envelope as { id: string; investorName: string; status: string };
  if (envelope.status === 'sent') {
    const signed = await investor.post(`/api/investor/envelopes/${envelope.id}/sign`, {
      data: { consent: true, method: 'typed', typedName: envelope.investorName, password: passwords.investor },
    });
    expect(signed.status(), await signed.text()).toBe(200);
  }
  const me = (await (await admin.get('/api/auth/session')).json()).user as { name: string };
  const done = await admin.post(`/api/signing/envelopes/${envelope.id}/countersign`, {
    data: { name: me.name, title: 'Managing Partner', password: passwords.admin },
  });
  expect(done.status(), await done.text()).toBe(200);
}
