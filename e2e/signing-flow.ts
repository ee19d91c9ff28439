import { type Browser, expect, type Page } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/** The demo deal with a subscription pack (src/server/seed/demo.ts, DEMO_SIGNED_DEAL). */
export const SIGNED_DEAL = 'Dar es Salaam Solar Mini-Grid Portfolio';

/**
 * Issue 30 end to end: the demo investor subscribes to the signed deal, confirms their details,
 * draws a signature with the mouse and signs with their password; the legal admin countersigns
 * from the queue; the investor downloads the executed PDF (from the signing page and from the Deal
 * Vault) and sees the holding. axe on each screen.
 */
export async function signingFlow(page: Page, browser: Browser, viewport: { width: number; height: number }, label: string) {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  const deals = (await (await page.request.get('/api/investor/deals')).json()) as { deals: { id: string; title: string }[] };
  const deal = deals.deals.find((d) => d.title === SIGNED_DEAL);
  expect(deal, 'the signed demo deal is open').toBeDefined();
  // A small unique amount: the deal has capacity for every run.
  const amount = String(1000 + (Date.now() % 9000));
  const created = await page.request.post('/api/investor/subscriptions', { data: { dealId: deal?.id, amount } });
  expect(created.status(), await created.text()).toBe(201);
  const { subscription } = (await created.json()) as { subscription: { id: string } };

  await page.goto('/investor/subscriptions');
  const item = page.locator(`[data-testid="subscription-item"][data-subscription-id="${subscription.id}"]`);
  await item.getByRole('link', { name: `Sign the agreement for ${SIGNED_DEAL}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign your subscription agreement' })).toBeVisible();
  await expect(page.getByLabel('Subscribing entity')).toHaveValue(/.+/);
  // The questionnaire pre-filled from the demo investor's profile, classification and tax
  // self-certification (src/server/seed/demo-portal.ts): confirmed, then the agreement is prepared.
  await expect(page.getByLabel('Address')).toHaveValue('Villa 14, Street 7, Jumeirah 2, Dubai');
  const facts = page.getByTestId('questionnaire-facts');
  await expect(facts).toContainText('Professional Client');
  await expect(facts).toContainText('United Arab Emirates · TIN 784-1985-4821937-2');
  await expect(facts).toContainText('United Kingdom · TIN QQ123456C');
  await expect(facts.getByText('No', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, `signing details (${label})`);
  await page.getByRole('checkbox', { name: 'I confirm that these details are correct and up to date.' }).check();
  await page.getByRole('button', { name: 'Prepare the agreement' }).click();

  await expect(page.getByRole('heading', { name: '2. Read the agreement' })).toBeVisible();
  await expect(page.getByText('The agreement has 3 pages.')).toBeVisible();
  // The generated agreement page by page (decision record 056), the same file as the link below.
  await expect(page.getByRole('img', { name: /^Page 1 of 3 of the agreement\./ })).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('img', { name: /^Page 2 of 3 of the agreement\./ })).toBeVisible();
  await expect(page.getByText('Page 2 of 3', { exact: true })).toBeVisible();
  const shown = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Open the agreement (PDF)' }).click();
  expect((await (await shown).path()) !== null).toBe(true);
  await expectNoA11yViolations(page, `signing steps (${label})`);

  await page.getByRole('checkbox', { name: /I agree to sign this agreement electronically/ }).check();
  await page.getByRole('radio', { name: 'Draw my signature' }).check();
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * (box.width / 16), box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await page.mouse.up();
  await page.getByLabel('Your password').fill(E2E.demoPassword);
  await expectNoA11yViolations(page, `signature pad (${label})`);
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(page.getByRole('heading', { name: 'Signed' })).toBeVisible();

  // The legal admin countersigns from the queue on the Investors page.
  const adminContext = await browser.newContext({ viewport, baseURL: new URL(page.url()).origin });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.legal, E2E.demoPassword, /\/admin$/);
  await admin.goto('/admin/investors');
  await admin.getByRole('tab', { name: 'Subscriptions' }).click();
  // The subscription's row (card at 390 px) has no Mark Completed: its Countersign moves to the queue.
  const listed = admin.locator(`[data-subscription-id="${subscription.id}"]`).filter({ visible: true });
  await expect(listed.getByRole('button', { name: /^Mark Completed/ })).toHaveCount(0);
  await listed.getByRole('button', { name: new RegExp(`^Countersign: .*, ${SIGNED_DEAL}$`) }).click();
  const queued = admin.locator(`[data-countersign-for="${subscription.id}"]`);
  await expect(queued.locator('input').first()).toBeFocused();
  const form = queued.getByRole('form', { name: new RegExp(`Countersign the agreement of .* for ${SIGNED_DEAL}`) });
  await expect(form).toBeVisible();
  await expectNoA11yViolations(admin, `countersign queue (${label})`);
  await form.getByLabel('Your title').fill('General Counsel');
  await form.getByLabel('Your password').fill(E2E.demoPassword);
  await form.getByRole('button', { name: 'Countersign' }).click();
  await expectToast(admin, 'Countersigned: the subscription is complete.');
  await expect(listed).toContainText('Completed');

  // The deal page's status table: the row is executed, its detail shows the whole trail.
  await admin.goto(`/admin/deals/${deal?.id}`);
  const card = admin.getByTestId('pack-status');
  await expect(card.getByRole('heading', { name: 'Subscription agreements' })).toBeVisible();
  const row = card.locator(`[data-subscription-id="${subscription.id}"]`).filter({ visible: true });
  await expect(row).toContainText('Executed');
  await expect(card.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expectNoA11yViolations(admin, `deal signing status (${label})`);
  await row.getByRole('button', { name: /^Details of the agreement of / }).click();
  const dialog = admin.getByRole('dialog');
  const trail = dialog.getByTestId('signing-trail');
  for (const kind of ['Agreement generated', 'Viewed by the investor', 'Signed by the investor', 'Countersigned'])
    await expect(trail.getByText(kind, { exact: true })).toBeVisible();
  await expectNoA11yViolations(admin, `envelope detail (${label})`);
  await admin.keyboard.press('Escape');
  if (label === 'desktop') await voidAndResend(admin, page, deal?.id as string);
  await adminContext.close();

  // The investor downloads the executed agreement; the holding is in their capital account.
  await page.goto(`/investor/subscriptions/${subscription.id}/sign`);
  await expect(page.getByRole('heading', { name: 'Fully signed' })).toBeVisible();
  const executed = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the signed agreement (PDF)' }).click();
  const file = await executed;
  expect(file.suggestedFilename()).toMatch(/\(executed\)\.pdf$/);
  await expectNoA11yViolations(page, `signed (${label})`);
  // The executed copy is also in the Deal Vault, under the deal's documents (issue 30).
  await page.goto('/investor/deals');
  const held = page.getByTestId('held-deals').locator('[data-testid="deal-card"]', { hasText: SIGNED_DEAL });
  const entry = held.getByRole('link', { name: `Download your executed subscription agreement for ${SIGNED_DEAL}` }).first();
  await expect(entry).toBeVisible();
  await expect(held.getByText('Your subscription agreement (executed)').first()).toBeVisible();
  const fromVault = page.waitForEvent('download');
  await entry.click();
  expect((await fromVault).suggestedFilename()).toMatch(/\(executed\)\.pdf$/);
  await expectNoA11yViolations(page, `deal vault with the executed agreement (${label})`);
  const subs = (await (await page.request.get('/api/investor/subscriptions')).json()) as {
    subscriptions: { id: string; status: string }[];
  };
  expect(subs.subscriptions.find((s) => s.id === subscription.id)?.status).toBe('Completed');
  await page.goto('/investor/performance');
  await expect(page.getByRole('main')).toContainText(SIGNED_DEAL);
}

/**
 * The firm voids an open agreement (a reason is required, field-level), the investor sees it
 * voided with the reason and the trail, the firm sends a new one and the investor can sign again.
 */
async function voidAndResend(admin: Page, investor: Page, dealId: string) {
  const created = await investor.request.post('/api/investor/subscriptions', {
    data: { dealId, amount: String(1000 + (Date.now() % 7000)) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { subscription } = (await created.json()) as { subscription: { id: string } };
  const opened = await investor.request.post(`/api/investor/subscriptions/${subscription.id}/envelope`, {
    data: { questionnaire: { address: 'Villa 14, Street 7, Jumeirah 2, Dubai', confirmed: true } },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  await admin.reload();
  const row = admin.getByTestId('pack-status').locator(`[data-subscription-id="${subscription.id}"]`).filter({ visible: true });
  await expect(row).toContainText('In progress');
  await row.getByRole('button', { name: /^Details of the agreement of / }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Void this agreement' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Void the agreement' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await expectNoA11yViolations(admin, 'void dialog with a field error');
  await dialog.getByLabel('Reason').fill('The amount in the agreement is wrong');
  await dialog.getByRole('button', { name: 'Void the agreement' }).click();
  await expectToast(admin, 'Agreement voided. The investor was told by e-mail.');
  await expect(dialog.getByText('The amount in the agreement is wrong').first()).toBeVisible();
  await expect(dialog.getByTestId('signing-trail').getByText('Voided', { exact: true })).toBeVisible();

  // The investor's side: voided, with the reason and the trail.
  await investor.goto(`/investor/subscriptions/${subscription.id}/sign`);
  await expect(investor.getByText('This agreement is voided.')).toBeVisible();
  await expect(investor.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(investor.getByTestId('signing-trail').getByText('Voided', { exact: true })).toBeVisible();
  await expectNoA11yViolations(investor, 'voided agreement (investor)');

  // A new agreement for the same subscription; the investor can read and sign it.
  await dialog.getByRole('button', { name: 'Send a new agreement' }).click();
  await expectToast(admin, 'A new agreement was sent to the investor.');
  await investor.reload();
  await expect(investor.getByRole('heading', { name: '2. Read the agreement' })).toBeVisible();
  await expect(investor.getByTestId('signing-trail').getByText('Agreement generated', { exact: true })).toBeVisible();
}
