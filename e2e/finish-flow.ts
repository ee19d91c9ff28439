import type { Locator, Page, TestInfo } from '@playwright/test';
import { ar, arabicAccount, expect, expectMirrored } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, signIn } from './fixtures';

/**
 * Issue 27 item 15 ("Finish"), on screen: the firm's name whole in the sidebar, date fields in the
 * product's format with "Select a date" when empty, "100%" on one line in the KYC dialog, outbox
 * addresses wrapped only at their natural points, and a signed amount's sign on the correct side
 * in Arabic. Each step in English and Arabic where the layout depends on the language.
 */

const LONG_NAME = 'Meridian Capital Group East Africa Syndication and Advisory Partners Limited';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The sidebar (opened as a sheet at phone width); returns a function that closes it again. */
async function openSidebar(page: Page, arabic: boolean): Promise<() => Promise<void>> {
  if (!isPhone(page)) return async () => {};
  await page.getByRole('button', { name: arabic ? ar('common', 'shell.toggleSidebar') : 'Toggle sidebar' }).click();
  await expect(page.getByRole('dialog').getByTestId('sidebar-firm-name')).toBeVisible();
  return async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
}

/** The firm's name is shown whole: its text, no overflow, no ellipsis, and within the sidebar. */
async function expectWholeName(page: Page, name: string, arabic: boolean) {
  const close = await openSidebar(page, arabic);
  const el = page.getByTestId('sidebar-firm-name').filter({ visible: true });
  await expect(el).toHaveText(name);
  const box = await el.evaluate((node) => {
    const s = getComputedStyle(node);
    const r = node.getBoundingClientRect();
    const side = (node.closest('[data-slot="sidebar-inner"]') ?? node.closest('[role="dialog"]') ?? document.body).getBoundingClientRect();
    return {
      overflow: node.scrollWidth - node.clientWidth,
      ellipsis: s.textOverflow,
      lines: Math.round(r.height / Number.parseFloat(s.lineHeight)),
      inside: r.left >= side.left - 1 && r.right <= side.right + 1,
    };
  });
  expect(box.overflow).toBeLessThanOrEqual(1);
  expect(box.ellipsis).not.toBe('ellipsis');
  expect(box.inside).toBe(true);
  await close();
  return box.lines;
}

export async function firmNameFlow(page: Page, testInfo: TestInfo) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const original = ((await (await page.request.get('/api/settings')).json()) as { settings: { companyName: string } }).settings.companyName;
  try {
    expect(await expectWholeName(page, original, false)).toBeGreaterThanOrEqual(1);
    expect((await page.request.put('/api/settings', { data: { companyName: LONG_NAME } })).ok()).toBe(true);
    await page.reload();
    // The long name wraps onto more lines instead of being cut.
    expect(await expectWholeName(page, LONG_NAME, false)).toBeGreaterThanOrEqual(2);
    await expectNoA11yViolations(page, 'sidebar with a long firm name');
    await arabicAccount(page);
    expect(await expectWholeName(page, LONG_NAME, true)).toBeGreaterThanOrEqual(2);
    if (isPhone(page)) await openSidebar(page, true);
    await expectMirrored(page, testInfo, 'long firm name (Arabic)');
  } finally {
    expect((await page.request.put('/api/settings', { data: { companyName: original } })).ok()).toBe(true);
  }
}

/** The date field of the New Capital Call dialog: "Select a date" when empty, "26 Nov 2026" style once set. */
export async function dateFieldFlow(page: Page, testInfo: TestInfo) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const check = async (arabic: boolean) => {
    await page.goto('/admin/capital-calls');
    await page.getByRole('button', { name: arabic ? ar('capital-calls', 'newCall') : 'New Capital Call' }).click();
    const dialog = page.getByRole('dialog');
    const due = dialog.getByLabel(arabic ? ar('capital-calls', 'dialog.dueDate') : 'Due date');
    const display = dialog.getByTestId('date-input-display');
    await expect(display).toHaveText(arabic ? ar('common', 'date.select') : 'Select a date');
    // The browser's own mm/dd/yyyy is hidden under it (its text transparent) while not editing.
    await expect(due).toHaveAttribute('data-formatted', 'true');
    await expectNoA11yViolations(page, `empty date field (${arabic ? 'ar' : 'en'})`);
    if (arabic) await expectMirrored(page, testInfo, 'empty date field (Arabic)');
    // Editing shows the native fields; the value then reads as the product writes dates.
    await due.focus();
    await expect(display).toHaveCount(0);
    await due.fill('2026-11-26');
    await due.blur();
    await expect(display).toHaveText(arabic ? /26 نوفمبر 2026|٢٦ نوفمبر ٢٠٢٦/ : '26 Nov 2026');
    await expect(due).toHaveValue('2026-11-26');
    await page.keyboard.press('Escape');
  };
  await check(false);
  await arabicAccount(page);
  await check(true);
}

/** The review dialog of the approved demo application: "100%" beside its bar on one line. */
export async function kycPercentFlow(page: Page) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const check = async (arabic: boolean) => {
    await page.goto('/admin/investors');
    await page.getByLabel(arabic ? ar('kyc', 'filter.search') : 'Search investors').fill(DEMO.investor);
    const row = page
      .getByTestId(isPhone(page) ? 'kyc-card' : 'kyc-row')
      .filter({ visible: true })
      .filter({ hasText: DEMO.investor });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: arabic ? ar('kyc', 'row.review') : 'Review' }).click();
    const dialog = page.getByRole('dialog');
    const bar = dialog.getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    const value = bar.locator('xpath=following-sibling::span');
    await expect(value).toHaveText(/100\s?%|١٠٠٪/);
    await expectOneLine(value);
    await page.keyboard.press('Escape');
  };
  await check(false);
  await arabicAccount(page);
  await check(true);
}

async function expectOneLine(el: Locator) {
  const lines = await el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
}

/** The outbox: each address breaks only at its natural points (before "@" and dots), and reads whole. */
export async function outboxAddressFlow(page: Page) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  // An e-mail to a long address: the recovery e-mail of the e2e admin is queued in the outbox.
  expect((await page.request.post('/api/auth/forgot-password', { data: { email: DEMO.legal } })).ok()).toBe(true);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: /^Email/ }).click();
  const outbox = page.getByRole('table', { name: 'Outbox' });
  const first = outbox.locator('bdi[title*="@"]').first();
  await expect(first).toBeVisible();
  const addresses = await outbox.locator('bdi[title*="@"]').evaluateAll((nodes) =>
    nodes.slice(0, 20).map((node) => {
      // Each piece between break points is its own text node: none of them may be split across lines.
      const pieces = [...node.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
      const broken = pieces.filter((n) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      });
      return { title: node.getAttribute('title'), text: node.textContent, broken: broken.map((n) => n.textContent) };
    }),
  );
  expect(addresses.length).toBeGreaterThan(0);
  for (const a of addresses) {
    expect(a.text).toBe(a.title);
    expect(a.broken, `${a.title} breaks inside a piece`).toEqual([]);
  }
  await expectNoA11yViolations(page, 'outbox addresses');
}

/** Where "+" and "$" and the last digit of the first "+$..." amount in `scope` are drawn (their left edges). */
function signedOrder(scope: Locator) {
  return scope.evaluate((node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = t.textContent ?? '';
      const plus = text.indexOf('+$');
      if (plus < 0) continue;
      const at = (i: number) => {
        const r = document.createRange();
        r.setStart(t, i);
        r.setEnd(t, i + 1);
        return r.getBoundingClientRect().left;
      };
      let end = plus + 2;
      while (/[\d,\u0660-\u0669\u066c]/.test(text[end] ?? '')) end++;
      return { plus: at(plus), dollar: at(plus + 1), lastDigit: at(end - 1) };
    }
    return null;
  });
}

/**
 * The demo investor's gain in Arabic, with Western and with Arabic-Indic digits: "+" drawn to the
 * left of "$", and "$" to the left of the amount's last digit, as in English.
 */
export async function signedAmountFlow(page: Page, testInfo: TestInfo) {
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  for (const digits of ['latn', 'arab'] as const) {
    expect((await page.request.put('/api/auth/language', { data: { language: 'ar', digits } })).status()).toBe(200);
    await page.goto('/investor/performance');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const gain = page
      .getByText(/\+\$[\d\u0660-\u0669]/)
      .filter({ visible: true })
      .first();
    await expect(gain).toBeVisible();
    const order = await signedOrder(gain);
    expect(order, `a "+$" amount on the screen (${digits})`).not.toBeNull();
    expect(order?.plus, `the sign in front (${digits})`).toBeLessThan(order?.dollar ?? 0);
    expect(order?.dollar).toBeLessThan(order?.lastDigit ?? 0);
    await expectMirrored(page, testInfo, `performance gain (Arabic, ${digits})`);
    await expectNoA11yViolations(page, `performance gain (Arabic, ${digits})`);
  }
}
