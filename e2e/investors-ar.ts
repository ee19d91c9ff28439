import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { arabicAccount, expect } from './arabic';
import { E2E, firstSignIn, freshEmail, gotoLogin, INITIAL_PASSWORD, signInViaUi, toasts } from './fixtures';

/** Helpers of the Arabic walk-throughs of KYC, subscriptions, users and documents (issue 16). */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-ar-'));

/** A small PDF file on disk. */
export function writePdf(name: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(`% ${name} ${'x'.repeat(2000)}\n`), Buffer.from('%%EOF\n')]));
  return file;
}

/** Signs in through the (English) login form, then switches the account to Arabic. */
export async function signInArabic(page: Page, email: string, password: string, landing: RegExp) {
  await gotoLogin(page);
  await signInViaUi(page, email, password);
  await expect(page).toHaveURL(landing);
  await arabicAccount(page);
}

export const signInAdminArabic = (page: Page) => signInArabic(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);

/** Creates an active investor through the API as the signed-in admin. */
export async function createInvestor(admin: Page, tag: string) {
  const u = { name: `AR ${tag} ${Date.now() % 1_000_000}`, email: freshEmail(`ar-${tag}`) };
  const res = await admin.request.post('/api/users', {
    data: { name: u.name, email: u.email, password: INITIAL_PASSWORD, role: 'investor', investorUserType: 'hni' },
  });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  return { ...u, id: user.id };
}

/** The new investor's first sign-in (changing the initial password) in a context of their own, then Arabic. */
export async function firstSignInArabic(browser: Browser, email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await firstSignIn(browser, email, viewport);
  await arabicAccount(page);
  return page;
}

/** A toast with exactly this text (the catalogue's text from ar(), values isolated as the app does). */
export async function expectArabicToast(page: Page, text: string) {
  await expect(toasts(page).getByText(text, { exact: true }).last()).toBeVisible();
}
