import { type Browser, expect, type Page } from '@playwright/test';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';
import { createActiveDeal, newApprovedInvestor } from './setup';

/**
 * Issue 27 item 11: a subscription needs a completed, current suitability review. A new investor
 * with approved KYC and no review tries to subscribe 600,000: the review step shows the deal's fees
 * and carry, the server refuses, the form says why and links to the review; once the review is
 * completed on the DFSA Compliance screen, the same subscription goes through.
 */
export async function suitabilityGateFlow(browser: Browser, page: Page, viewport: { width: number; height: number }) {
  const stamp = `${Date.now() % 1_000_000}${viewport.width < 500 ? 'p' : 'd'}`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  // Set-up through the API: an investor with approved KYC, and a fresh open deal with terms.
  const dealId = await createActiveDeal(page, { title: `Gate Deal ${stamp}`, targetAmount: '5000000' });
  const terms = await page.request.put(`/api/deals/${dealId}/terms`, {
    data: {
      hurdleRate: '8',
      catchUp: 'full',
      carryRate: '20',
      carryRecipients: [{ kind: 'gp', name: 'Gate GP Ltd', share: '100' }],
      managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' },
    },
  });
  expect(terms.ok(), await terms.text()).toBe(true);

  const { page: inv } = await newApprovedInvestor(browser, page, {
    name: `Gate Investor ${stamp}`,
    tag: `gate-${stamp}`,
    viewport,
    suitability: false,
  });
  try {
    // The compliance screen says no review yet, as in the issue.
    await inv.goto('/investor/compliance');
    await expect(inv.getByTestId('suitability-review').getByTestId('review-last-completed')).toHaveText('Not yet completed');

    // Subscribing: the review step shows fees and carry; the server refuses for want of a review.
    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    const form = inv.getByRole('form', { name: 'New Subscription' });
    // The form says so before anything is typed, with the way to the review.
    const needed = inv.getByTestId('suitability-needed');
    await expect(needed).toContainText('Complete your suitability review before you subscribe');
    await expect(needed.getByRole('link', { name: 'Complete the suitability review' })).toHaveAttribute('href', '/investor/compliance');
    await form.getByLabel(/^Amount \(USD\)\*?$/).fill('600000');
    await form.getByRole('button', { name: 'Submit Subscription' }).click();
    const review = inv.getByRole('dialog', { name: 'Review your subscription' });
    await expect(review.getByTestId('review-amount')).toHaveText('$600,000');
    // The terms set above, as the review writes them.
    await expect(review.getByTestId('review-fee')).toHaveText('2% a year on commitments, charged through capital calls');
    await expect(review.getByTestId('review-hurdle')).toHaveText('8%');
    await expect(review.getByTestId('review-carry')).toHaveText('20%');
    await expect(review.getByTestId('review-catch-up')).toHaveText('Full (100% to the general partner)');
    await expect(review).not.toContainText('Gate GP Ltd');
    await expectNoA11yViolations(inv, 'subscription review with fees and carry');
    for (const box of await review.getByRole('checkbox').all()) await box.check();
    await review.getByRole('button', { name: 'Confirm Subscription' }).click();
    await expectToast(inv, 'Failed to submit subscription');
    await expect(needed).toContainText('Suitability review needed');
    await expect(needed).toContainText('Complete your suitability review before you subscribe');
    await expectNoA11yViolations(inv, 'subscription refused without a suitability review');
    const subs = (await (await inv.request.get('/api/investor/subscriptions')).json()) as { subscriptions: unknown[] };
    expect(subs.subscriptions).toHaveLength(0);

    // The link leads to the review; completing it lets the same subscription through.
    await needed.getByRole('link', { name: 'Complete the suitability review' }).click();
    await expect(inv).toHaveURL(/\/investor\/compliance$/);
    await inv.getByTestId('suitability-review').getByRole('button', { name: 'Start Review' }).click();
    const dialog = inv.getByRole('dialog');
    await dialog.getByLabel(/^Investment experience/).selectOption('extensive');
    await dialog.getByLabel(/^Risk tolerance/).selectOption('high');
    await dialog.getByLabel(/^Net-worth band/).selectOption('over_25m');
    await dialog.getByLabel(/^Investment horizon/).selectOption('5_10y');
    await dialog.getByRole('button', { name: 'Complete Review' }).click();
    await expectToast(inv, 'Suitability review completed');

    await inv.goto(`/investor/subscriptions?deal=${dealId}`);
    await expect(form.getByLabel(/^Amount \(USD\)\*?$/)).toBeVisible();
    await expect(needed).toHaveCount(0);
    await form.getByLabel(/^Amount \(USD\)\*?$/).fill('600000');
    await form.getByRole('button', { name: 'Submit Subscription' }).click();
    for (const box of await review.getByRole('checkbox').all()) await box.check();
    await review.getByRole('button', { name: 'Confirm Subscription' }).click();
    await expectToast(inv, 'Subscription submitted');
  } finally {
    await inv.context().close();
  }
}
