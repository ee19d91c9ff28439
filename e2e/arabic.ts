import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page, type TestInfo } from '@playwright/test';
import type { Namespace } from '../src/shared/i18n/languages';

const I18N = path.join(process.cwd(), 'src/shared/i18n');

/**
 * Arabic walk-throughs (issue 16). Expected texts come from the catalogues themselves
 * (`ar('deals', 'pipeline.title')`), so a spec checks that the screen shows the Arabic
 * catalogue's text, not a copy of it.
 */
function lookup(language: 'en' | 'ar', ns: Namespace, key: string): string {
  const tree = JSON.parse(readFileSync(path.join(I18N, language, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`No key ${ns}:${key} in ${language}`);
  return value;
}

/** The Arabic text of a key, with {{values}} filled in as the app shows them (isolated). */
export function ar(ns: Namespace, key: string, values: Record<string, string | number> = {}): string {
  return lookup('ar', ns, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => `\u2068${values[name] ?? ''}\u2069`);
}
export const en = (ns: Namespace, key: string) => lookup('en', ns, key);

/** Text without the bidi isolation marks the app puts around values in Arabic. */
export const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

/** Chooses Arabic in the Language control (sidebar footer or login page). */
export async function chooseArabic(page: Page) {
  await page.getByLabel(/^(Language|اللغة)$/).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

/**
 * Visible text-bearing elements whose text is wider than their own box (text overflowing a button,
 * a badge, a heading, a label, a table cell...): `scrollWidth > clientWidth + 1`. Not counted: an
 * element that is itself, or sits inside, a deliberate scroll or truncate container (overflow-x
 * auto or scroll, text-overflow: ellipsis, line clamping, the `truncate` class), screen-reader-only
 * text, and inline elements (they have no box width of their own; their block ancestor is checked).
 */
export function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const TEXT_BEARING =
      'h1, h2, h3, h4, h5, h6, p, button, a, label, legend, th, td, li, dt, dd, [role="tab"], [role="menuitem"], [role="option"], [data-slot="badge"], [data-slot="card-title"], [data-slot="card-description"]';
    const deliberate = (el: Element) => {
      for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
        const s = getComputedStyle(node);
        if (s.overflowX === 'auto' || s.overflowX === 'scroll') return true;
        if (s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none') return true;
        if (node.classList.contains('truncate') || node.classList.contains('sr-only')) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(TEXT_BEARING)) {
      if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
      const text = (el.innerText ?? '').trim();
      if (!text) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (deliberate(el)) continue;
      const where = el.getAttribute('data-testid') ?? el.getAttribute('data-slot') ?? el.className.toString().slice(0, 60);
      found.push(`<${el.tagName.toLowerCase()} ${where}> "${text.slice(0, 40)}" ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    return found;
  });
}

/**
 * The page is mirrored and nothing overflows: `<html lang="ar" dir="rtl">`, the sidebar (when
 * shown, at desktop width) on the right, no horizontal scrolling, and no text wider than its own
 * box (`overflowingText`). A screenshot is attached.
 */
export async function expectMirrored(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const layout = await page.evaluate(() => {
    const aside = document.querySelector('aside');
    const box = aside && aside.getBoundingClientRect().width > 0 ? aside.getBoundingClientRect() : null;
    return {
      width: window.innerWidth,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      aside: box ? { left: box.left, right: box.right } : null,
    };
  });
  await testInfo.attach(`${name}.png`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
  expect(layout.overflow, `${name}: no horizontal overflow`).toBeLessThanOrEqual(1);
  if (layout.aside && layout.width >= 768)
    expect(layout.aside.right, `${name}: the sidebar is on the right`).toBeGreaterThanOrEqual(layout.width - 1);
  expect(await overflowingText(page), `${name}: text wider than its box`).toEqual([]);
}

/**
 * At phone width: the navigation sheet (the sidebar toggle) opens from the right edge, in Arabic,
 * and passes the mirror check; closed again unless `keepOpen`. Returns the sheet.
 */
export async function expectSheetFromRight(page: Page, testInfo: TestInfo, name: string, { keepOpen = false } = {}) {
  await page.getByRole('button', { name: ar('common', 'shell.toggleSidebar') }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('link').first()).toBeVisible();
  // Measured once the sheet has slid in (its box stops moving).
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.round(box.x + box.width) : -1;
    })
    .toBeGreaterThanOrEqual((page.viewportSize()?.width ?? 390) - 1);
  const box = await sheet.boundingBox();
  expect(box?.x, `${name}: the sheet covers part of the screen from the right`).toBeGreaterThan(0);
  await expectMirrored(page, testInfo, name);
  if (keepOpen) return sheet;
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  return sheet;
}

/**
 * A test whose signed-in accounts are put back to English afterwards (the e2e accounts are shared
 * by every spec): call `arabicAccount(page)` after signing in, or sign in after chooseArabic on the
 * login page (the choice is kept on the account), and the fixture resets it.
 */
export const test = base.extend<{ resetLanguage: undefined }>({
  resetLanguage: [
    async ({ page, browser }, use) => {
      // Every browser context the test opens (an admin beside an investor) is put back to English
      // as well, when the test closes it or at the end, while its session still holds.
      const reset = (request: APIRequestContext) =>
        request.put('/api/auth/language', { data: { language: 'en', digits: 'latn' } }).catch(() => undefined);
      const contexts = new Set<BrowserContext>();
      const track = (context: BrowserContext) => {
        if (contexts.has(context)) return context;
        contexts.add(context);
        const close = context.close.bind(context);
        context.close = async (options) => {
          if (contexts.delete(context)) await reset(context.request);
          return close(options);
        };
        return context;
      };
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = async (options) => track(await newContext(options));
      browser.newPage = async (options) => {
        const opened = await newPage(options);
        track(opened.context());
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
        for (const context of contexts) await reset(context.request);
        await reset(page.request);
      }
    },
    { auto: true },
  ],
});

/** Sets the signed-in account's language to Arabic and reloads. */
export async function arabicAccount(page: Page) {
  const res = await page.request.put('/api/auth/language', { data: { language: 'ar' } });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

export { expect };
