import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComplianceItem, ComplianceOverview } from '../../../shared/compliance';
import { addDays, todayIso } from '../../../shared/dates';
import { type FakeRoutes, failWith } from '../../testing/fake-api';
import { ADMIN_USERS, complianceItem, vaultDocument } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import CompliancePage from './compliance-center-page';

const today = todayIso();
const item = (over: Partial<ComplianceItem>) => complianceItem(today, over);
const DFSA = item({});
const KYC = item({
  id: '30000000-0000-4000-8000-000000000002',
  type: 'kyc_refresh',
  title: 'Annual KYC refresh for HNI investors',
  dueDate: addDays(today, -3),
  status: 'overdue',
  priority: 'medium',
});
const OVERVIEW: ComplianceOverview = {
  score: 0,
  counts: { overdue: 1, due_soon: 1, in_progress: 0, completed: 0 },
  items: [DFSA, KYC],
  external: [
    {
      id: 'spv-1',
      source: 'spv',
      sourceId: '10000000-0000-4000-8000-000000000001',
      title: 'Annual return: Meridian East Africa SPV I',
      name: 'Meridian East Africa SPV I',
      dueDate: addDays(today, 10),
      status: 'due_soon',
    },
  ],
};
const PPM = vaultDocument({
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Office Tower PPM',
  fileSize: '120 KB',
  byteSize: 122_880,
  expirationDate: addDays(today, 12),
  dealId: null,
  dealTitle: null,
  uploadDate: '2026-10-01T09:00:00.000Z',
  investorVisible: true,
});

const api: FakeRoutes = {
  'GET /api/compliance': OVERVIEW,
  'GET /api/users': { users: ADMIN_USERS },
  'GET /api/documents': { documents: [PPM] },
  'POST /api/compliance': { item: item({ id: '30000000-0000-4000-8000-000000000003', title: 'New filing' }) },
  'PATCH /api/compliance/:id': { item: KYC },
};

describe('Compliance Center', () => {
  it('the tracker lists the items and the SPV return beside them, with their due days and statuses', async () => {
    await renderScreen(<CompliancePage />, { at: '/admin/compliance', api });
    const list = await screen.findByRole('table', { name: 'Compliance items' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toHaveLength(3);
    const kyc = rows.find((r) => r.textContent?.includes('Annual KYC refresh for HNI investors'));
    expect(kyc?.textContent).toContain('3 days overdue');
    expect(kyc?.textContent).toContain('Overdue');
    const dfsa = rows.find((r) => r.textContent?.includes('DFSA quarterly prudential return'));
    expect(dfsa?.textContent).toContain('Due today');
    const spv = rows.find((r) => r.textContent?.includes('Annual return: Meridian East Africa SPV I'));
    expect(spv?.textContent).toContain('From the SPV tracker · not counted in the score');
    expect(screen.getByText('Showing 3 of 3 (2 items, 1 SPV and document due date)')).toBeTruthy();
    await expectNoA11yViolations('compliance tracker');
  });

  it('New Item: type, title and due date are required; a valid item is sent', async () => {
    const { user, api: fake } = await renderScreen(<CompliancePage />, { at: '/admin/compliance', api });
    await user.click(await screen.findByRole('button', { name: 'New Item' }));
    const dialog = await findDialog('New Compliance Item');
    await user.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    expectFieldError(field('Type', dialog), 'Choose a compliance type');
    expectFieldError(field('Title', dialog), 'Title is required');
    expectFieldError(field('Due Date', dialog), 'Due date is required');
    await expectNoA11yViolations('new compliance item with errors', dialog);
    expect(fake.callsTo('POST /api/compliance')).toEqual([]);

    await user.selectOptions(field('Type', dialog), 'DFSA Filing');
    await user.type(field('Title', dialog), 'New filing');
    await user.type(field('Due Date', dialog), today);
    await user.selectOptions(field('Assigned To', dialog), 'Fatima Founder');
    await user.selectOptions(field('Priority', dialog), 'Critical');
    await user.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    await expect.poll(toastTexts).toContain('Compliance item created');
    expect(fake.callsTo('POST /api/compliance').map((c) => c.body)).toEqual([
      {
        type: 'dfsa_filing',
        title: 'New filing',
        description: null,
        dueDate: today,
        assignedTo: ADMIN_USERS[0]?.id,
        priority: 'critical',
        recurrence: null,
      },
    ]);
  });

  it("Edit: an emptied title is refused on the field, which gets the focus; the server's field refusal; the saved changes", async () => {
    // Assigned to an administrator no longer active: kept as a choice under their name.
    const former = { ...KYC, assignedTo: '00000000-0000-4000-8000-000000000009', assignedToName: 'Former Counsel' };
    let refuse = true;
    const { user, api: fake } = await renderScreen(<CompliancePage />, {
      at: '/admin/compliance',
      api: {
        ...api,
        'GET /api/compliance': { ...OVERVIEW, items: [DFSA, former] },
        'PATCH /api/compliance/:id': () =>
          refuse ? failWith(400, 'Invalid request', { fields: { dueDate: 'Due date is required' } }) : { item: former },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Annual KYC refresh for HNI investors' }));
    const dialog = await findDialog('Edit Compliance Item');
    expect(within(dialog).getByText("Update the details of 'Annual KYC refresh for HNI investors'.")).toBeTruthy();
    expect((field('Type', dialog) as HTMLSelectElement).value).toBe('kyc_refresh');
    await expect
      .poll(() =>
        within(field('Assigned To', dialog))
          .getAllByRole('option')
          .map((o) => o.textContent),
      )
      .toEqual(['Unassigned', 'Fatima Founder', 'Layla Legal', 'Former Counsel']);
    expect((field('Assigned To', dialog) as HTMLSelectElement).value).toBe(former.assignedTo);
    await user.clear(field('Title', dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expectFieldError(field('Title', dialog), 'Title is required');
    expect(document.activeElement).toBe(field('Title', dialog));
    expect(fake.callsTo('PATCH /api/compliance/:id')).toEqual([]);

    await user.type(field('Title', dialog), 'Annual KYC refresh');
    await user.selectOptions(field('Recurrence', dialog), 'Annual');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(toastTexts).toContain('Failed to update compliance item');
    expectFieldError(field('Due Date', dialog), 'Due date is required');
    expect(document.activeElement).toBe(field('Due Date', dialog));
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(toastTexts).toContain('Compliance item updated');
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = {
      type: 'kyc_refresh',
      title: 'Annual KYC refresh',
      description: null,
      dueDate: KYC.dueDate,
      assignedTo: former.assignedTo,
      priority: 'medium',
      recurrence: 'annual',
    };
    expect(fake.callsTo('PATCH /api/compliance/:id').map((c) => [c.params.id, c.body])).toEqual([
      [KYC.id, sent],
      [KYC.id, sent],
    ]);
  });

  it('in Arabic: New Item refused with Arabic field messages', async () => {
    const { user } = await renderScreen(<CompliancePage />, { at: '/admin/compliance', api, language: 'ar' });
    await user.click(await screen.findByRole('button', { name: 'عنصر جديد' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء العنصر' }));
    expectFieldError(field('العنوان', dialog), 'العنوان مطلوب');
    expectFieldError(field('تاريخ الاستحقاق', dialog), 'تاريخ الاستحقاق مطلوب');
  });

  it('the calendar and the document library tabs show the month and the vault documents', async () => {
    const { user } = await renderScreen(<CompliancePage />, { at: '/admin/compliance', api });
    await user.click(await screen.findByRole('tab', { name: 'Calendar View' }));
    // Today's DFSA filing is in this month's grid and agenda.
    const month = await screen.findByRole('table', { name: /^Compliance due dates, / });
    expect(within(month).getAllByText(/DFSA quarterly prudential return/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('tab', { name: 'Document Library' }));
    const table = await screen.findByRole('table', { name: 'Compliance document library' });
    expect(within(table).getAllByText('Office Tower PPM').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 1 of 1 document')).toBeTruthy();
  });
});
