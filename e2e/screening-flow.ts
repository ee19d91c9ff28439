import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { FROZEN_SUBSCRIPTION_MESSAGE } from '../src/shared/screening';
import { DEMO, E2E, expectNoA11yViolations, expectToast, firstSignIn, freshEmail, INITIAL_PASSWORD, signIn, toasts } from './fixtures';
import { createActiveDeal, newApprovedInvestor } from './setup';

/** The review-queue card of one hit: its subject and the list entry it matched (the card's name). */
const hitOf = (root: Page | Locator, subject: string, entry: string) =>
  root.locator(`[data-testid="screening-hit"][aria-label="${subject} – ${entry}"]`);

/** A UN Consolidated List in its published XML layout, invented names only. */
function unList(people: { ref: string; names: string[] }[]): string {
  const rows = people
    .map(
      (p) =>
        `<INDIVIDUAL><DATAID>1</DATAID>${p.names.map((n, i) => `<${['FIRST', 'SECOND', 'THIRD'][i]}_NAME>${n}</${['FIRST', 'SECOND', 'THIRD'][i]}_NAME>`).join('')}` +
        `<REFERENCE_NUMBER>${p.ref}</REFERENCE_NUMBER><NATIONALITY/><INDIVIDUAL_DATE_OF_BIRTH/></INDIVIDUAL>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST><INDIVIDUALS>${rows}</INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>`;
}

/**
 * Issue 31 part B: an offshore fund names two beneficial owners on its DFSA Compliance screen; an
 * admin imports a UN list that makes one owner and an existing investor hits; the admin clears
 * the owner's hit as a false positive and escalates the investor's; a second admin confirms it,
 * and the investor's subscription is refused with the freeze message.
 */
export async function screeningFlow(browser: Browser, page: Page, viewport: { width: number; height: number }) {
  const stamp = `${Date.now() % 1_000_000}${viewport.width < 500 ? 'p' : 'd'}`;
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const dealId = await createActiveDeal(page, { title: `Screening Deal ${stamp}`, targetAmount: '5000000' });
  const suspect = `Cassius Marrowby Wendell${stamp}`;
  const suspectEntry = `CASSIUS MARROWBY WENDELL${stamp.toUpperCase()}`;
  const { page: hni } = await newApprovedInvestor(browser, page, { name: suspect, tag: `scr-${stamp}`, viewport, suitability: true });

  // The offshore fund: created by the admin, signs in, names two beneficial owners.
  const email = freshEmail(`fund-${stamp}`);
  const created = await page.request.post('/api/users', {
    data: { name: `Azure Reef Fund ${stamp}`, email, password: INITIAL_PASSWORD, role: 'investor', investorUserType: 'offshore_fund' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const fund = await firstSignIn(browser, email, viewport);
  const owners = [`Orla Vantry${stamp}`, `Tobias Quell${stamp}`];
  try {
    await fund.goto('/investor/compliance');
    const section = fund.getByTestId('investor-screening');
    await expect(section.getByRole('heading', { name: 'Sanctions screening' })).toBeVisible();
    await expect(section).toContainText('No one named yet.');
    const form = section.getByRole('form', { name: 'Add person' });
    // Field-level errors from the server.
    await form.getByLabel(/^Nationality/).fill('U');
    await form.getByRole('button', { name: 'Add person' }).click();
    await expect(form).toContainText('Full name is required');
    await expect(form).toContainText('Enter a two-letter country code, e.g. AE');
    for (const [i, name] of owners.entries()) {
      await form.getByLabel(/^Full name/).fill(name);
      await form.getByLabel('Role').selectOption(i === 0 ? 'beneficial_owner' : 'controlling_person');
      await form.getByLabel(/^Nationality/).fill('ae');
      await form.getByLabel('Date of birth').fill('1979-04-12');
      await form.getByRole('button', { name: 'Add person' }).click();
      await expectToast(fund, `${name} was added`);
    }
    const list = section.getByRole('list', { name: 'Beneficial owners and controlling persons' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText(`${owners[0]} · Beneficial owner · AE`);
    await expect(list).toContainText(`${owners[1]} · Controlling person · AE`);
    await expectNoA11yViolations(fund, 'beneficial owners on the DFSA Compliance screen');
    // Removing one's own person works (it answered 404 after deleting, before decision 035's fix).
    await list.getByRole('button', { name: `Remove ${owners[1]}` }).click();
    await expectToast(fund, `${owners[1]} was removed`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).not.toContainText(owners[1] as string);

    // The individual investor gives their own details.
    await hni.goto('/investor/compliance');
    const own = hni.getByTestId('investor-screening').getByRole('form', { name: 'Your details' });
    await own.getByLabel('Date of birth').fill('1968-02-29');
    await own.getByLabel(/^Nationality/).fill('gb');
    await own.getByRole('button', { name: 'Save details' }).click();
    await expectToast(hni, 'Your details were saved');
    await expect(own.getByLabel(/^Nationality/)).toHaveValue('GB');
    await expectNoA11yViolations(hni, 'own screening details');

    // The admin imports a list naming the first owner and the investor.
    await page.goto('/admin/screening');
    await expect(page.getByRole('heading', { name: 'Sanctions Screening', level: 1 })).toBeVisible();
    const importForm = page.getByRole('form', { name: 'Import a list' });
    await importForm.getByLabel('List').selectOption('un');
    await importForm.getByLabel('File').setInputFiles({
      name: `consolidated-${stamp}.xml`,
      mimeType: 'application/xml',
      buffer: Buffer.from(
        unList([
          { ref: `QDi.${stamp}1`, names: ['ORLA', `VANTRY${stamp.toUpperCase()}`] },
          { ref: `QDi.${stamp}2`, names: ['CASSIUS', 'MARROWBY', `WENDELL${stamp.toUpperCase()}`] },
          { ref: `QDi.${stamp}3`, names: ['ZEBEDEE', 'QUILLFEATHER'] },
        ]),
      ),
    });
    await importForm.getByRole('button', { name: 'Import list' }).click();
    // The diff is against the previous UN import: an earlier run on this server (the desktop or the
    // phone spec) left entries this list no longer has.
    await expect(toasts(page).getByText(/^3 entries imported: 3 added, 0 changed, \d+ removed$/)).toBeVisible();
    const imports = page.getByRole('table', { name: 'Imports' });
    await expect(imports.getByRole('row').filter({ hasText: `consolidated-${stamp}.xml` })).toContainText(/Done, \d+ new hits/, {
      timeout: 30_000,
    });

    const queue = page.getByTestId('screening-queue');
    // Each hit by its subject and this run's list entry: the names of an earlier run on this
    // server (the other viewport's spec) are near enough to match this run's list too.
    const ownerHit = hitOf(queue, owners[0] as string, `ORLA VANTRY${stamp.toUpperCase()}`);
    const suspectHit = hitOf(queue, suspect, suspectEntry);
    await expect(ownerHit).toContainText('Beneficial owner');
    await expect(ownerHit).toContainText('Open');
    await expect(suspectHit).toContainText('UN Security Council Consolidated List');
    await expectNoA11yViolations(page, 'screening queue with new hits');

    // The owner: a false positive, with a reason.
    await ownerHit.getByRole('button', { name: 'False positive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear as a false positive' });
    await dialog.getByRole('button', { name: 'Clear hit' }).click();
    await expect(dialog).toContainText('A reason is required to clear a hit');
    await dialog.getByLabel(/^Reason/).fill('Different date of birth and nationality on the passport');
    await expectNoA11yViolations(page, 'clear hit dialog');
    await dialog.getByRole('button', { name: 'Clear hit' }).click();
    await expectToast(page, 'The hit was cleared as a false positive');
    await expect(ownerHit).toContainText('False positive');
    await expect(ownerHit).toContainText('Reason: Different date of birth and nationality on the passport');

    // The investor: escalated; the same admin cannot confirm.
    await suspectHit.getByRole('button', { name: 'Escalate' }).click();
    await expectToast(page, 'The hit was escalated for a second admin');
    await expect(suspectHit).toContainText('Escalated');
    await expect(suspectHit).toContainText('A second admin must confirm');
    await expect(suspectHit.getByRole('button', { name: 'Confirm match' })).toHaveCount(0);

    // A second admin confirms it.
    const cioCtx = await browser.newContext({ baseURL: E2E.baseURL, viewport });
    const cio = await cioCtx.newPage();
    try {
      await signIn(cio, DEMO.cio, E2E.demoPassword, /\/admin$/);
      await cio.goto('/admin/screening?status=escalated');
      const hit = hitOf(cio, suspect, suspectEntry);
      await expect(hit).toContainText('Escalated by');
      await expectNoA11yViolations(cio, 'escalated hit for the second admin');
      await hit.getByRole('button', { name: 'Confirm match' }).click();
      await expectToast(cio, 'The match was confirmed: the investor is frozen and compliance was alerted');
      await expect(hitOf(cio, suspect, suspectEntry)).toHaveCount(0);
      await cio.goto('/admin/screening?status=confirmed');
      await expect(hitOf(cio, suspect, suspectEntry)).toContainText('Confirmed');
    } finally {
      await cioCtx.close();
    }

    // The investor's subscription is refused, with the reason.
    await hni.goto(`/investor/subscriptions?deal=${dealId}`);
    const sub = hni.getByRole('form', { name: 'New Subscription' });
    await sub.getByLabel(/^Amount \(USD\)\*?$/).fill('250000');
    await sub.getByRole('button', { name: 'Submit Subscription' }).click();
    const review = hni.getByRole('dialog', { name: 'Review your subscription' });
    for (const box of await review.getByRole('checkbox').all()) await box.check();
    await review.getByRole('button', { name: 'Confirm Subscription' }).click();
    await expect(hni.getByText(FROZEN_SUBSCRIPTION_MESSAGE).first()).toBeVisible();
    await hni.goto('/investor/compliance');
    await expect(hni.getByTestId('investor-screening')).toContainText(
      'Subscriptions are frozen: a sanctions screening match was confirmed. Please contact the compliance team.',
    );
    await expectNoA11yViolations(hni, 'frozen investor compliance screen');
  } finally {
    await fund.context().close();
    await hni.context().close();
  }
}
