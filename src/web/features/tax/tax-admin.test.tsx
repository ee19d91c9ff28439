import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaxCertification, TaxState } from '../../../shared/tax-certification';
import { expectFieldError, expectNoA11yViolations, field } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { AdminTaxPanel } from './admin-tax-panel';
import { reportingYear, TaxExportCard } from './tax-export-card';

/** Issue 31 part 3 follow-up: the admin's tax panel and the CRS/FATCA export's year field. */

const LAST = new Date().getFullYear() - 1;

describe('CRS/FATCA export: reporting year', () => {
  it('refuses an unfinished, too early or malformed year on the field', async () => {
    // By hand: 2014 is the first CRS year in the UAE; the last finished year is this year - 1.
    expect(reportingYear('2014', new Date(2026, 10, 27))).toBe(2014);
    expect(reportingYear('2025', new Date(2026, 10, 27))).toBe(2025);
    expect(reportingYear('2026', new Date(2026, 10, 27))).toBeNull();
    expect(reportingYear('2013', new Date(2026, 10, 27))).toBeNull();
    expect(reportingYear('20x5', new Date(2026, 10, 27))).toBeNull();

    const { user } = await renderScreen(<TaxExportCard />);
    const card = screen.getByTestId('tax-export');
    expect(within(card).getByText('CRS/FATCA export')).toBeTruthy();
    const year = field('Reporting year', card);
    expect((year as HTMLInputElement).value).toBe(String(LAST));
    for (const bad of [String(LAST + 1), '2013', 'abcd', '']) {
      await user.clear(year);
      if (bad) await user.type(year, bad);
      await user.click(within(card).getByRole('button', { name: 'Download CSV' }));
      expectFieldError(year, `Enter a finished reporting year between 2014 and ${LAST}`);
    }
    expect(document.activeElement).toBe(year);
    await expectNoA11yViolations('export card with a year error', card);
  });

  it('says it in Arabic', async () => {
    const { user } = await renderScreen(<TaxExportCard />, { language: 'ar' });
    const card = screen.getByTestId('tax-export');
    const year = field('سنة الإبلاغ', card);
    await user.clear(year);
    await user.type(year, '2013');
    await user.click(within(card).getByRole('button', { name: 'تنزيل ملف CSV' }));
    // Values are isolated (FSI/PDI) in Arabic text: compared without the marks.
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(
      document
        .getElementById(`${year.id}-error`)
        ?.textContent?.replace(/[\u2066-\u2069]/g, '')
        .trim(),
    ).toBe(`أدخل سنة إبلاغ منتهية بين 2014 و${LAST}`);
  });
});

const cert = (version: number, country: string, tin: string | undefined, signedAt: string): TaxCertification => ({
  id: `70000000-0000-4000-8000-00000000000${version}`,
  version,
  answers: {
    kind: 'individual',
    residences: [tin ? { country, tin, explanation: undefined } : { country, tin: undefined, noTinReason: 'A', explanation: undefined }],
    usPerson: false,
  },
  signedName: 'Ahmed Al-Rashid',
  signatureMethod: 'typed',
  signatureDrawing: null,
  reauth: 'password',
  signedAt,
});
const INVESTOR = '00000000-0000-4000-8000-000000000030';
const V2 = cert(2, 'GB', 'QQ123456C', '2026-11-20T09:00:00.000Z');
const V1 = cert(1, 'AE', undefined, '2026-03-01T09:00:00.000Z');
const STATE: TaxState = {
  investorId: INVESTOR,
  name: 'Ahmed Al-Rashid',
  kind: 'individual',
  residenceCountry: 'GB',
  address: '1 High Street, London',
  current: V2,
  history: [V2, V1],
  pendingChange: null,
  persons: [],
  blocking: [],
};

describe('Admin tax self-certification panel', () => {
  it('shows the version in force with its residences and the earlier versions', async () => {
    await renderScreen(<AdminTaxPanel investorId={INVESTOR} />, { api: { 'GET /api/tax/investors/:id': { tax: STATE } } });
    const panel = await screen.findByTestId('admin-tax-panel');
    expect(within(panel).getByRole('heading', { name: 'Tax self-certification' })).toBeTruthy();
    expect(within(panel).getByTestId('admin-tax-status').textContent).toMatch(/^Version 2 in force, signed on .+ by Ahmed Al-Rashid$/);
    const residences = [...panel.querySelectorAll('li.tabular')].map((li) => li.textContent?.replace(/[\u2066-\u2069]/g, ''));
    expect(residences).toEqual(['GB · QQ123456C', 'AE · no TIN (reason A)']);
    expect(within(panel).getByText('Version 1')).toBeTruthy();
    await expectNoA11yViolations('admin tax panel', panel);
  });

  it('shows how the version in force was signed: the drawn signature as an image, or the typed name', async () => {
    const drawing = 'data:image/png;base64,iVBORw0KGgo=';
    await renderScreen(<AdminTaxPanel investorId={INVESTOR} />, {
      api: { 'GET /api/tax/investors/:id': { tax: { ...STATE, current: { ...V2, signatureMethod: 'drawn', signatureDrawing: drawing } } } },
    });
    const sig = await screen.findByTestId('admin-tax-signature');
    expect(within(sig).getByText('Signed with a drawn signature')).toBeTruthy();
    expect(within(sig).getByRole('img', { name: 'Signed with a drawn signature' }).getAttribute('src')).toBe(drawing);
  });

  it('says when none is signed', async () => {
    await renderScreen(<AdminTaxPanel investorId={INVESTOR} />, {
      api: { 'GET /api/tax/investors/:id': { tax: { ...STATE, current: null, history: [] } } },
    });
    expect((await screen.findByTestId('admin-tax-status')).textContent).toBe(
      'No tax self-certification signed yet: the investor cannot subscribe until they sign one.',
    );
  });
});
