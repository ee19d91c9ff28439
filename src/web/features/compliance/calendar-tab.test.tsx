import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComplianceItem, ComplianceOverview } from '../../../shared/compliance';
import { addDays, todayIso } from '../../../shared/dates';
import { failWith } from '../../testing/fake-api';
import { ADMIN_USERS, complianceItem } from '../../testing/fixtures';
import { expectNoA11yViolations, findDialog } from '../../testing/queries';
import { currentLocation, renderScreen } from '../../testing/render';
import CompliancePage from './compliance-center-page';

// Month names and the long day written out here, apart from the product's Intl formatting.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthTitle = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const longDay = (iso: string) =>
  `${WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]}, ${Number(iso.slice(8))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
/** The first day of the month `n` months from the given day's month. */
const monthOf = (iso: string, n: number) => {
  const m = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + n;
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
};

const today = todayIso();
const first = monthOf(today, 0);
const nextFirst = monthOf(today, 1);
const item = (over: Partial<ComplianceItem>) => complianceItem(first, over);
const DFSA = item({});
const VAT = item({ id: '30000000-0000-4000-8000-000000000002', type: 'uae_tax', title: 'VAT return', dueDate: addDays(first, 14) });
const KYC = item({
  id: '30000000-0000-4000-8000-000000000003',
  type: 'kyc_refresh',
  title: 'Annual KYC refresh',
  dueDate: addDays(first, 14),
  status: 'completed',
  workflowState: 'completed',
});
const OVERVIEW: ComplianceOverview = {
  score: 33,
  counts: { overdue: 0, due_soon: 2, in_progress: 0, completed: 1 },
  items: [DFSA, VAT, KYC],
  external: [
    {
      id: 'spv-1',
      source: 'spv',
      sourceId: '10000000-0000-4000-8000-000000000001',
      title: 'Annual return: Meridian East Africa SPV I',
      name: 'Meridian East Africa SPV I',
      dueDate: addDays(first, 19),
      status: 'due_soon',
    },
    {
      id: 'doc-1',
      source: 'document',
      sourceId: '40000000-0000-4000-8000-000000000001',
      title: 'Document expiry: Office Tower PPM',
      name: 'Office Tower PPM',
      dueDate: addDays(nextFirst, 4),
      status: 'due_soon',
    },
  ],
};
const calendar = (title: string) => screen.getByRole('table', { name: `Compliance due dates, ${title}` });
const dayCell = (iso: string) => document.querySelector(`td[data-date="${iso}"]`) as HTMLElement;

describe('Compliance Center: Calendar View', () => {
  it("this month's due items by day, today marked; chips open the item, the SPV tracker or the document; months step", async () => {
    let answer!: (o: ComplianceOverview) => void;
    const loaded = new Promise<ComplianceOverview>((resolve) => {
      answer = resolve;
    });
    const { user } = await renderScreen(<CompliancePage />, {
      at: '/admin/compliance?tab=calendar',
      api: { 'GET /api/compliance': () => loaded, 'GET /api/users': { users: ADMIN_USERS } },
    });
    expect(await screen.findByText('Loading due dates...')).toBeTruthy();
    expect(calendar(monthTitle(today)).getAttribute('aria-busy')).toBe('true');
    answer(OVERVIEW);
    // Four in this month (two on the 15th); the document's expiry is next month.
    expect(await screen.findByText('4 due dates this month')).toBeTruthy();
    expect(screen.getByRole('heading', { name: monthTitle(today) })).toBeTruthy();
    const grid = calendar(monthTitle(today));
    expect(grid.getAttribute('aria-busy')).toBeNull();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(dayCell(today).getAttribute('aria-current')).toBe('date');
    expect(within(dayCell(today)).getByText('Today')).toBeTruthy();

    const fifteenth = within(dayCell(addDays(first, 14))).getByRole('list', { name: `Due ${longDay(addDays(first, 14))}` });
    // By title, each with its status for a screen reader.
    expect(
      within(fifteenth)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Annual KYC refresh, Completed', 'VAT return, Due Soon']);
    const spv = within(dayCell(addDays(first, 19))).getByRole('link', { name: /Annual return: Meridian East Africa SPV I/ });
    expect(spv.textContent).toBe('SPVAnnual return: Meridian East Africa SPV I, Due Soon, from the SPV tracker');
    expect(spv.getAttribute('href')).toBe('/admin/spv-tracker');
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Overdue', 'Due Soon', 'In Progress', 'Completed', 'SPVDocDue dates from SPVs and vault documents (not scored)']);
    await expectNoA11yViolations('compliance calendar', screen.getByRole('region', { name: monthTitle(today) }));

    // An item's chip opens its Edit dialog.
    await user.click(within(dayCell(first)).getByRole('button', { name: /^DFSA quarterly prudential return/ }));
    const dialog = await findDialog('Edit Compliance Item');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Next month: only the document, opening in a new tab.
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: monthTitle(nextFirst) })).toBeTruthy();
    expect(screen.getByText('1 due date this month')).toBeTruthy();
    const doc = within(dayCell(addDays(nextFirst, 4))).getByRole('link');
    expect(doc.textContent).toBe('DocDocument expiry: Office Tower PPM, Due Soon, from the Document Vault (opens in a new tab)');
    expect(doc.getAttribute('href')).toBe('/api/documents/40000000-0000-4000-8000-000000000001/view');
    expect(doc.getAttribute('target')).toBe('_blank');
    expect(doc.getAttribute('title')).toBe('Document expiry: Office Tower PPM (Due Soon), opens in a new tab');

    // Two back: nothing due; Today returns to this month.
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: monthTitle(monthOf(today, -1)) })).toBeTruthy();
    expect(screen.getByText('0 due dates this month')).toBeTruthy();
    // The grid's whole weeks may show the next month's first days, with their items; none is in the month.
    const chipDays = within(calendar(monthTitle(monthOf(today, -1))))
      .queryAllByRole('button')
      .map((b) => b.closest('td')?.dataset.date);
    expect(chipDays.filter((d) => d?.startsWith(monthOf(today, -1).slice(0, 7)))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { name: monthTitle(today) })).toBeTruthy();

    await user.click(within(dayCell(addDays(first, 19))).getByRole('link'));
    expect(currentLocation()).toBe('/admin/spv-tracker');
  });

  it('a failed load shows the error with Try again in place of the month', async () => {
    let ok = false;
    const { user } = await renderScreen(<CompliancePage />, {
      at: '/admin/compliance?tab=calendar',
      api: { 'GET /api/compliance': () => (ok ? OVERVIEW : failWith(503, 'The database is busy')) },
    });
    const panel = await screen.findByRole('tabpanel');
    expect((await within(panel).findByRole('alert')).textContent).toBe('Failed to load compliance items');
    expect(within(panel).getByText('The database is busy')).toBeTruthy();
    expect(within(panel).queryByRole('table')).toBeNull();
    ok = true;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 due dates this month')).toBeTruthy();
  });

  it('in Arabic: the month buttons', async () => {
    await renderScreen(<CompliancePage />, {
      at: '/admin/compliance?tab=calendar',
      language: 'ar',
      api: { 'GET /api/compliance': OVERVIEW },
    });
    expect(await screen.findByRole('button', { name: 'الشهر السابق' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الشهر التالي' })).toBeTruthy();
  });
});
