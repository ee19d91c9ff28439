import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

test.describe.configure({ timeout: 120_000 });

/** A two-page US Letter agreement (612 x 792 points), written here with pdf-lib. */
async function templateFile(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Placement test agreement, page ${n}`, { x: 72, y: 720, size: 14, font });
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'placement-')), 'placement-agreement.pdf');
  writeFileSync(file, await doc.save());
  return file;
}

/** Drags a field's box by (dx, dy) CSS pixels with the mouse, from a whole-pixel point inside it. */
async function drag(page: Page, box: Locator, dx: number, dy: number) {
  const b = await box.boundingBox();
  if (!b) throw new Error('no field box');
  const x = Math.round(b.x + 12);
  const y = Math.round(b.y + 6);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(x + (dx * i) / 5, y + (dy * i) / 5);
  await page.mouse.up();
}

const round2 = (v: number) => Math.round(v * 100) / 100;

test('issue 30: an admin uploads a template, places the fields by mouse and keyboard, and saves a version', async ({ page }) => {
  const csp: string[] = [];
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) csp.push(m.text());
  });
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  const title = `Placement ${Date.now()}`;
  const created = await page.request.post('/api/deals', { data: { title, type: 'Infrastructure' } });
  expect(created.status()).toBe(201);
  const dealId = ((await created.json()) as { deal: { id: string } }).deal.id;

  await page.goto(`/admin/deals/${dealId}`);
  await page.getByRole('link', { name: 'Upload the agreement and place its fields' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription agreement' })).toBeVisible();
  await expect(page.getByText('No agreement uploaded yet.')).toBeVisible();
  await page.getByLabel('Choose the agreement (PDF)').setInputFiles(await templateFile());
  await expect(page.getByRole('img', { name: /^Page 1 of 2 of the agreement/ })).toBeVisible();
  await expect(page.getByTestId('placement-missing')).toHaveText(
    'Still needed before this deal can take subscriptions: Investor name, Amount, Investor signature, GP signature.',
  );

  // The page is drawn at `scale` pixels per point: its box is 612 points wide.
  const pageBox = await page.getByTestId('placement-page').boundingBox();
  if (!pageBox) throw new Error('no page');
  const scale = pageBox.width / 612;

  // Three fields by mouse: add, then drag. A new field starts an inch from the left and from the
  // top, 28 points lower per field already on the page (src/shared/pdf-placement.ts, newField).
  const kindSelect = page.getByLabel('Field to add');
  const dragged: Record<string, { x: number; y: number; w: number; h: number }> = {};
  const plan = [
    { kind: 'Investor name', value: 'investor_name', size: { w: 200, h: 20 }, dx: 150, dy: 40 },
    { kind: 'Amount', value: 'amount', size: { w: 120, h: 20 }, dx: 60, dy: 120 },
    { kind: 'Investor signature', value: 'investor_signature', size: { w: 180, h: 40 }, dx: 30, dy: 400 },
  ];
  for (const [i, p] of plan.entries()) {
    await kindSelect.selectOption(p.value);
    await page.getByRole('button', { name: 'Add field', exact: true }).click();
    const box = page.locator(`[data-field-kind="${p.value}"]`);
    await expect(box).toBeFocused();
    await drag(page, box, p.dx, p.dy);
    // Before the drag: x = 72, top edge 72 + 28 i points below the page's top, so
    // y = 792 - (72 + 28 i) - h. The drag adds dx / scale points to x and takes dy / scale from y.
    const y0 = 792 - (72 + 28 * i) - p.size.h;
    dragged[p.value] = { x: round2(72 + p.dx / scale), y: round2(y0 - p.dy / scale), ...p.size };
    await expect(box).toHaveAccessibleName(
      `${p.kind}, page 1: x ${dragged[p.value]?.x}, y ${dragged[p.value]?.y}, ${p.size.w} by ${p.size.h} points`,
    );
  }

  // The GP signature by keyboard alone, on page 2: arrows move it, Shift+arrows resize it.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
  await kindSelect.selectOption('gp_signature');
  await page.getByRole('button', { name: 'Add field', exact: true }).focus();
  await page.keyboard.press('Enter');
  const gp = page.locator('[data-field-kind="gp_signature"]');
  await expect(gp).toBeFocused();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  // x 72 + 5 = 77; 4 points taller with the top edge kept at 792 - 72 = 720: h 44, y 676.
  await expect(gp).toHaveAccessibleName('GP signature, page 2: x 77, y 676, 180 by 44 points');
  await expect(page.getByTestId('placement-missing')).toHaveText(
    'Every required field is placed: investor name, amount, investor signature and GP signature.',
  );
  await expectNoA11yViolations(page, 'field placement');

  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expectToast(page, 'Saved: version 1 of the agreement.');
  await expect(page.getByText(/^Version 1: placement-agreement\.pdf, 2 pages, saved/)).toBeVisible();
  // The saved template is shown again, from the server this time.
  await expect(page.getByRole('img', { name: /^Page 1 of 2 of the agreement/ })).toBeVisible();

  const saved = (await (await page.request.get(`/api/deals/${dealId}/subscription-pack`)).json()) as {
    pack: { version: number; missing: string[]; fields: { kind: string; page: number; x: number; y: number; w: number; h: number }[] };
  };
  expect(saved.pack.version).toBe(1);
  expect(saved.pack.missing).toEqual([]);
  const byKind = Object.fromEntries(saved.pack.fields.map(({ kind, ...rest }) => [kind, rest]));
  expect(byKind.gp_signature).toEqual({ page: 2, x: 77, y: 676, w: 180, h: 44 });
  for (const p of plan) expect(byKind[p.value], p.kind).toEqual({ page: 1, ...dragged[p.value] });
  expect(csp, 'no Content-Security-Policy violations').toEqual([]);
});
