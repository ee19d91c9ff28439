import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComplianceItem, ComplianceOverview } from '../../../shared/compliance';
import { addDays, todayIso } from '../../../shared/dates';
import { failWith } from '../../testing/fake-api';
import { complianceItem } from '../../testing/fixtures';
import { expectNoA11yViolations, findDialog, toastTexts } from '../../testing/queries';
import { currentLocation, renderScreen } from '../../testing/render';
import CompliancePage from './compliance-center-page';

// '3 Jul 2026', written out here apart from the product's Intl formatting.
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = (iso: string) => `${Number(iso.slice(8, 10))} ${SHORT[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
/** The same day three months on (the quarterly occurrence), for days up to the 28th. */
const plus3Months = (iso: string) => {
  const m = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + 3;
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-${iso.slice(8, 10)}`;
};
/** The toasts' descriptions (titles: `toastTexts`). */
const toastDescriptions = () => [...document.querySelectorAll('[data-sonner-toast] [data-description]')].map((d) => d.textContent?.trim());

const today = todayIso();
const item = (over: Partial<ComplianceItem>) =>
  complianceItem(addDays(today, 1), {
    description: 'Capital resources and liquidity',
    assignedTo: '00000000-0000-4000-8000-000000000003',
    assignedToName: 'Layla Legal',
    priority: 'critical',
    lastUpdated: '2026-11-02T09:00:00.000Z',
    ...over,
  });
const DFSA = item({});
// A quarterly item due on a day of the month every month has (up to the 28th), so its next
// occurrence is the same day three months on: yesterday, or four days ago when yesterday was after the 28th.
const OVERDUE_DAYS = Number(addDays(today, -1).slice(8, 10)) > 28 ? 4 : 1;
const VAT_DUE = addDays(today, -OVERDUE_DAYS);
const VAT = item({
  id: '30000000-0000-4000-8000-000000000002',
  type: 'uae_tax',
  title: 'Quarterly VAT return',
  description: null,
  dueDate: VAT_DUE,
  workflowState: 'in_progress',
  status: 'overdue',
  assignedTo: null,
  assignedToName: null,
  priority: 'medium',
  recurrence: 'quarterly',
});
const DONE = item({
  id: '30000000-0000-4000-8000-000000000003',
  type: 'kyc_refresh',
  title: 'Annual KYC refresh',
  description: null,
  dueDate: addDays(today, -3),
  workflowState: 'completed',
  status: 'completed',
  priority: 'low',
});
const SPV_DUE = addDays(today, 5);
const OVERVIEW: ComplianceOverview = {
  score: 33,
  counts: { overdue: 1, due_soon: 1, in_progress: 0, completed: 1 },
  items: [DFSA, VAT, DONE],
  external: [
    {
      id: 'spv-1',
      source: 'spv',
      sourceId: '10000000-0000-4000-8000-000000000001',
      title: 'Annual return: Meridian East Africa SPV I',
      name: 'Meridian East Africa SPV I',
      dueDate: SPV_DUE,
      status: 'due_soon',
    },
    {
      id: 'doc-1',
      source: 'document',
      sourceId: '40000000-0000-4000-8000-000000000001',
      title: 'Document expiry: Office Tower PPM',
      name: 'Office Tower PPM',
      dueDate: addDays(today, 12),
      status: 'due_soon',
    },
  ],
};
const rowOf = (title: string) => screen.getAllByTestId('compliance-row').find((r) => r.textContent?.includes(title)) as HTMLElement;
const cells = (title: string) =>
  within(rowOf(title))
    .getAllByRole('cell')
    .map((c) => c.textContent);
const buttons = (title: string) =>
  within(rowOf(title))
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim());

describe('Compliance Tracker rows', () => {
  it('each row: type, due day and how far, status, priority, assignee, actions by state; the sort headers', async () => {
    const { user } = await renderScreen(<CompliancePage />, { at: '/admin/compliance', api: { 'GET /api/compliance': OVERVIEW } });
    await screen.findByRole('table', { name: 'Compliance items' });
    // Sorted by due date, earliest first.
    expect(screen.getAllByTestId('compliance-row').map((r) => r.dataset.source)).toEqual(['item', 'item', 'item', 'spv', 'document']);
    expect(cells('DFSA quarterly prudential return')).toEqual([
      'DFSA quarterly prudential returnCapital resources and liquidity',
      'DFSA Filing',
      `${day(addDays(today, 1))}Due tomorrow`,
      'Due Soon',
      'Critical',
      'Layla Legal',
      '2 Nov 2026',
      'Start DFSA quarterly prudential returnComplete DFSA quarterly prudential returnEdit DFSA quarterly prudential return',
    ]);
    expect(buttons('DFSA quarterly prudential return')).toEqual([
      'Start DFSA quarterly prudential return',
      'Complete DFSA quarterly prudential return',
      'Edit DFSA quarterly prudential return',
    ]);
    expect(cells('Quarterly VAT return').slice(1, 6)).toEqual([
      'UAE Tax',
      `${day(VAT_DUE)}${OVERDUE_DAYS === 1 ? '1 day overdue' : '4 days overdue'}`,
      'Overdue',
      'Medium',
      'Unassigned',
    ]);
    // In progress: no Start.
    expect(buttons('Quarterly VAT return')).toEqual(['Complete Quarterly VAT return', 'Edit Quarterly VAT return']);
    // Completed: no "how far", only Edit.
    expect(cells('Annual KYC refresh').slice(2, 4)).toEqual([day(addDays(today, -3)), 'Completed']);
    expect(buttons('Annual KYC refresh')).toEqual(['Edit Annual KYC refresh']);
    expect(cells('Meridian East Africa SPV I')).toEqual([
      'SPVAnnual return: Meridian East Africa SPV IFrom the SPV tracker · not counted in the score',
      'Annual Return',
      `${day(SPV_DUE)}In 5 days`,
      'Due Soon',
      '—None',
      '—None',
      '—None',
      'Mark as filed Annual return: Meridian East Africa SPV I',
    ]);
    const doc = rowOf('Office Tower PPM');
    expect(cells('Office Tower PPM').slice(0, 3)).toEqual([
      'DocumentDocument expiry: Office Tower PPMFrom the Document Vault · not counted in the score',
      'Document Expiry',
      `${day(addDays(today, 12))}In 12 days`,
    ]);
    expect(within(doc).getByRole('link', { name: 'Open in Vault Document expiry: Office Tower PPM' }).getAttribute('href')).toBe(
      '/admin/documents',
    );
    await expectNoA11yViolations('compliance tracker rows', screen.getByRole('table', { name: 'Compliance items' }));

    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Due Date').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Priority').getAttribute('aria-sort')).toBe('none');
    await user.click(within(header('Priority')).getByRole('button'));
    expect(header('Priority').getAttribute('aria-sort')).toBe('descending');
    expect(header('Due Date').getAttribute('aria-sort')).toBe('none');
    // Highest first: critical, medium, low, then the rows without a priority.
    expect(screen.getAllByTestId('compliance-row').map((r) => r.textContent?.slice(0, 12))).toEqual([
      'DFSA quarter',
      'Quarterly VA',
      'Annual KYC r',
      expect.stringMatching(/^SPV|^Document/),
      expect.stringMatching(/^SPV|^Document/),
    ]);
    await user.click(within(header('Priority')).getByRole('button'));
    expect(header('Priority').getAttribute('aria-sort')).toBe('ascending');
    // Kept in the URL (ascending is the default direction, left out).
    const query = new URLSearchParams(currentLocation().split('?')[1]);
    expect([query.get('sort'), query.get('dir')]).toEqual(['priority', null]);
  });

  it('Start, Complete (with the next occurrence of a recurring item) and Mark as filed send their requests; refusals toast', async () => {
    let startOk = false;
    const { user, api } = await renderScreen(<CompliancePage />, {
      at: '/admin/compliance',
      api: {
        'GET /api/compliance': OVERVIEW,
        'POST /api/compliance/:id/start': () =>
          startOk ? { item: { ...DFSA, workflowState: 'in_progress' } } : failWith(409, 'Already started'),
        'POST /api/compliance/:id/complete': {
          item: { ...VAT, workflowState: 'completed', status: 'completed' },
          next: { ...VAT, id: '30000000-0000-4000-8000-000000000009', dueDate: plus3Months(VAT_DUE) },
        },
        'POST /api/spvs/:id/file-return': { annualReturnDue: '2027-06-30' },
      },
    });
    await screen.findByRole('table', { name: 'Compliance items' });
    await user.click(screen.getByRole('button', { name: 'Start DFSA quarterly prudential return' }));
    await expect.poll(toastTexts).toContain('Failed to start compliance item');
    expect(toastDescriptions()).toContain('Already started');
    startOk = true;
    await user.click(screen.getByRole('button', { name: 'Start DFSA quarterly prudential return' }));
    await expect.poll(toastTexts).toContain('Compliance item started');
    expect(api.callsTo('POST /api/compliance/:id/start').map((c) => c.params.id)).toEqual([DFSA.id, DFSA.id]);

    // Complete: the question names the item and its due day; a quarterly item says when the next is due.
    await user.click(screen.getByRole('button', { name: 'Complete Quarterly VAT return' }));
    let dialog = await findDialog('Complete compliance item');
    expect(within(dialog).getByText(`Mark 'Quarterly VAT return' (due ${day(VAT_DUE)}) as completed? This cannot be undone.`)).toBeTruthy();
    expect(within(dialog).getByText(/^Quarterly item:/).textContent).toBe(
      `Quarterly item: the next occurrence will be created, due ${day(plus3Months(VAT_DUE))}.`,
    );
    await expectNoA11yViolations('complete dialog', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/compliance/:id/complete')).toEqual([]);
    // Focus returns to the button that opened it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Complete Quarterly VAT return' }));
    await user.click(screen.getByRole('button', { name: 'Complete Quarterly VAT return' }));
    dialog = await findDialog('Complete compliance item');
    await user.click(within(dialog).getByRole('button', { name: 'Complete item' }));
    await expect.poll(toastTexts).toContain('Compliance item completed');
    expect(toastDescriptions()).toContain(`Next occurrence created for ${day(plus3Months(VAT_DUE))}`);
    expect(api.callsTo('POST /api/compliance/:id/complete').map((c) => c.params.id)).toEqual([VAT.id]);
    expect(screen.queryByRole('dialog')).toBeNull();

    // A one-off item has no note on the next occurrence.
    await user.click(screen.getByRole('button', { name: 'Complete DFSA quarterly prudential return' }));
    dialog = await findDialog('Complete compliance item');
    expect(within(dialog).queryByText(/next occurrence/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Mark as filed: the SPV's return, due this year, the next a year on.
    await user.click(screen.getByRole('button', { name: 'Mark as filed Annual return: Meridian East Africa SPV I' }));
    dialog = await findDialog('Mark annual return as filed');
    const nextYear = `${Number(SPV_DUE.slice(0, 4)) + 1}${SPV_DUE.slice(4)}`;
    expect(within(dialog).getByText(/^Record that/).textContent).toBe(
      `Record that the annual return of Meridian East Africa SPV I (due ${day(SPV_DUE)}) has been filed? Its next return will be due ${day(nextYear)}.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark as filed' }));
    await expect.poll(toastTexts).toContain('Annual return marked as filed');
    expect(toastDescriptions()).toContain('Next annual return due 30 Jun 2027');
    expect(api.callsTo('POST /api/spvs/:id/file-return').map((c) => c.params.id)).toEqual(['10000000-0000-4000-8000-000000000001']);
  });

  it('a refused completion closes the dialog and toasts the reason', async () => {
    const { user } = await renderScreen(<CompliancePage />, {
      at: '/admin/compliance',
      api: { 'GET /api/compliance': OVERVIEW, 'POST /api/compliance/:id/complete': failWith(409, 'Item already completed') },
    });
    await screen.findByRole('table', { name: 'Compliance items' });
    await user.click(screen.getByRole('button', { name: 'Complete DFSA quarterly prudential return' }));
    const dialog = await findDialog('Complete compliance item');
    await user.click(within(dialog).getByRole('button', { name: 'Complete item' }));
    await expect.poll(toastTexts).toContain('Failed to complete compliance item');
    expect(toastDescriptions()).toContain('Item already completed');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('in Arabic: Start and Complete', async () => {
    await renderScreen(<CompliancePage />, { at: '/admin/compliance', language: 'ar', api: { 'GET /api/compliance': OVERVIEW } });
    expect(await screen.findByRole('button', { name: 'بدء DFSA quarterly prudential return' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إكمال DFSA quarterly prudential return' })).toBeTruthy();
  });
});
