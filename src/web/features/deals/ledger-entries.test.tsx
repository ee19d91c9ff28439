import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../shared/format';
import type { LedgerEntry } from '../../../shared/ledger';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { LedgerEntries } from './ledger-entries';

const DEAL = '20000000-0000-4000-8000-000000000001';
const CONTRIBUTION: LedgerEntry = {
  id: '90000000-0000-4000-8000-000000000002',
  investorId: '00000000-0000-4000-8000-000000000030',
  investorName: 'Ahmed Al-Rashid',
  dealId: DEAL,
  dealTitle: 'Mombasa Oil Trading Facility',
  kind: 'contribution',
  reversedKind: null,
  amount: '30000.00',
  date: '2026-11-20',
  dueDate: null,
  recordDate: null,
  distributionType: null,
  callId: null,
  reversesId: null,
  reversedBy: null,
  memo: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};
const REVERSED: LedgerEntry = {
  ...CONTRIBUTION,
  id: '90000000-0000-4000-8000-000000000003',
  kind: 'distribution',
  distributionType: 'Capital Gain',
  amount: '500.00',
  date: '2026-11-21',
  reversedBy: '90000000-0000-4000-8000-000000000004',
};

describe('Ledger entries (deal detail)', () => {
  it('lists newest first; Reverse asks a required reason (focus, nothing sent), then a confirmation, then sends it', async () => {
    let tries = 0;
    const { user, api } = await renderScreen(<LedgerEntries dealId={DEAL} entries={[CONTRIBUTION, REVERSED]} />, {
      api: {
        'POST /api/ledger/:id/reverse': () =>
          ++tries === 1
            ? failWith(409, 'This entry is already reversed')
            : { entry: { ...CONTRIBUTION, id: '90000000-0000-4000-8000-000000000005', kind: 'reversal', reversedKind: 'contribution' } },
      },
    });
    const rows = within(screen.getByRole('table', { name: 'Ledger entries' })).getAllByTestId('ledger-entry');
    expect(rows[0]?.textContent).toBe(`${formatDate('2026-11-21')}Ahmed Al-RashidDistribution (Capital Gain)$500.00Reversed`);
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(
      within(rows[1] as HTMLElement).getByRole('button', {
        name: `Reverse Contribution of $30,000.00 for Ahmed Al-Rashid on ${formatDate('2026-11-20')}`,
      }),
    );
    let dialog = await findDialog('Reverse Ledger Entry');
    expect(within(dialog).getByText(`Contribution of $30,000.00 for Ahmed Al-Rashid on ${formatDate('2026-11-20')}.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expectFieldError(field('Reason', dialog), 'A reason is required');
    expect(document.activeElement).toBe(field('Reason', dialog));
    await expectNoA11yViolations('reverse dialog with error', dialog);
    // Spaces alone are no reason.
    await user.type(field('Reason', dialog), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expectFieldError(field('Reason', dialog), 'A reason is required');

    await user.type(field('Reason', dialog), 'Receipt booked against the wrong investor');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await findDialog('Confirm Reversal');
    expect(dialog.textContent).toContain('Reason: Receipt booked against the wrong investor');
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(api.callsTo('POST /api/ledger/:id/reverse')).toEqual([]);

    // The server's refusal shows in the dialog; a second try goes through.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reversal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This entry is already reversed');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reversal' }));
    await expect.poll(toastTexts).toContain('Ledger entry reversed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/ledger/:id/reverse').map((c) => [c.params.id, c.body])).toEqual([
      [CONTRIBUTION.id, { reason: '   Receipt booked against the wrong investor' }],
      [CONTRIBUTION.id, { reason: '   Receipt booked against the wrong investor' }],
    ]);
  });
});
