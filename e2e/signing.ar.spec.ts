import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ar, expect, test } from './arabic';
import { E2E, expectNoA11yViolations, OWN_PASSWORD, signIn } from './fixtures';
import { newApprovedInvestor } from './setup';
import { SIGNED_DEAL } from './signing-flow';

const run = promisify(execFile);

test.describe.configure({ timeout: 240_000 });

/**
 * Issue 30, "one flow in Arabic": an investor whose language is Arabic, with an Arabic name,
 * confirms the questionnaire, reads and signs the agreement right to left with a typed signature in
 * Arabic script; the admin countersigns; the executed PDF's certificate page is in Arabic
 * (pdftotext) and its seal verifies (pdfsig); the executed copy is in the Arabic Deal Vault.
 */
test('Arabic: an investor signs with a typed Arabic name, the firm countersigns, the certificate page is Arabic', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const name = `ليلى حداد ${'ابجدهوزحطي'[Date.now() % 10]}`;
  const { page: inv } = await newApprovedInvestor(browser, page, { name, tag: 'sign-ar', suitability: true });
  const language = await inv.request.put('/api/auth/language', { data: { language: 'ar' } });
  expect(language.status()).toBe(200);

  const deals = (await (await inv.request.get('/api/investor/deals')).json()) as { deals: { id: string; title: string }[] };
  const deal = deals.deals.find((d) => d.title === SIGNED_DEAL);
  expect(deal, 'the signed demo deal is open').toBeDefined();
  const created = await inv.request.post('/api/investor/subscriptions', { data: { dealId: deal?.id, amount: '2500' } });
  expect(created.status(), await created.text()).toBe(201);
  const { subscription } = (await created.json()) as { subscription: { id: string } };

  // 1. The questionnaire, right to left, pre-filled (the tax self-certification of e2e/setup.ts).
  await inv.goto(`/investor/subscriptions/${subscription.id}/sign`);
  await expect(inv.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(inv.getByRole('heading', { level: 1, name: ar('signing', 'sign.title') })).toBeVisible();
  await expect(inv.getByLabel(ar('signing', 'sign.entity'))).toHaveValue(name);
  await expect(inv.getByTestId('questionnaire-facts')).toContainText(ar('signing', 'questionnaire.classificationState.professional'));
  await expect(inv.getByTestId('questionnaire-facts')).toContainText('784-1990-1234567-1');
  await inv.getByLabel(ar('signing', 'questionnaire.address')).fill('فيلا 3، شارع الوصل، دبي');
  await expectNoA11yViolations(inv, 'signing questionnaire (ar)');
  await inv.getByRole('checkbox', { name: ar('signing', 'questionnaire.confirm') }).check();
  await inv.getByRole('button', { name: ar('signing', 'sign.prepare') }).click();

  // 2-3. Read, consent, a typed signature in Arabic, the password.
  await expect(inv.getByRole('heading', { name: ar('signing', 'sign.agreementTitle') })).toBeVisible();
  await expect(inv.getByRole('img').first()).toBeVisible();
  await inv.getByRole('checkbox', { name: ar('signing', 'sign.consent') }).check();
  await inv.getByRole('radio', { name: ar('signing', 'sign.typed') }).check();
  await inv.getByLabel(ar('signing', 'sign.typedName')).fill(name);
  await inv.getByLabel(ar('signing', 'sign.password')).fill(OWN_PASSWORD);
  await expectNoA11yViolations(inv, 'signing steps (ar)');
  await inv.screenshot({ path: testInfo.outputPath('signing-ar.png'), fullPage: true });
  await inv.getByRole('button', { name: ar('signing', 'sign.submit') }).click();
  await expect(inv.getByRole('heading', { name: ar('signing', 'sign.signedTitle') })).toBeVisible();

  // The firm countersigns (its screen is walked in English by e2e/signing-flow.ts).
  const envelopes = (await (await inv.request.get('/api/investor/envelopes')).json()) as {
    envelopes: { id: string; subscriptionId: string }[];
  };
  const envelope = envelopes.envelopes.find((e) => e.subscriptionId === subscription.id);
  const countersigned = await page.request.post(`/api/signing/envelopes/${envelope?.id}/countersign`, {
    data: { name: 'E2E Admin', title: 'Managing Partner', password: E2E.adminPassword },
  });
  expect(countersigned.status(), await countersigned.text()).toBe(200);

  // Executed: the investor downloads it; the certificate page is in Arabic and the seal verifies.
  await inv.reload();
  await expect(inv.getByRole('heading', { name: ar('signing', 'sign.executedTitle') })).toBeVisible();
  await expectNoA11yViolations(inv, 'signed (ar)');
  const download = inv.waitForEvent('download');
  await inv.getByRole('link', { name: ar('signing', 'sign.download') }).click();
  const file = testInfo.outputPath('executed-ar.pdf');
  await (await download).saveAs(file);
  expect((await run('pdfsig', [file])).stdout).toContain('Signature Validation: Signature is Valid.');
  // Shaped Arabic comes out of pdftotext as presentation forms (NFKC gives the plain letters back),
  // with its vowel marks (shadda...) set apart and bidi embedding marks around runs: both dropped.
  const bare = (s: string) => s.normalize('NFKC').replace(/[\u064B-\u0652\u202A-\u202E\u2066-\u2069]/g, '');
  const text = bare((await run('pdftotext', ['-layout', file, '-'])).stdout);
  expect(text).toContain(bare(ar('signing', 'certificate.title')));
  expect(text).toContain(bare(ar('signing', 'certificate.kind.signed')));
  expect(text).toContain(bare(name));
  expect(text).not.toContain('Signature certificate');

  // The Arabic Deal Vault lists the executed copy under the deal's documents.
  await inv.goto('/investor/deals');
  const held = inv.getByTestId('held-deals').locator('[data-testid="deal-card"]', { hasText: SIGNED_DEAL });
  await expect(held.getByText(ar('investor-deals', 'documents.agreement'))).toBeVisible();
  await expectNoA11yViolations(inv, 'deal vault with the executed agreement (ar)');
  await inv.context().close();
});
