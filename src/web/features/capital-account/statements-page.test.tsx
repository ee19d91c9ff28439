import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastQuarter } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import StatementsPage from './statements-page';

describe('Statements (investor)', () => {
  it('the last quarter by default; an end before the start is refused on its field; the server’s refusal is a toast; issued statements listed', async () => {
    const { user, api } = await renderScreen(<StatementsPage />, {
      user: INVESTOR,
      at: '/investor/statements',
      api: {
        'GET /api/investor/statements': {
          statements: [{ id: 'stmt-2026-q3', from: '2026-07-01', to: '2026-09-30', generatedAt: '2026-10-05' }],
        },
        'GET /api/investor/statement': failWith(400, 'The end date cannot be after today'),
      },
    });
    const [from, to] = lastQuarter();
    expect((field('From') as HTMLInputElement).value).toBe(from);
    expect((field('To') as HTMLInputElement).value).toBe(to);

    await user.clear(field('To'));
    await user.type(field('To'), '2026-06-30');
    await user.clear(field('From'));
    await user.type(field('From'), '2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Download Statement (PDF)' }));
    expectFieldError(field('To'), 'The end date cannot be before the start date');
    expect(document.activeElement).toBe(field('To'));
    await expectNoA11yViolations(
      'statement period with an error',
      screen.getByRole('button', { name: 'Download Statement (PDF)' }).closest('form') ?? undefined,
    );
    expect(api.callsTo('GET /api/investor/statement')).toEqual([]);

    await user.clear(field('To'));
    await user.type(field('To'), '2026-09-30');
    await user.click(screen.getByRole('button', { name: 'Download Statement (PDF)' }));
    await expect.poll(toastTexts).toContain('The end date cannot be after today');
    expect(api.callsTo('GET /api/investor/statement').map((c) => Object.fromEntries(c.query))).toEqual([
      { from: '2026-07-01', to: '2026-09-30' },
    ]);

    const issued = await screen.findByRole('list', { name: 'Issued statements' });
    const item = within(issued).getByTestId('issued-statement');
    expect(item.textContent).toContain(`${formatDate('2026-07-01')} to ${formatDate('2026-09-30')}`);
    expect(item.textContent).toContain(`Issued ${formatDate('2026-10-05')}`);
    expect(
      within(item).getByRole('button', { name: `Download statement ${formatDate('2026-07-01')} to ${formatDate('2026-09-30')}` }),
    ).toBeTruthy();
  });

  it('says when none is issued', async () => {
    await renderScreen(<StatementsPage />, { user: INVESTOR, api: { 'GET /api/investor/statements': { statements: [] } } });
    expect(await screen.findByText('No statements have been issued to you yet.')).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    await renderScreen(<StatementsPage />, {
      user: INVESTOR,
      api: { 'GET /api/investor/statements': failWith(500, 'Database unavailable') },
    });
    expect(await screen.findByText('Failed to load your statements')).toBeTruthy();
  });
});
