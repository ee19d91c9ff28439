import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import type { Valuation } from '../../../shared/performance';
import { expectFieldError, expectNoA11yViolations, expectNoFieldError, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { DealValuations } from './deal-valuations';

const DEAL = '20000000-0000-4000-8000-000000000001';
const VALUATION: Valuation = {
  id: '80000000-0000-4000-8000-000000000001',
  dealId: DEAL,
  valuationDate: '2026-09-30',
  currentValue: '1250000.00',
  expectedExit: '2028',
  performanceStatus: 'Watch',
  createdAt: '2026-10-01T08:00:00.000Z',
};

describe('Valuations (deal detail, admin)', () => {
  it('lists the valuations; the date and value are checked; a valuation is sent as typed', async () => {
    const { user, api } = await renderScreen(<DealValuations dealId={DEAL} valuations={[VALUATION]} />, {
      api: { 'POST /api/deals/:id/valuations': { valuations: [VALUATION] } },
    });
    const table = screen.getByRole('table', { name: 'Valuations' });
    expect(
      within(table)
        .getAllByRole('row')[1]
        ?.textContent?.replace(/[\u200e\u200f\u2066-\u2069]/g, ''),
    ).toBe(`${formatDate('2026-09-30')}$1,250,0002028Watch`);
    // Today in the company's zone, and On Track, by default.
    expect((field('Valuation date') as HTMLInputElement).value).toBe(todayIso());
    expect((field('Performance') as HTMLSelectElement).value).toBe('On Track');

    await user.clear(field('Valuation date'));
    await user.click(screen.getByRole('button', { name: 'Record Valuation' }));
    // An emptied date is '' (not missing): the shared schema's format message, as the server answers it.
    expectFieldError(field('Valuation date'), 'Enter a date as YYYY-MM-DD');
    expectFieldError(field('Current value (USD)'), 'Current value must be a non-negative amount with at most 2 decimals');
    expect(document.activeElement).toBe(field('Valuation date'));
    await expectNoA11yViolations(
      'valuation form with errors',
      screen.getByRole('button', { name: 'Record Valuation' }).closest('form') ?? undefined,
    );

    await user.type(field('Valuation date'), '2026-11-01');
    await user.type(field('Current value (USD)'), '1250000,5');
    await user.click(screen.getByRole('button', { name: 'Record Valuation' }));
    expectNoFieldError(field('Valuation date'));
    expectFieldError(
      field('Current value (USD)'),
      'Current value: use a comma only between groups of three digits (1,500.50); use a point for cents',
    );
    expect(document.activeElement).toBe(field('Current value (USD)'));
    await user.clear(field('Current value (USD)'));
    await user.type(field('Current value (USD)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Record Valuation' }));
    expectFieldError(field('Current value (USD)'), 'Current value must be a non-negative amount with at most 2 decimals');
    expect(api.callsTo('POST /api/deals/:id/valuations')).toEqual([]);

    await user.clear(field('Current value (USD)'));
    await user.type(field('Current value (USD)'), '1,300,000.50');
    await user.type(field('Expected exit'), '2029');
    await user.selectOptions(field('Performance'), 'Performing');
    await user.click(screen.getByRole('button', { name: 'Record Valuation' }));
    await expect.poll(toastTexts).toContain('Valuation recorded');
    // The form's values as typed (the server parses the amount with the same rule).
    expect(api.callsTo('POST /api/deals/:id/valuations').map((c) => [c.params.id, c.body])).toEqual([
      [DEAL, { valuationDate: '2026-11-01', currentValue: '1,300,000.50', expectedExit: '2029', performanceStatus: 'Performing' }],
    ]);
    // Cleared for the next one.
    expect((field('Current value (USD)') as HTMLInputElement).value).toBe('');
  });

  it('says when none is recorded', async () => {
    await renderScreen(<DealValuations dealId={DEAL} valuations={[]} />);
    expect(screen.getByText('No valuations recorded yet')).toBeTruthy();
  });
});
