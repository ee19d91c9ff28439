import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { ar, chooseArabic } from './arabic';
import { E2E, expectNoA11yViolations, expectToast, freshEmail, signIn } from './fixtures';
import { linkIn, waitForMail } from './mail';

/**
 * Issue 27 item 12 (decision record 028), desktop and phone: the generated administrator's first
 * sign-in sets the real e-mail address with the new password; a founder changes an administrator's
 * address, and the link the new address receives applies it.
 */

const PLACEHOLDER = 'admin@example.com';

/** A server message as the Arabic errors catalogue writes it (its keys are the English messages, dots and all). */
const arError = (message: string) =>
  (JSON.parse(readFileSync(path.join(process.cwd(), 'src/shared/i18n/ar/errors.json'), 'utf8')) as Record<string, string>)[message] ??
  message;

async function asFounder<T>(run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  try {
    const signedIn = await api.post('/api/auth/sign-in', { data: { email: E2E.adminEmail, password: E2E.adminPassword } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    return await run(api);
  } finally {
    await api.dispose();
  }
}

/** An administrator with a temporary password (created users must change it at the first sign-in). */
async function createAdmin(api: APIRequestContext, name: string, email: string, password: string, type = 'founder') {
  const created = await api.post('/api/users', { data: { name, email, password, role: 'admin', adminUserType: type } });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()).user.id as string;
}

/**
 * A new install without ADMIN_EMAIL has one founder at admin@example.com who must change the
 * generated password: the same account is made here (through the API, on the demo server).
 */
export async function firstSignInSetsEmailFlow(page: Page, tag: string) {
  const temporary = `Temporary-${tag}-Pass-2468`;
  await asFounder(async (api) => {
    // An earlier run's placeholder account (a run cut short) goes first.
    const users = (await (await api.get('/api/users')).json()).users as { id: string; email: string }[];
    for (const u of users.filter((x) => x.email === PLACEHOLDER)) expect((await api.delete(`/api/users/${u.id}`)).ok()).toBe(true);
    await createAdmin(api, 'First Founder', PLACEHOLDER, temporary);
  });

  await signIn(page, PLACEHOLDER, temporary, /\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await expect(page.getByText('This administrator was created with a placeholder address')).toBeVisible();
  const email = page.getByLabel('Your e-mail address');
  await expect(email).toBeVisible();
  await expect(page.getByText('You sign in with it from now on; notifications and password recovery go there.')).toBeVisible();
  await expectNoA11yViolations(page, `first sign-in (${tag})`);

  // Field-level errors: no address, then the placeholder again.
  const newPassword = `My-Own-${tag}-Secret-9753`;
  await page.getByLabel('Current password').fill(temporary);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await email.fill('Admin@Example.com');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Enter your own e-mail address', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, `first sign-in, field errors (${tag})`);

  const real = freshEmail(`amina-${tag}`);
  await email.fill(real.toUpperCase());
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed successfully');
  await expect(page).toHaveURL(/\/admin$/);

  // The real address and the new password sign in; the placeholder no longer does.
  await page.context().clearCookies();
  await signIn(page, real, newPassword, /\/admin$/);
  await page.context().clearCookies();
  await signIn(page, PLACEHOLDER, newPassword, /\/login$/);
  return { email: real };
}

/** A founder changes another administrator's address; the link sent to the new address applies it. */
export async function founderChangesAdminEmailFlow(page: Page, tag: string, openRowMenu: (page: Page, name: string) => Promise<void>) {
  const name = `Chloe Cio ${tag} ${Date.now()}`;
  const old = freshEmail(`chloe-${tag}`);
  await asFounder((api) => createAdmin(api, name, old, `Chloe-${tag}-Temp-8642`, 'cio'));

  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/users');
  await page.getByLabel('Search').fill(name);
  await openRowMenu(page, name);
  await page.getByRole('menuitem', { name: 'Change E-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change E-mail Address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${name}'s address changes only when the link is opened`)).toBeVisible();
  await expect(dialog.getByLabel('Current address')).toHaveValue(old);
  await expectNoA11yViolations(page, `change e-mail dialog (${tag})`);

  const field = dialog.getByLabel('New e-mail address');
  const send = dialog.getByRole('button', { name: 'Send Confirmation Link' });
  await send.click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // An address another account has: the server's answer on the field.
  await field.fill(E2E.adminEmail);
  await send.click();
  await expect(dialog.getByText('Email already registered', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, `change e-mail dialog, field errors (${tag})`);

  const next = freshEmail(`chloe-new-${tag}`);
  await field.fill(next);
  await send.click();
  await expectToast(page, `Confirmation link sent to ${next}`);
  await expect(dialog).toBeHidden();
  // Nothing changed yet.
  await expect(page.getByText(old, { exact: true }).filter({ visible: true }).first()).toBeVisible();

  const mail = await waitForMail(page.request, next, (m) => m.subject.startsWith('Confirm your new e-mail address'));
  const link = linkIn(mail, '/confirm-email#token=');
  expect(link.startsWith(`${E2E.baseURL}/confirm-email#token=`)).toBe(true);

  // The new address's holder opens the link (not signed in).
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' })).toBeVisible();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expectNoA11yViolations(page, `confirm e-mail (${tag})`);
  await page.getByRole('button', { name: 'Confirm New Address' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Your e-mail address has been changed' });
  await expect(done).toContainText(next);
  await expectNoA11yViolations(page, `confirm e-mail, done (${tag})`);

  // The old address is told.
  const told = await waitForMail(page.request, old, (m) => m.subject.startsWith('The e-mail address of your'));
  expect(told.text).toContain(next);

  // The founder's list shows the new address.
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await page.goto('/admin/users');
  await page.getByLabel('Search').fill(name);
  await expect(page.getByText(next, { exact: true }).filter({ visible: true }).first()).toBeVisible();

  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm New Address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' })).toBeVisible();
}

/** The confirmation page in Arabic: the catalogue's texts, right to left, the server's refusal translated. */
export async function confirmEmailInArabic(page: Page, tag: string) {
  await page.goto('/login');
  await chooseArabic(page);
  await page.goto('/confirm-email#token=not-a-real-token');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: ar('auth', 'confirmEmail.title') })).toBeVisible();
  await expect(page.getByText(ar('auth', 'confirmEmail.question'))).toBeVisible();
  await expectNoA11yViolations(page, `confirm e-mail (ar, ${tag})`);
  await page.getByRole('button', { name: ar('auth', 'confirmEmail.submit') }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: arError('This link is invalid or has expired. Ask a founder for a new one.') }),
  ).toBeVisible();
  await expectNoA11yViolations(page, `confirm e-mail refused (ar, ${tag})`);
}
