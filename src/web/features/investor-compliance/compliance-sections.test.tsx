import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MyClassification, RETAIL_NOTICE_VERSION } from '../../../shared/dfsa-classification';
import { type InvestorComplianceData, REVIEW_REQUIRED } from '../../../shared/investor-compliance';
import { INVESTOR, renderScreen } from '../../testing/render';
import { ComplianceDocuments, RegulatoryInformation } from './compliance-sections';

const MINE: MyClassification = {
  state: 'professional',
  basis: 'assessed_individual',
  decidedAt: '2026-06-01T09:00:00.000Z',
  reviewDue: '2027-06-01',
  expired: false,
  reasons: null,
  latest: null,
  pendingEvidence: [],
  noticeVersion: RETAIL_NOTICE_VERSION,
  blocking: [],
};
const DATA: InvestorComplianceData = {
  categories: [],
  review: { dueDate: '2026-12-19', daysRemaining: 21, lastCompletedAt: null, answers: null },
  documents: [
    { id: 'd1', name: 'Annual Suitability Assessment', type: 'suitability', date: '2025-12-19', status: 'Expiring', extension: 'pdf' },
    { id: 'd2', name: 'Client Classification Letter', type: 'classification', date: '2026-06-01', status: 'Current', extension: '' },
  ],
  regulatory: {
    authorization: 'Regulated by the Dubai Financial Services Authority',
    licenseNumber: 'F001234',
    classification: 'Professional Client',
    classificationReview: '2027-06-01',
    contactName: 'Layla Legal',
    contactEmail: 'compliance@demo.example.com',
    contactPhone: '+971 4 555 0100',
  },
};
const both = (data: InvestorComplianceData | undefined) => (
  <>
    <ComplianceDocuments data={data} />
    <RegulatoryInformation data={data} />
  </>
);

describe('Compliance Documents and Regulatory Information', () => {
  it('the documents with type, status and download; the firm’s details and the investor’s own classification', async () => {
    await renderScreen(both(DATA), { user: INVESTOR, api: { 'GET /api/investor/classification': MINE } });
    const docs = screen.getByTestId('compliance-documents');
    const rows = within(within(docs).getByRole('list', { name: 'Compliance documents' })).getAllByTestId('compliance-document');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Annual Suitability Assessment');
    expect(within(rows[0] as HTMLElement).getByText('PDF')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Expiring', { exact: true })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Download Annual Suitability Assessment' })).toBeTruthy();
    // A document without an extension says FILE.
    expect(within(rows[1] as HTMLElement).getByText('FILE')).toBeTruthy();

    const reg = screen.getByTestId('regulatory-information');
    expect(within(reg).getByText('Regulated by the Dubai Financial Services Authority')).toBeTruthy();
    expect(within(reg).getByText('F001234')).toBeTruthy();
    expect(within(reg).getByRole('link', { name: 'compliance@demo.example.com' }).getAttribute('href')).toBe(
      'mailto:compliance@demo.example.com',
    );
    expect(within(reg).getByRole('link', { name: '+971 4 555 0100' }).getAttribute('href')).toBe('tel:+97145550100');
    const own = await within(reg).findByTestId('regulatory-classification');
    expect(own.textContent).toMatch(/^Professional ClientReview due: .+Assessed Professional: an individual$/);
  });

  it('loading, no documents, details the firm has not set, and "Review required" outranking the classification', async () => {
    await renderScreen(both(undefined), { user: INVESTOR, api: { 'GET /api/investor/classification': MINE } });
    const statuses = screen.getAllByRole('status').map((s) => s.textContent);
    expect(statuses).toEqual(['Loading compliance documents...', 'Loading regulatory information...']);
    const bare: InvestorComplianceData = {
      ...DATA,
      documents: [],
      regulatory: {
        ...DATA.regulatory,
        licenseNumber: '',
        contactName: '',
        contactEmail: '',
        contactPhone: '',
        classification: REVIEW_REQUIRED,
      },
    };
    cleanup();
    await renderScreen(both(bare), { user: INVESTOR, api: { 'GET /api/investor/classification': MINE } });
    expect(await screen.findByText('No compliance documents yet')).toBeTruthy();
    const reg = screen.getByTestId('regulatory-information');
    expect(within(reg).queryByText('License Number')).toBeNull();
    expect(within(reg).queryByText('Compliance Contact')).toBeNull();
    expect(within(reg).getByText(REVIEW_REQUIRED)).toBeTruthy();
    expect(within(reg).queryByTestId('regulatory-classification')).toBeNull();
  });
});
