import type { Browser, Page, TestInfo } from '@playwright/test';
import { ar, arabicAccount, expect, expectMirrored, plain } from './arabic';
import { DEMO, E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * Secure messages in Arabic (issue 16): an investor writes to the team with an attachment, an
 * admin reads it and replies, both in Arabic. Shared by messages.ar.spec.ts and the phone spec.
 */

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);

/** The plain text of a locator (without the bidi isolation marks) equals the expected catalogue text. */
async function expectPlain(selector: ReturnType<Page['locator']>, expected: string) {
  await expect.poll(async () => plain((await selector.first().textContent()) ?? '').trim()).toBe(plain(expected));
}

export async function messagesInArabic(page: Page, browser: Browser, testInfo: TestInfo, viewport: { width: number; height: number }) {
  const subject = `طلب مستندات ${Date.now()}`;
  const body = 'مرحبًا فريق الاستثمار،\nمرفق نموذج الاكتتاب الموقّع.';

  // The investor, in Arabic.
  await signIn(page, DEMO.investor, E2E.demoPassword, /\/investor$/);
  await arabicAccount(page);
  await page.goto('/investor/messages');
  await expect(page.getByRole('heading', { level: 1, name: ar('messages', 'investor.title') })).toBeVisible();
  await expect(page.getByRole('group', { name: ar('messages', 'investor.total') })).toContainText(/\d/);
  await expect(page.getByRole('heading', { level: 2, name: ar('messages', 'investor.secureTitle') })).toBeVisible();
  await expect(page.getByText(ar('messages', 'investor.secureNotice'))).toBeVisible();
  await expect(page.getByRole('button', { name: ar('messages', 'investor.viewFull') }).first()).toBeVisible();
  await expectNoA11yViolations(page, 'investor messages (ar)');
  await expectMirrored(page, testInfo, 'investor-messages-ar');

  await page.getByRole('button', { name: ar('messages', 'newMessage') }).click();
  const compose = page.getByRole('dialog', { name: ar('messages', 'compose.title') });
  await expect(compose.getByText(ar('messages', 'compose.investorDescription'))).toBeVisible();
  await compose.getByLabel(label(ar('messages', 'compose.subject'))).fill(subject);
  await compose.getByRole('textbox', { name: label(ar('messages', 'compose.message')) }).fill(body);
  await compose.getByLabel(label(ar('messages', 'compose.priority'))).selectOption('High');
  await compose
    .getByLabel(ar('messages', 'attachment.label'), { exact: true })
    .setInputFiles({ name: 'signed-form.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nsigned\n%%EOF\n') });
  await expectNoA11yViolations(page, 'compose (ar)');
  await expectMirrored(page, testInfo, 'compose-ar');
  await compose.getByRole('button', { name: ar('messages', 'compose.send') }).click();
  await expectToast(page, ar('messages', 'toast.sent'));
  await expect(compose).toBeHidden();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: subject }) });
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: ar('messages', 'hasAttachment') })).toBeVisible();

  // The admin, in Arabic, reads it and replies.
  const context = await browser.newContext({ viewport, baseURL: E2E.baseURL });
  const ap = await context.newPage();
  try {
    await signIn(ap, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
    await arabicAccount(ap);
    await ap.goto('/admin/messages');
    await expect(ap.getByRole('heading', { level: 1, name: ar('messages', 'admin.title') })).toBeVisible();
    await expect(ap.getByRole('searchbox', { name: ar('messages', 'admin.search') })).toBeVisible();
    const row = ap.getByRole('listitem').filter({ has: ap.getByRole('button', { name: subject, exact: true }) });
    await expectPlain(row.locator('span.tabular.rounded-full'), ar('messages', 'admin.unreadCount', { count: 1 }));
    await expectNoA11yViolations(ap, 'admin inbox (ar)');
    await expectMirrored(ap, testInfo, 'admin-inbox-ar');

    // Filtering: one conversation shown of all, as an Arabic plural.
    await ap.getByRole('searchbox', { name: ar('messages', 'admin.search') }).fill(subject);
    await expect(ap.getByText(/^عرض /)).toBeVisible();

    await row.getByRole('button', { name: subject, exact: true }).click();
    const thread = ap.getByRole('dialog', { name: subject });
    await expect(thread).toBeVisible();
    const messages = thread.getByRole('list', { name: ar('messages', 'thread.list') }).getByRole('listitem');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText('مرفق نموذج الاكتتاب الموقّع');
    await expect(messages.first()).toContainText(ar('messages', 'thread.investorRole'));
    await expect(thread.getByRole('link', { name: /signed-form\.pdf/ })).toBeVisible();
    await expectPlain(thread.locator('span.text-sm.text-muted'), ar('messages', 'thread.messages_one', { count: 1 }));
    await expectNoA11yViolations(ap, 'admin thread (ar)');
    await expectMirrored(ap, testInfo, 'admin-thread-ar');

    await thread.getByRole('textbox', { name: label(ar('messages', 'thread.message')) }).fill('شكرًا، استلمنا النموذج.');
    await thread.getByRole('button', { name: ar('messages', 'thread.send') }).click();
    await expectToast(ap, ar('messages', 'toast.replySent'));
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText(ar('messages', 'thread.team'));
  } finally {
    await ap.request.put('/api/auth/language', { data: { language: 'en' } }).catch(() => undefined);
    await context.close();
  }

  // The investor sees the reply (two messages) in the thread.
  await page.reload();
  await item.getByRole('button', { name: ar('messages', 'investor.viewFull') }).click();
  const mine = page.getByRole('dialog', { name: subject });
  await expect(mine.getByRole('list', { name: ar('messages', 'thread.list') }).getByRole('listitem')).toHaveCount(2);
  await expect(mine).toContainText('شكرًا، استلمنا النموذج.');
}
