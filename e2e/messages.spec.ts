import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { SECURE_COMMUNICATION_NOTICE } from '../src/shared/messages';
import { DEMO, E2E, expectNoA11yViolations, expectToast, signInViaUi } from './fixtures';

/** Secure Messages (investor) and the admin Messages inbox (issue 6). */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-msg-'));
const DEMO_HIGH = 'Upcoming distribution: Mombasa Diesel Cargo Financing'; // High, from the team, with an attachment, unread
const DEMO_READ = 'Question about the AI platform valuation'; // read by the investor
const INVESTOR_NAME = 'Sarah Mwangi';

/** A small PDF-looking file: the PDF magic, random bytes, the trailer. */
function writePdf(fileName: string): { file: string; bytes: Buffer } {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(12_000), Buffer.from('\n%%EOF\n')]);
  const file = path.join(tmp, fileName);
  writeFileSync(file, bytes);
  return { file, bytes };
}

async function signInAs(page: Page, email: string, password: string, landing: RegExp) {
  await page.goto('/login');
  await signInViaUi(page, email, password);
  await expect(page).toHaveURL(landing);
}

async function newSession(browser: Browser, who: 'investor' | 'admin', viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, baseURL: E2E.baseURL });
  const page = await context.newPage();
  if (who === 'investor') await signInAs(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  else await signInAs(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  return { context, page };
}

async function openInvestorMessages(page: Page) {
  await page.goto('/investor/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Messages' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Messages', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Full Message' }).first()).toBeVisible();
}

/** The number on one of the three summary cards. */
async function cardValue(page: Page, label: string): Promise<number> {
  const card = page.getByRole('group', { name: label });
  await expect(card).toContainText(/\d/);
  return Number((await card.textContent())?.replace(label, '').trim());
}

/** The investor-list item of a thread, found by its subject. */
function investorItem(page: Page, subject: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: subject, exact: true }) });
}

function adminItem(page: Page, subject: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('button', { name: subject, exact: true }) });
}

function sidebarMessagesLink(page: Page): Locator {
  // includeHidden: an open modal dialog hides the rest of the page from the accessibility tree.
  return page
    .getByRole('complementary', { name: 'Admin navigation', includeHidden: true })
    .getByRole('link', { name: /^Messages/, includeHidden: true });
}

/** The admin's unread count as the sidebar shows it (0 when there is no pill). */
async function sidebarUnread(page: Page): Promise<number> {
  const text = (await sidebarMessagesLink(page).textContent()) ?? '';
  const m = /\((\d+) unread\)/.exec(text);
  return m ? Number(m[1]) : 0;
}

async function downloadBytes(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const saved = path.join(tmp, `dl-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  return { name: download.suggestedFilename(), bytes: readFileSync(saved) };
}

test('the demo investor sees the cards, the demo threads, the notice, and the thread opens', async ({ page }) => {
  await signInAs(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  // The link may carry the unread count in its name ('Secure Messages (2 unread)'), once it has loaded.
  await page.getByRole('link', { name: /^Secure Messages( \(\d+ unread\))?$/ }).click();
  await expect(page).toHaveURL(/\/investor\/messages$/);
  await openInvestorMessages(page);
  await expect(page.getByText('Encrypted communication with the team', { exact: true })).toBeVisible();

  expect(await cardValue(page, 'Total Messages')).toBeGreaterThanOrEqual(3);
  expect(await cardValue(page, 'Unread Messages')).toBeGreaterThanOrEqual(1);
  expect(await cardValue(page, 'High Priority')).toBeGreaterThanOrEqual(1);

  // The High demo thread: from the team, with an attachment, unread, highlighted.
  const high = investorItem(page, DEMO_HIGH);
  await expect(high).toContainText('From Investor Relations');
  await expect(high.getByRole('img', { name: 'Has attachment' })).toBeVisible();
  await expect(high.getByText('Unread', { exact: true })).toBeVisible();
  await expect(high.locator('[data-tone="danger"]')).toHaveText(/High/);
  await expect(high.getByRole('heading', { level: 3 })).toHaveCSS('font-weight', '700');
  await expect(high).toContainText('Dear Sarah, the next income distribution');
  await expect(high.getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(high.getByRole('button', { name: 'View Full Message' })).toBeVisible();

  const read = investorItem(page, DEMO_READ);
  await expect(read.getByText('Read', { exact: true })).toBeVisible();
  await expect(read.locator('[data-tone="success"]')).toHaveText(/Normal/);
  await expect(read.getByRole('heading', { level: 3 })).not.toHaveCSS('font-weight', '700');

  // The honest notice, word for word.
  await expect(page.getByRole('heading', { name: 'Secure Communication' })).toBeVisible();
  await expect(page.getByText(SECURE_COMMUNICATION_NOTICE, { exact: true })).toBeVisible();
  await expect(page.getByText(/end-to-end/i)).toHaveCount(0);

  await expectNoA11yViolations(page, 'investor messages');
  await page.screenshot({ path: '.test-logs/messages-investor-desktop.png', fullPage: true });

  // The read thread: 'View Full Message' shows every message, oldest first, with senders.
  await read.getByRole('button', { name: 'View Full Message' }).click();
  const dialog = page.getByRole('dialog', { name: DEMO_READ });
  await expect(dialog).toBeVisible();
  const msgs = dialog.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem');
  await expect(msgs).toHaveCount(2);
  await expect(msgs.nth(0)).toContainText(INVESTOR_NAME);
  await expect(msgs.nth(0)).toContainText('Could you share what drove the change?');
  await expect(msgs.nth(1)).toContainText('Investor Relations');
  await expect(dialog.getByRole('button', { name: 'Send Reply' })).toBeVisible();
  await expectNoA11yViolations(page, 'investor thread dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus returns to the button that opened it.
  await expect(read.getByRole('button', { name: 'View Full Message' })).toBeFocused();

  // 'New Message' (its client validation, the refused file type and axe with errors:
  // src/web/features/messages/compose-dialog.test.tsx).
  await page.getByRole('button', { name: 'New Message' }).click();
  const compose = page.getByRole('dialog', { name: 'New Message' });
  // A failure from the server: a toast, and its message on the field concerned.
  await compose.getByLabel('Subject').fill('Not really a PDF');
  await compose.getByRole('textbox', { name: 'Message' }).fill('See attached.');
  await compose
    .getByLabel('Attachment', { exact: true })
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text') });
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Failed to send message');
  await expect(compose.getByText("The file's content does not match its .pdf extension")).toBeVisible();
  await compose.getByRole('button', { name: 'Cancel' }).click();
  await expect(compose).toBeHidden();
});

test('investor and admin exchange messages with attachments; unread counts follow on both sides', async ({ browser }) => {
  const stamp = Date.now();
  const subject = `E2E question ${stamp}`;
  const investor = await newSession(browser, 'investor');
  const admin = await newSession(browser, 'admin');
  const ip = investor.page;
  const ap = admin.page;

  // Starting point on both sides.
  await openInvestorMessages(ip);
  const total0 = await cardValue(ip, 'Total Messages');
  const unread0 = await cardValue(ip, 'Unread Messages');
  await expect(sidebarMessagesLink(ap)).toBeVisible();
  const adminUnread0 = await sidebarUnread(ap);

  // The investor writes, with a PDF attached.
  const question = writePdf(`e2e-question-${stamp}.pdf`);
  await ip.getByRole('button', { name: 'New Message' }).click();
  const compose = ip.getByRole('dialog', { name: 'New Message' });
  await compose.getByLabel('Subject').fill(subject);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Hello team,\nplease find my signed form attached.\n\nRegards, Sarah');
  await compose.getByLabel('Priority').selectOption('High');
  await compose.getByLabel('Attachment', { exact: true }).setInputFiles(question.file);
  await expect(compose.getByText(`e2e-question-${stamp}.pdf`)).toBeVisible();
  await expectNoA11yViolations(ip, 'new message dialog');
  await ip.screenshot({ path: '.test-logs/messages-compose-desktop.png' });
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(ip, 'Message sent');
  await expect(compose).toBeHidden();
  await expect.poll(() => cardValue(ip, 'Total Messages')).toBe(total0 + 1);
  const mine = investorItem(ip, subject);
  await expect(mine).toContainText(`From ${INVESTOR_NAME}`);
  await expect(mine.getByText('Read', { exact: true })).toBeVisible(); // one's own message is read
  await expect(mine.getByRole('img', { name: 'Has attachment' })).toBeVisible();
  await expect(mine.locator('[data-tone="danger"]')).toHaveText(/High/);

  // The admin's sidebar count rises; the inbox lists the thread with one unread message.
  await ap.reload();
  await expect.poll(() => sidebarUnread(ap)).toBe(adminUnread0 + 1);
  await sidebarMessagesLink(ap).click();
  await expect(ap).toHaveURL(/\/admin\/messages$/);
  await expect(ap.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(ap.getByText(`${adminUnread0 + 1} unread message`, { exact: false })).toBeVisible();
  const row = adminItem(ap, subject);
  await expect(row).toContainText(INVESTOR_NAME);
  await expect(row).toContainText('1 unread');
  await expect(row.getByText('Unread', { exact: true })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Has attachment' })).toBeVisible();
  await expectNoA11yViolations(ap, 'admin inbox');
  await ap.screenshot({ path: '.test-logs/messages-admin-desktop.png', fullPage: true });

  // Filters and search.
  await ap.getByLabel('Search messages').fill(String(stamp));
  await expect(ap.getByText(/^Showing 1 of \d+ conversations$/)).toBeVisible();
  await ap.getByLabel('Search messages').fill('');
  await ap.getByLabel('Unread only').check();
  await expect(adminItem(ap, subject)).toBeVisible();
  await ap.getByLabel('High priority').check();
  await expect(adminItem(ap, subject)).toBeVisible();
  await ap.getByLabel('Search messages').fill('no such conversation zzz');
  await expect(ap.getByText('No conversations match these filters')).toBeVisible();
  await ap.getByRole('button', { name: 'Clear filters' }).click();
  await expect(ap.getByLabel('Unread only')).not.toBeChecked();

  // The admin opens the thread: the investor's message with its line breaks, the attachment downloads intact.
  await adminItem(ap, subject).getByRole('button', { name: subject }).click();
  const thread = ap.getByRole('dialog', { name: subject });
  await expect(thread).toBeVisible();
  await expect(thread.getByText(`Conversation with ${INVESTOR_NAME}`)).toBeVisible();
  const first = thread.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem').first();
  await expect(first).toContainText(INVESTOR_NAME);
  const body = first.locator('p.whitespace-pre-wrap');
  expect(await body.textContent()).toBe('Hello team,\nplease find my signed form attached.\n\nRegards, Sarah');
  const got = await downloadBytes(ap, thread.getByRole('link', { name: new RegExp(`e2e-question-${stamp}\\.pdf`) }));
  expect(got.name).toBe(`e2e-question-${stamp}.pdf`);
  expect(got.bytes.equals(question.bytes)).toBe(true);
  // Opening marked it read: the sidebar count falls back.
  await expect.poll(() => sidebarUnread(ap)).toBe(adminUnread0);
  await expectNoA11yViolations(ap, 'admin thread dialog');

  // The admin replies with an attachment.
  const answer = writePdf(`e2e-answer-${stamp}.pdf`);
  await thread.getByRole('textbox', { name: 'Message' }).fill('Thank you, Sarah.\nOur countersigned copy is attached.');
  await thread.getByLabel('Attachment', { exact: true }).setInputFiles(answer.file);
  await thread.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(ap, 'Reply sent');
  const messages = thread.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toContainText('Our countersigned copy is attached.');
  await expect(messages.nth(1).getByRole('link', { name: new RegExp(`e2e-answer-${stamp}\\.pdf`) })).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await ap.screenshot({ path: '.test-logs/messages-admin-thread-desktop.png' });
  await ap.keyboard.press('Escape');
  await expect(adminItem(ap, subject).getByText('Read', { exact: true })).toBeVisible();

  // The investor's Unread count rises; the thread is unread, from the team.
  await ip.reload();
  await expect.poll(() => cardValue(ip, 'Unread Messages')).toBe(unread0 + 1);
  // The investor navigation carries the unread badge too (issue 18).
  const investorNavLink = ip
    .getByRole('navigation', { name: 'Investor Portal navigation' })
    .getByRole('link', { name: /^Secure Messages/ });
  await expect(investorNavLink.or(ip.getByRole('link', { name: /^Secure Messages \(\d+ unread\)/ })).first()).toContainText(
    `(${unread0 + 1} unread)`,
  );
  const updated = investorItem(ip, subject);
  await expect(updated.getByText('Unread', { exact: true })).toBeVisible();
  await expect(updated).toContainText('From Investor Relations');

  // 'Reply' opens the thread with the reply box focused; the reply and its attachment are there.
  await updated.getByRole('button', { name: 'Reply' }).click();
  const ithread = ip.getByRole('dialog', { name: subject });
  await expect(ithread.getByRole('textbox', { name: 'Message' })).toBeFocused();
  const reply = ithread.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem').nth(1);
  await expect(reply).toContainText('Investor Relations');
  await expect(reply).toContainText('Our countersigned copy is attached.');
  const got2 = await downloadBytes(ip, reply.getByRole('link', { name: new RegExp(`e2e-answer-${stamp}\\.pdf`) }));
  expect(got2.bytes.equals(answer.bytes)).toBe(true);
  await ip.screenshot({ path: '.test-logs/messages-investor-thread-desktop.png' });
  await ip.keyboard.press('Escape');

  // Now read; the Unread card is back where it was.
  await expect(updated.getByText('Read', { exact: true })).toBeVisible();
  await expect.poll(() => cardValue(ip, 'Unread Messages')).toBe(unread0);

  // The investor answers without an attachment; the admin's count rises again.
  await updated.getByRole('button', { name: 'Reply' }).click();
  await ithread.getByRole('textbox', { name: 'Message' }).fill('Received, thank you.');
  await ithread.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(ip, 'Reply sent');
  await expect(ithread.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem')).toHaveCount(3);
  await ap.reload();
  await expect.poll(() => sidebarUnread(ap)).toBe(adminUnread0 + 1);

  await investor.context.close();
  await admin.context.close();
});

test('the admin starts a conversation with an active investor', async ({ page, browser }) => {
  const subject = `E2E notice ${Date.now()}`;
  await signInAs(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/messages');
  await page.getByRole('button', { name: 'New Message' }).click();
  const compose = page.getByRole('dialog', { name: 'New Message' });
  const options = compose.getByLabel('Investor').locator('option');
  await expect(options.filter({ hasText: INVESTOR_NAME })).toHaveCount(1);
  // Pending and suspended investors are not offered.
  await expect(options.filter({ hasText: 'Omar Family Office' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Indian Ocean Fund' })).toHaveCount(0);
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(compose.getByText('Choose an investor')).toBeVisible();
  await expectNoA11yViolations(page, 'admin new message dialog');
  await compose.getByLabel('Investor').selectOption({ label: `${INVESTOR_NAME} (${DEMO.investor})` });
  await compose.getByLabel('Subject').fill(subject);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Your Q3 statement is now in the vault.');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent');
  await expect(adminItem(page, subject)).toContainText(INVESTOR_NAME);

  // The investor sees it unread, from the team.
  const inv = await newSession(browser, 'investor');
  await openInvestorMessages(inv.page);
  const item = investorItem(inv.page, subject);
  await expect(item.getByText('Unread', { exact: true })).toBeVisible();
  await expect(item).toContainText('From Investor Relations');
  await inv.context.close();
});

test("empty inbox on a fresh database: 'No messages yet'", async ({ page }) => {
  await page.goto(`${E2E.emptyBaseURL}/login`);
  await signInViaUi(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(`${E2E.emptyBaseURL}/admin`);
  await page.goto(`${E2E.emptyBaseURL}/admin/messages`);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByText('No messages yet', { exact: true })).toBeVisible();
  await expect(sidebarMessagesLink(page)).toHaveText('Messages');
  await expectNoA11yViolations(page, 'empty admin inbox');
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  async function expectNoHorizontalOverflow(page: Page) {
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(390);
  }

  test('investor messages and a thread fit the phone', async ({ page }) => {
    await signInAs(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
    await openInvestorMessages(page);
    await expectNoHorizontalOverflow(page);
    await expectNoA11yViolations(page, 'investor messages (phone)');
    await page.screenshot({ path: '.test-logs/messages-investor-phone.png', fullPage: true });

    await investorItem(page, DEMO_HIGH).getByRole('button', { name: 'View Full Message' }).click();
    const dialog = page.getByRole('dialog', { name: DEMO_HIGH });
    await expect(dialog.getByRole('link', { name: /Distribution notice\.pdf/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoA11yViolations(page, 'investor thread (phone)');
    await page.screenshot({ path: '.test-logs/messages-investor-thread-phone.png' });
    await page.keyboard.press('Escape');
    // Opening it marked it read.
    await expect(investorItem(page, DEMO_HIGH).getByText('Read', { exact: true })).toBeVisible();
  });

  test('the admin inbox fits the phone', async ({ page }) => {
    await signInAs(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    await page.goto('/admin/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reply' }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoA11yViolations(page, 'admin inbox (phone)');
    await page.screenshot({ path: '.test-logs/messages-admin-phone.png', fullPage: true });
  });
});
