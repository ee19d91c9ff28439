import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E } from '../playwright.config';

export { E2E };

/** The demo accounts the e2e server is started with (see src/server/db/demo.ts). */
export const DEMO = {
  investor: 'investor@demo.example.com',
  pending: 'family@demo.example.com',
  suspended: 'fund@demo.example.com',
  cio: 'cio@demo.example.com',
  legal: 'legal@demo.example.com',
};

/** Runs axe on the page and fails on serious or critical violations. */
export async function expectNoA11yViolations(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations on ${label}`,
  ).toEqual([]);
}

/** Signs in through the login form. */
export async function signInViaUi(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function gotoLogin(page: Page) {
  await page.goto('/login');
  await expect(page.getByText('Secure access to deal syndication platform')).toBeVisible();
}
