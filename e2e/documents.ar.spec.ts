import { ALLOWED_EXTENSIONS } from '../src/shared/documents';
import { ar, expect, expectMirrored, test } from './arabic';
import { expectNoA11yViolations } from './fixtures';
import { expectArabicToast, signInAdminArabic, writePdf } from './investors-ar';

test.describe.configure({ timeout: 90_000 });

test('Arabic: Document Vault — upload a document, see it in the library, delete it', async ({ page }, testInfo) => {
  await signInAdminArabic(page);
  await page.goto('/admin/documents');
  await expect(page.getByRole('heading', { level: 1, name: ar('documents', 'page.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: ar('documents', 'library.title') })).toBeVisible();
  await expectNoA11yViolations(page, 'document vault (ar)');
  await expectMirrored(page, testInfo, 'documents');

  await page.getByRole('button', { name: ar('documents', 'page.showForm') }).click();
  const form = page.getByRole('form', { name: ar('documents', 'upload.formLabel') });
  await expect(form.getByText(ar('documents', 'upload.allowed', { extensions: ALLOWED_EXTENSIONS.join(', ') }))).toBeVisible();
  const file = writePdf(`ar-vault-${Date.now()}.pdf`);
  await form.getByLabel(ar('documents', 'upload.file')).setInputFiles(file);
  const name = `وثيقة ${Date.now() % 1_000_000}`;
  await form.getByLabel(ar('documents', 'upload.name')).fill(name);
  await form.getByLabel(ar('documents', 'upload.type')).selectOption('PPM');
  await expect(form.getByText(ar('documents', 'upload.optional')).first()).toBeVisible();
  await expectNoA11yViolations(page, 'upload form (ar)');
  await expectMirrored(page, testInfo, 'documents-upload');
  await form.getByRole('button', { name: ar('documents', 'upload.submit') }).click();
  await expectArabicToast(page, ar('documents', 'toast.uploaded'));

  const table = page.getByRole('table', { name: ar('documents', 'library.label') });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('columnheader', { name: ar('documents', 'column.expiry') })).toBeVisible();
  await row.getByRole('button', { name: new RegExp(`^${ar('documents', 'actions.delete')}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: ar('documents', 'delete.title') })).toBeVisible();
  await expectMirrored(page, testInfo, 'documents-delete');
  await dialog.getByRole('button', { name: ar('documents', 'delete.submit'), exact: true }).click();
  await expectArabicToast(page, ar('documents', 'toast.deleted'));
  await expect(row).toHaveCount(0);
});
