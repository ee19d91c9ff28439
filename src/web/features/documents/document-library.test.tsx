import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isoInDays } from '../../../shared/dates';
import type { VaultDocument } from '../../../shared/documents';
import { failWith } from '../../testing/fake-api';
import { vaultDocument } from '../../testing/fixtures';
import { expectNoA11yViolations, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { DocumentLibrary } from './document-library';

const BASE = vaultDocument();
// Dates relative to the company's today, as the demo data is: 5 days ahead is within the
// 30-day warning (DOCUMENT_EXPIRY_WARNING_DAYS), yesterday has expired.
const DOCS: VaultDocument[] = [
  BASE,
  {
    ...BASE,
    id: '70000000-0000-4000-8000-000000000002',
    name: 'Passport copy',
    type: 'Other',
    dealId: null,
    dealTitle: null,
    expirationDate: isoInDays(5),
  },
  { ...BASE, id: '70000000-0000-4000-8000-000000000003', name: 'Old licence', type: 'Legal Structure', expirationDate: isoInDays(-1) },
  {
    ...BASE,
    id: '70000000-0000-4000-8000-000000000004',
    name: 'Q3 statement',
    type: 'Financial Projections',
    investorId: 'i1',
    investorName: 'Ian Investor',
  },
];
const row = (name: string) =>
  within(screen.getByRole('table', { name: 'Documents' }))
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(name)) as HTMLElement;

describe('Document library (admin)', () => {
  it('every document with type, deal or General, audience and expiry state; Visible toggles with its toast', async () => {
    const { user, api } = await renderScreen(<DocumentLibrary />, {
      api: {
        'GET /api/documents': { documents: DOCS },
        'PATCH /api/documents/:id': { document: { ...BASE, investorVisible: true } },
      },
    });
    await screen.findByRole('table', { name: 'Documents' });
    expect(screen.getByText('4 documents')).toBeTruthy();
    // The extension is shown in capitals by CSS (uppercase); the text is as stored.
    expect(row('Offering memorandum').textContent).toContain('pdf · 512.00 KB');
    expect(row('Offering memorandum').textContent).toContain('PPM');
    expect(row('Passport copy').textContent).toContain('General');
    expect(row('Passport copy').textContent).toContain('Expires in 5 days');
    expect(row('Old licence').textContent).toContain('Expired');
    // Addressed to one investor: "Only Ian Investor", no visibility box.
    expect(row('Q3 statement').textContent).toContain('Only Ian Investor');
    expect(within(row('Q3 statement')).queryByRole('checkbox')).toBeNull();
    await expectNoA11yViolations('document library');

    const visible = within(row('Offering memorandum')).getByRole('checkbox', { name: 'Visible to investors: Offering memorandum' });
    await user.click(visible);
    await expect
      .poll(() => api.callsTo('PATCH /api/documents/:id').map((c) => [c.path, c.body]))
      .toEqual([[`/api/documents/${BASE.id}`, { investorVisible: true }]]);
    await expect.poll(toastTexts).toContain("'Offering memorandum' is now visible to investors");
  });

  it('a refused change puts the box back and shows the server message', async () => {
    const { user } = await renderScreen(<DocumentLibrary />, {
      api: { 'GET /api/documents': { documents: [BASE] }, 'PATCH /api/documents/:id': failWith(404, 'Document not found') },
    });
    await screen.findByRole('table', { name: 'Documents' });
    const visible = within(row('Offering memorandum')).getByRole('checkbox') as HTMLInputElement;
    await user.click(visible);
    await expect.poll(toastTexts).toContain('Failed to update document');
    expect(screen.getByText('Document not found')).toBeTruthy();
    await expect.poll(() => visible.checked).toBe(false);
  });

  it('no documents: the empty state', async () => {
    await renderScreen(<DocumentLibrary />, { api: { 'GET /api/documents': { documents: [] } } });
    expect((await screen.findAllByText('No documents uploaded yet')).length).toBeGreaterThan(0);
  });
});
