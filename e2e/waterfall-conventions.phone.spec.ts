import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, expectToast } from './fixtures';
import { dealWithOneHolder, signInBoth } from './waterfall-setup';

/** Issue 29 part 2 at phone width: the terms form's waterfall conventions, escrow with its release date. */
test.describe.configure({ timeout: 180_000 });

test('phone: an admin sets quarterly compounding on Actual/Actual and a carry escrow with its release date', async ({ browser }) => {
  const { admin, investor } = await signInBoth(browser, 390, 844);
  const title = `Phone Conventions ${Date.now()}`;
  const dealId = await dealWithOneHolder(admin, investor, title);

  await admin.goto(`/admin/deals/${dealId}`);
  const terms = admin.getByRole('form', { name: 'Economic terms' });
  await terms.getByLabel(/^Preferred Return \(%\)/).fill('8');
  await terms.getByLabel(/^Catch-up\*?$/).selectOption('full');
  await terms.getByLabel(/^Carried Interest \(%\)/).fill('20');
  await terms.getByLabel('GP Entity Name').fill('Phone GP Ltd');
  const conventions = terms.getByRole('group', { name: 'Waterfall conventions' });
  await conventions.getByLabel('Preferred Return Accrual').selectOption({ label: 'Compounded quarterly' });
  await conventions.getByLabel('Day Count').selectOption({ label: 'Actual/Actual' });
  await conventions.getByLabel('Carry Escrow (%)').fill('25');
  const release = conventions.getByLabel('Escrow Released On');
  await release.fill('2030-06-30');
  // The group fits the phone: no control wider than the screen.
  const box = await conventions.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  await terms.getByRole('button', { name: 'Save Terms' }).click();
  await expectToast(admin, 'Terms saved (version 1)');
  await expect(admin.getByTestId('terms-conventions')).toHaveText(
    'Compounded quarterly on Actual/Actual, clawback netted from later carry, 25% of carry in escrow until 30 Jun 2030',
  );
  await expectNoA11yViolations(admin, 'deal terms with conventions (phone)');
});
