import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { dataRequestDueOn } from '../src/shared/data-requests';
import { todayIso } from '../src/shared/dates';
import { formatDate } from '../src/shared/format';
import { COMPANY_ZONE, E2E, expectNoA11yViolations, expectToast, signIn } from './fixtures';

/**
 * Data-subject requests (issue 33 part 2, decision 051): an investor asks for a copy of their data
 * and for erasure from their profile; an admin answers both from the queue (the erasure partly
 * refused: KYC records are kept under the DFSA AML rule); the investor sees the outcome and
 * downloads their data. Grace Otieno (demo data) has KYC documents but no other records.
 */
const INVESTOR = 'grace@demo.example.com';
const NAME = 'Grace Otieno';

test('an investor downloads their data and asks for erasure; an admin answers it, partly refused for retention', async ({ browser }) => {
  const investorContext = await browser.newContext();
  const inv = await investorContext.newPage();
  await signIn(inv, INVESTOR, E2E.demoPassword, /\/investor$/);
  await inv.goto('/investor/profile');
  const card = inv.getByRole('heading', { name: 'Your data' });
  await expect(card).toBeVisible();
  await expect(inv.getByText('you may ask for a copy of the data we hold about you')).toBeVisible();
  await expectNoA11yViolations(inv, 'profile, your data');

  // Due one month after today in the company's zone (the shared rule, checked by hand in its tests).
  const due = formatDate(dataRequestDueOn(todayIso(COMPANY_ZONE)));
  const kind = inv.getByLabel('What are you asking for?');
  await kind.selectOption({ label: 'Copy of my data' });
  await inv.getByRole('button', { name: 'Send request' }).click();
  await expectToast(inv, `Request sent. We will answer by ${due}.`);
  await kind.selectOption({ label: 'Erasure' });
  await inv.getByLabel('Details').fill('Please erase everything you may.');
  await inv.getByRole('button', { name: 'Send request' }).click();
  const mine = inv.getByRole('list', { name: 'Your requests' });
  await expect(mine.getByTestId('data-request').first()).toContainText('Erasure');
  await expect(mine.getByTestId('data-request').first()).toContainText('Open');

  // The admin answers both from the queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E.adminEmail, E2E.adminPassword, /\/admin$/);
  await admin.getByRole('link', { name: 'Data Requests' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Data Requests' })).toBeVisible();
  const open = (label: string) =>
    admin
      .getByTestId('data-request')
      .filter({ hasText: NAME })
      .filter({ hasText: label })
      .filter({ has: admin.getByRole('button', { name: 'Answer' }) })
      .first();
  const access = open('Copy of my data');
  await expect(access).toContainText(`Due ${due}`);
  await expect(access).toContainText('Answering hands the investor an archive of all their data');
  await expectNoA11yViolations(admin, 'data requests queue');
  // An empty answer is a field error.
  await access.getByRole('button', { name: 'Answer' }).click();
  await expect(access.getByLabel(`Answer to ${NAME}`)).toHaveAttribute('aria-invalid', 'true');
  await expect(access).toContainText('Write the answer to the investor');
  await access.getByLabel(`Answer to ${NAME}`).fill('Your data is ready to download from your profile.');
  await access.getByRole('button', { name: 'Answer' }).click();
  await expectToast(admin, `Answered the request of ${NAME}.`);

  const erasure = open('Erasure');
  await expect(erasure).toContainText('Please erase everything you may.');
  await erasure.getByLabel(`Answer to ${NAME}`).fill('We erased what we may; your KYC records must be kept.');
  await erasure.getByRole('button', { name: 'Answer' }).click();
  const answered = admin.getByTestId('data-request').filter({ hasText: 'We erased what we may; your KYC records must be kept.' }).first();
  await expect(answered).toContainText('Partly refused');
  await expect(answered).toContainText('E-mail notification choices');
  await expect(answered.getByTestId('kept-data')).toContainText('Identity and KYC records');
  await expect(answered.getByTestId('kept-data')).toContainText('DFSA AML 14.4 (record keeping)');
  await expectNoA11yViolations(admin, 'data requests answered');
  await adminContext.close();

  // The investor sees the outcome with the rule, and downloads their data.
  await inv.reload();
  const latest = mine.getByTestId('data-request').first();
  await expect(latest).toContainText('Partly refused');
  await expect(latest).toContainText('We erased what we may; your KYC records must be kept.');
  await expect(latest.getByTestId('kept-data')).toContainText(
    'Identity and KYC records: kept while you are a client and for the period the rule requires after. DFSA AML 14.4',
  );
  await expectNoA11yViolations(inv, 'profile, requests answered');
  const copy = mine.getByTestId('data-request').filter({ hasText: 'Copy of my data' }).filter({ hasText: 'Done' }).first();
  const [download] = await Promise.all([inv.waitForEvent('download'), copy.getByRole('link', { name: 'Download my data (JSON)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const archive = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(archive.profile).toMatchObject({ name: NAME, email: INVESTOR });
  expect(archive.kyc.documents.length).toBeGreaterThan(0);
  expect(archive.signIns.length).toBeGreaterThan(0);
  await investorContext.close();
});
