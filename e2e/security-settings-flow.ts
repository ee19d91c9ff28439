import { expect, type Page } from '@playwright/test';
import { DEMO, E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * Issue 27: the Security tab (sign-in rules and limits) and the e-mail server are the founders'. A cio sees them read-only
 * with the reason on screen (and the server refuses a change with 403), while still saving
 * another tab; a founder changes and saves it. Everything is set back at the end.
 */
const READ_ONLY_NOTE =
  'Only a founder can change the Security settings: they decide who can sign in, from where and how much they may use. You can see them here; ask a founder to change one.';
const EMAIL_SERVER_NOTE =
  'Only a founder can change the e-mail server: every password-recovery link goes out through it. You can see it here; ask a founder to change it.';
const EMAIL_SERVER_LABELS = ['SMTP host', 'SMTP port', 'SMTP user', 'From address'];
const SECURITY_LABELS = [
  'Require two-factor authentication for admins',
  'Password policy',
  'Session timeout (hours)',
  'IP whitelist',
  'API rate limit (requests per hour)',
  'Investor storage quota (MB)',
];

async function checkA11y(page: Page, label: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoA11yViolations(page, label);
}

export async function nonFounderSecurityFlow(page: Page, layout: 'desktop' | 'phone') {
  await signIn(page, DEMO.cio, E2E.demoPassword, /\/admin$/);
  await page.goto('/admin/settings?tab=security');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(READ_ONLY_NOTE)).toBeVisible();
  // Every control is disabled, and the group says why.
  for (const label of SECURITY_LABELS) await expect(panel.getByLabel(label, { exact: true })).toBeDisabled();
  await expect(panel.getByRole('group', { name: 'Security' })).toHaveAccessibleDescription(READ_ONLY_NOTE);
  // An empty list reads "Not set", never the example addresses a founder sees as a placeholder.
  const list = panel.getByLabel('IP whitelist', { exact: true });
  if ((await list.inputValue()) === '') await expect(list).toHaveAttribute('placeholder', 'Not set');
  // Who countersigns (issue 30) is the founders' too: the boxes are shown, disabled, with no save.
  const signing = panel.getByRole('group', { name: 'Admin types who may countersign' });
  await expect(signing.getByRole('checkbox', { name: 'Legal' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Save agreement settings' })).toHaveCount(0);
  await checkA11y(page, `settings: Security read-only (${layout})`);

  // The server says the same to a direct request.
  const refused = await page.request.put('/api/settings', { data: { sessionTimeout: 3 } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Only a founder can change the Security settings');

  // Another tab is still the cio's to save (the form sends the Security values unchanged).
  const before = (await (await page.request.get('/api/settings')).json()).settings as { dealAlerts: boolean };
  try {
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const dealAlerts = page.getByRole('checkbox', { name: 'Deal alerts' });
    await expect(dealAlerts).toBeEnabled();
    await dealAlerts.setChecked(!before.dealAlerts);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Settings saved successfully');
    await expect(page.getByText('All changes saved.')).toBeAttached();
  } finally {
    const put = await page.request.put('/api/settings', { data: { dealAlerts: before.dealAlerts } });
    expect(put.ok(), await put.text()).toBe(true);
  }

  // The e-mail server is the founders' too (every recovery link goes out through it): read-only
  // with the reason, the server refusing a change; the test e-mail and the outbox stay usable.
  await page.getByRole('tab', { name: /^Email/ }).click();
  const email = page.getByRole('tabpanel');
  await expect(email.getByText(EMAIL_SERVER_NOTE)).toBeVisible();
  for (const label of EMAIL_SERVER_LABELS) await expect(email.getByLabel(label, { exact: true })).toBeDisabled();
  await expect(email.getByRole('group', { name: 'Email server' })).toHaveAccessibleDescription(EMAIL_SERVER_NOTE);
  await expect(email.getByRole('table', { name: 'Outbox' })).toBeVisible();
  await checkA11y(page, `settings: Email server read-only (${layout})`);
  const smtp = await page.request.put('/api/settings', { data: { smtpHost: 'smtp.attacker.example' } });
  expect(smtp.status()).toBe(403);
  expect((await smtp.json()).message).toBe('Only a founder can change the e-mail server');
}

export async function founderSecurityFlow(page: Page, layout: 'desktop' | 'phone') {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/settings?tab=security');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByLabel('Session timeout (hours)')).toBeEnabled();
  await expect(panel.getByText(READ_ONLY_NOTE)).toHaveCount(0);
  for (const label of SECURITY_LABELS) await expect(panel.getByLabel(label, { exact: true })).toBeEnabled();
  await checkA11y(page, `settings: Security (founder, ${layout})`);
  await page.getByRole('tab', { name: /^Email/ }).click();
  await expect(page.getByText(EMAIL_SERVER_NOTE)).toHaveCount(0);
  for (const label of EMAIL_SERVER_LABELS) await expect(page.getByRole('tabpanel').getByLabel(label, { exact: true })).toBeEnabled();
  await page.getByRole('tab', { name: 'Security' }).click();
  const quota = panel.getByLabel('Investor storage quota (MB)');
  const original = await quota.inputValue();
  const next = String(Number(original) + 1);
  try {
    await quota.fill(next);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Settings saved successfully');
    await page.reload();
    await expect(page.getByRole('tabpanel').getByLabel('Investor storage quota (MB)')).toHaveValue(next);
  } finally {
    const put = await page.request.put('/api/settings', { data: { investorStorageQuotaMb: Number(original) } });
    expect(put.ok(), await put.text()).toBe(true);
  }

  // The Subscription agreements card (issue 30): the founder lets the CIO countersign instead of
  // Legal and shortens the signing window; a reload shows the stored choice.
  const signingBefore = (await (await page.request.get('/api/signing/settings')).json()).settings;
  try {
    const card = page.getByRole('tabpanel');
    const group = card.getByRole('group', { name: 'Admin types who may countersign' });
    await group.getByRole('checkbox', { name: 'CIO' }).check();
    await group.getByRole('checkbox', { name: 'Legal' }).uncheck();
    await group.getByRole('checkbox', { name: 'Founder' }).uncheck();
    await card.getByLabel('Days an agreement stays open to sign').fill('14');
    await expect(card.getByText('Unsaved changes to the agreement settings.')).toBeVisible();
    await card.getByRole('button', { name: 'Save agreement settings' }).click();
    await expectToast(page, 'Agreement settings saved');
    await page.reload();
    const after = page.getByRole('tabpanel').getByRole('group', { name: 'Admin types who may countersign' });
    await expect(after.getByRole('checkbox', { name: 'CIO' })).toBeChecked();
    await expect(after.getByRole('checkbox', { name: 'Legal' })).not.toBeChecked();
    await expect(after.getByRole('checkbox', { name: 'Founder' })).not.toBeChecked();
    await expect(page.getByRole('tabpanel').getByLabel('Days an agreement stays open to sign')).toHaveValue('14');
    const stored = (await (await page.request.get('/api/signing/settings')).json()).settings;
    expect(stored).toEqual({ countersignAdminTypes: ['cio'], envelopeDays: 14 });
    await checkA11y(page, `settings: Subscription agreements (founder, ${layout})`);
  } finally {
    const put = await page.request.put('/api/signing/settings', { data: signingBefore });
    expect(put.ok(), await put.text()).toBe(true);
  }
}
