import { ar, arabicAccount, expect, expectMirrored, plain, test } from './arabic';
import { E2E, expectNoA11yViolations, expectToast, isoInDays, signIn } from './fixtures';

/**
 * The Compliance Center in Arabic (issue 16): the tracker, the calendar and the document library
 * in Arabic and mirrored, and a compliance item created with the Arabic dialog and toast.
 */
test.describe.configure({ timeout: 90_000 });

test('Compliance Center in Arabic: tracker, calendar, library; a new item created', async ({ page }, testInfo) => {
  await signIn(page, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await arabicAccount(page);
  await page.goto('/admin/compliance');
  await expect(page.getByRole('heading', { level: 1, name: ar('compliance', 'title') })).toBeVisible();
  await expect(page.getByTestId('compliance-score')).toBeVisible();
  await expect(page.getByRole('heading', { name: ar('compliance', 'score.title') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: ar('compliance', 'tracker.column.title') })).toBeVisible();
  await expect(page.getByTestId('compliance-row').first()).toBeVisible();
  await expectNoA11yViolations(page, 'compliance tracker (ar)');
  await expectMirrored(page, testInfo, 'compliance-tracker');

  // New Item in Arabic: the dialog, its validation, then a DFSA filing due today.
  await page.getByRole('button', { name: ar('compliance', 'newItem') }).click();
  const dialog = page.getByRole('dialog', { name: ar('compliance', 'item.newTitle') });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'new compliance item (ar)');
  await expectMirrored(page, testInfo, 'compliance-new-item');
  const title = `E2E Arabic DFSA filing ${Date.now()}`;
  await dialog.getByLabel(ar('compliance', 'item.type')).selectOption('dfsa_filing');
  await dialog.getByLabel(ar('compliance', 'item.title')).fill(title);
  await dialog.getByLabel(ar('compliance', 'item.dueDate')).fill(isoInDays(0));
  await dialog.getByLabel(ar('compliance', 'item.priority')).selectOption('high');
  await dialog.getByRole('button', { name: ar('compliance', 'item.create') }).click();
  await expectToast(page, ar('compliance', 'toast.created'));
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('compliance-row').filter({ hasText: title });
  await expect(row).toContainText(ar('compliance', 'tracker.dueToday'));
  await expect(row.getByRole('button', { name: new RegExp(`^${ar('compliance', 'tracker.start')}`) })).toBeVisible();

  // Calendar: Arabic weekday names, the month's count, the chevrons.
  await page.getByRole('tab', { name: ar('compliance', 'tabs.calendar') }).click();
  await expect(page.getByRole('columnheader', { name: ar('compliance', 'calendar.weekday.mon.long') })).toBeVisible();
  await expect(page.getByRole('button', { name: ar('compliance', 'calendar.previous') })).toBeVisible();
  await expect(page.getByRole('button', { name: ar('compliance', 'calendar.next') })).toBeVisible();
  // Each chevron is mirrored exactly once (the global right-to-left rule in styles.css): its net
  // transform (rotate, scale and transform together) is a horizontal flip, not a flip undone by a rotation.
  for (const id of ['calendar-previous-icon', 'calendar-next-icon']) {
    const net = await page.getByTestId(id).evaluate((el) => {
      const cs = getComputedStyle(el);
      const angle = cs.rotate === 'none' ? 0 : Number.parseFloat(cs.rotate.split(' ').at(-1) ?? '0');
      const [sx = 1, sy = sx] = cs.scale === 'none' ? [] : cs.scale.split(' ').map(Number);
      const m = new DOMMatrix()
        .rotateSelf(0, 0, angle)
        .scaleSelf(sx, sy)
        .multiplySelf(new DOMMatrix(cs.transform === 'none' ? undefined : cs.transform));
      return [m.a, m.b, m.c, m.d].map((v) => Math.round(v) + 0);
    });
    expect(net, `${id} in Arabic`).toEqual([-1, 0, 0, 1]);
  }
  await expect(page.getByTestId('calendar-title')).not.toHaveText(/[A-Za-z]/);
  await expectNoA11yViolations(page, 'compliance calendar (ar)');
  await expectMirrored(page, testInfo, 'compliance-calendar');

  // Document library: Arabic filters and count.
  await page.getByRole('tab', { name: ar('compliance', 'tabs.documents') }).click();
  await expect(page.getByText(ar('compliance', 'library.intro'))).toBeVisible();
  await expect(page.getByLabel(ar('compliance', 'library.expiry'))).toBeVisible();
  await expect(page.getByTestId('library-row').first()).toBeVisible();
  const count = plain((await page.getByTestId('library-count').textContent()) ?? '');
  expect(count).not.toMatch(/Showing|documents?/);
  await expectNoA11yViolations(page, 'compliance library (ar)');
  await expectMirrored(page, testInfo, 'compliance-library');
});
