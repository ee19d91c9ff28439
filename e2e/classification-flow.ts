import { type Browser, expect, type Page } from '@playwright/test';
import { RETAIL_NOTICE_VERSION } from '../src/shared/dfsa-classification';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';
import { createActiveDeal, newApprovedInvestor } from './setup';

const PDF = { name: 'bank-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% classification evidence\n') };

/**
 * Issue 31 part A: an investor (KYC approved, suitability review done) classifies as an assessed
 * Professional Client with evidence and the retail-treatment notice; while the classification
 * waits, subscribing is blocked with the reason; an admin reviews it in the Investor Onboarding
 * queue and approves it with reasons; the DFSA Compliance screen then shows the classification,
 * its basis and review date, and the subscription goes through.
 */
export async function classificationFlow(browser: Browser, page: Page, viewport: { width: number; height: number }) {
  const stamp = `${Date.now() % 1_000_000}${viewport.width < 500 ? 'p' : 'd'}`;
  const name = `Classified Investor ${stamp}`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const dealId = await createActiveDeal(page, { title: `Classification Deal ${stamp}`, targetAmount: '5000000' });
  const { page: inv } = await newApprovedInvestor(browser, page, {
    name,
    tag: `class-${stamp}`,
    viewport,
    suitability: true,
    classified: false,
  });
  try {
    await inv.goto('/investor/compliance');
    const card = inv.getByTestId('client-classification');
    await expect(card.getByTestId('classification-state')).toHaveText('Not yet classified');
    await expect(card.getByTestId('classification-blocking')).toContainText('Complete your client classification before you subscribe');

    // The form: the answers, the evidence and the notice (its field-level errors are checked in
    // features/investor-compliance/classification-form.test.tsx).
    await card.getByRole('button', { name: 'Classify me' }).click();
    const dialog = inv.getByRole('dialog', { name: 'Client classification' });
    await dialog.getByLabel(/^Basis of classification/).selectOption('assessed_individual');
    await dialog.getByLabel(/^Net assets excluding your main residence/).fill('1,000,000');
    await dialog.getByLabel(/^Years of relevant investment experience/).fill('6');
    await dialog.getByLabel(/^Your knowledge and experience/).fill('Six years as a portfolio manager at a regional bank.');
    await dialog.locator('#classification-file').setInputFiles(PDF);
    await expect(dialog.getByRole('list', { name: 'Evidence' })).toContainText('bank-letter.pdf');
    const notice = dialog.getByTestId('retail-notice');
    await expect(notice).toContainText('You may ask us in writing at any time to treat you as a Retail Client');
    await notice.getByLabel('I have read and understood this notice.').check();
    await expectNoA11yViolations(inv, 'client classification form');
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await expectToast(inv, 'Classification submitted for review');
    await expect(card.getByTestId('classification-state')).toHaveText('Under review');

    // While it waits, the subscription form says why before anything is typed.
    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    const needed = inv.getByTestId('classification-needed');
    await expect(needed).toContainText('Our compliance team is reviewing your client classification');
    await expect(needed.getByRole('link', { name: 'Go to DFSA Compliance' })).toHaveAttribute('href', '/investor/compliance');

    // The admin's queue: the answers against the thresholds, the evidence, the decision with reasons.
    await page.goto('/admin/investors?tab=classifications');
    const row = page.getByTestId('classification-row').filter({ hasText: name });
    await expect(row).toContainText('Awaiting decision');
    await row.getByRole('button', { name: /^Review/ }).click();
    const review = page.getByRole('dialog', { name: `Classification: ${name}` });
    await expect(review.getByTestId('classification-guide')).toContainText('Net assets of at least $1,000,000.00');
    await expect(review.getByTestId('classification-guide')).toContainText('On these figures the basis is met.');
    await expect(review).toContainText(RETAIL_NOTICE_VERSION);
    await expect(review).toContainText('bank-letter.pdf');
    await review.getByLabel('Professional Client').check();
    await review.getByLabel(/^Reasons/).fill('Bank letter confirms net assets; experience confirmed by telephone.');
    await expectNoA11yViolations(page, 'classification review');
    await review.getByRole('button', { name: 'Record decision' }).click();
    await expectToast(page, 'Decision recorded');
    await expect(row).toContainText('Professional Client');

    // The investor's DFSA Compliance screen: their own classification, basis and review date.
    await inv.goto('/investor/compliance');
    await expect(card.getByTestId('classification-state')).toHaveText('Professional Client');
    await expect(card.getByTestId('classification-basis')).toHaveText('Assessed Professional: an individual');
    await expect(card.getByTestId('classification-reasons')).toContainText('Bank letter confirms net assets');
    await expect(card.getByTestId('classification-review-due')).not.toBeEmpty();
    await expect(inv.getByTestId('regulatory-classification')).toContainText('Professional Client');
    await expect(inv.getByTestId('regulatory-classification')).toContainText('Review due');
    await expectNoA11yViolations(inv, 'DFSA Compliance with a classification');

    // And the subscription goes through.
    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    const form = inv.getByRole('form', { name: 'New Subscription' });
    await expect(form.getByLabel(/^Amount \(USD\)\*?$/)).toBeVisible();
    await expect(inv.getByTestId('classification-needed')).toHaveCount(0);
    await form.getByLabel(/^Amount \(USD\)\*?$/).fill('250000');
    await form.getByRole('button', { name: 'Submit Subscription' }).click();
    const confirm = inv.getByRole('dialog', { name: 'Review your subscription' });
    for (const box of await confirm.getByRole('checkbox').all()) await box.check();
    await confirm.getByRole('button', { name: 'Confirm Subscription' }).click();
    await expectToast(inv, 'Subscription submitted');
  } finally {
    await inv.context().close();
  }
}

/** A Retail Client is told why they cannot subscribe, before and after trying; nothing is written. */
export async function retailBlockedFlow(browser: Browser, page: Page, viewport: { width: number; height: number }) {
  const stamp = `${Date.now() % 1_000_000}${viewport.width < 500 ? 'p' : 'd'}`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const dealId = await createActiveDeal(page, { title: `Retail Deal ${stamp}`, targetAmount: '5000000' });
  const { page: inv } = await newApprovedInvestor(browser, page, {
    name: `Retail Investor ${stamp}`,
    tag: `retail-${stamp}`,
    viewport,
    suitability: true,
    classified: false,
  });
  try {
    // Submitted through the API (the form is the other flow's); the admin records Retail.
    expect((await inv.request.post('/api/investor/classification/evidence', { multipart: { file: PDF } })).ok()).toBe(true);
    const submitted = await inv.request.post('/api/investor/classification', {
      data: { basis: 'assessed_undertaking', ownFunds: '999999.99', noticeAcknowledged: true, noticeVersion: RETAIL_NOTICE_VERSION },
    });
    expect(submitted.ok(), await submitted.text()).toBe(true);
    const id = ((await submitted.json()) as { latest: { id: string } }).latest.id;
    const decided = await page.request.post(`/api/classifications/${id}/decide`, {
      data: { decision: 'retail', reasons: 'Own funds below USD 1 million on the audited accounts.' },
    });
    expect(decided.ok(), await decided.text()).toBe(true);

    const message = 'you are classified as a Retail Client, so you cannot subscribe';
    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    const needed = inv.getByTestId('classification-needed');
    await expect(needed).toContainText(message);
    await expectNoA11yViolations(inv, 'subscription form for a Retail Client');
    const form = inv.getByRole('form', { name: 'New Subscription' });
    await form.getByLabel(/^Amount \(USD\)\*?$/).fill('100000');
    await form.getByRole('button', { name: 'Submit Subscription' }).click();
    const confirm = inv.getByRole('dialog', { name: 'Review your subscription' });
    for (const box of await confirm.getByRole('checkbox').all()) await box.check();
    await confirm.getByRole('button', { name: 'Confirm Subscription' }).click();
    await expectToast(inv, 'Failed to submit subscription');
    await expect(needed).toContainText(message);
    const subs = (await (await inv.request.get('/api/investor/subscriptions')).json()) as { subscriptions: unknown[] };
    expect(subs.subscriptions).toHaveLength(0);

    // The DFSA Compliance screen says the same, with the reasons.
    await inv.goto('/investor/compliance');
    const card = inv.getByTestId('client-classification');
    await expect(card.getByTestId('classification-state')).toHaveText('Retail Client');
    await expect(card.getByTestId('classification-reasons')).toContainText('Own funds below USD 1 million');
    await expect(card.getByTestId('classification-blocking')).toContainText(message);
  } finally {
    await inv.context().close();
  }
}
