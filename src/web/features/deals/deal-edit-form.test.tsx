import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failWith } from '../../testing/fake-api';
import { DEAL_OIL, SPV_MAURITIUS, spvList } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { DealEditForm } from './deal-edit-form';

const edit = (patch: ReturnType<typeof failWith> | { deal: typeof DEAL_OIL } = { deal: DEAL_OIL }) => {
  const done: string[] = [];
  const rendered = renderScreen(<DealEditForm deal={DEAL_OIL} onDone={() => done.push('done')} />, {
    at: `/admin/deals/${DEAL_OIL.id}`,
    api: { 'GET /api/spvs': spvList(SPV_MAURITIUS), 'PATCH /api/deals/:id': patch },
  });
  return { done, rendered };
};

describe('Edit deal', () => {
  it('is filled from the deal; an emptied title and a bad target are refused on their fields; only what changed is sent', async () => {
    const { done, rendered } = edit();
    const { user, api } = await rendered;
    expect((await screen.findByLabelText(/^Title/)) as HTMLInputElement).toHaveProperty('value', 'Mombasa Oil Trading Facility');
    // '1250000.00' is edited as '1250000'.
    expect((field('Target Amount (USD)') as HTMLInputElement).value).toBe('1250000');
    expect((field('Status') as HTMLSelectElement).value).toBe('Active');
    expect((field('Stage') as HTMLSelectElement).value).toBe('Execution');
    expect(screen.getByText('The sum of completed subscriptions, kept by the server.')).toBeTruthy();

    await user.clear(field('Title'));
    await user.clear(field('Target Amount (USD)'));
    await user.type(field('Target Amount (USD)'), '1250000.555');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expectFieldError(field('Title'), 'Title is required');
    expectFieldError(field('Target Amount (USD)'), 'Target amount must be a non-negative amount with at most 2 decimals');
    expect(document.activeElement).toBe(field('Title'));
    await expectNoA11yViolations(
      'edit deal with errors',
      screen.getByRole('button', { name: 'Save Changes' }).closest('form') ?? undefined,
    );
    expect(api.callsTo('PATCH /api/deals/:id')).toEqual([]);

    await user.type(field('Title'), 'Mombasa Oil Terminal');
    await user.clear(field('Target Amount (USD)'));
    await user.type(field('Target Amount (USD)'), '1250000');
    await user.selectOptions(field('Stage'), 'Exit');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(toastTexts).toContain('Deal updated successfully');
    // The target is back as it was: not sent.
    expect(api.callsTo('PATCH /api/deals/:id').map((c) => [c.params.id, c.body])).toEqual([
      [DEAL_OIL.id, { title: 'Mombasa Oil Terminal', stage: 'Exit' }],
    ]);
    expect(done).toEqual(['done']);
  });

  it('nothing changed: says so and sends nothing; the server’s refusal of a field shows on it', async () => {
    const { done, rendered } = edit(
      failWith(409, 'A deal with this title already exists', { fields: { title: 'A deal with this title already exists' } }),
    );
    const { user, api } = await rendered;
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await expect.poll(toastTexts).toContain('No changes to save');
    expect(done).toEqual(['done']);
    expect(api.callsTo('PATCH /api/deals/:id')).toEqual([]);

    await user.clear(field('Title'));
    await user.type(field('Title'), 'Lamu Port Expansion');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(toastTexts).toContain('Failed to update deal');
    expectFieldError(field('Title'), 'A deal with this title already exists');
    expect(done).toEqual(['done']);
  });

  it('a session that ended keeps the changes and says so', async () => {
    const { done, rendered } = edit(failWith(401, 'Authentication required'));
    const { user } = await rendered;
    await user.selectOptions(await screen.findByLabelText('Status'), 'Closed');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your session has ended.')).toBeTruthy();
    expect((field('Status') as HTMLSelectElement).value).toBe('Closed');
    expect(done).toEqual([]);
  });
});
