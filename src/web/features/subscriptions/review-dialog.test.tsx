import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../shared/subscriptions';
import type { FakeRoutes } from '../../testing/fake-api';
import { kycApproved, openInvestorDeal } from '../../testing/fixtures';
import { expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { SubscribeForm } from './subscribe-form';

const KYC_APPROVED = kycApproved(INVESTOR);
const OPEN = openInvestorDeal({
  terms: {
    hurdleRate: '8',
    catchUp: 'partial',
    catchUpRate: '50',
    carryRate: '20',
    managementFee: { rate: '2', basis: 'commitments', method: 'capital_call' },
  },
});
const CREATED = { id: '65000000-0000-4000-8000-000000000001' } as const;
const api: FakeRoutes = {
  'GET /api/kyc/me': { application: KYC_APPROVED },
  'GET /api/investor/deals': { deals: [OPEN] },
  'POST /api/investor/subscriptions': (req) => ({
    subscription: {
      id: CREATED.id,
      dealId: OPEN.id,
      dealTitle: OPEN.title,
      investorId: INVESTOR.id,
      investorName: INVESTOR.name,
      amount: (req.body as { amount: string }).amount,
    } as Subscription,
  }),
};
const ACKS = [
  /^I confirm that I am a Professional Client under the DFSA rules/,
  /^I have read the deal's documents in the Deal Vault/,
  /^I understand this subscription commits the amount above/,
];

async function openReview(language?: 'ar') {
  const screenApi = await renderScreen(<SubscribeForm />, { user: INVESTOR, at: `/investor/subscriptions?deal=${OPEN.id}`, api, language });
  const form = await screen.findByRole('form');
  await screen.findByRole('option', { name: new RegExp(OPEN.title) });
  return { ...screenApi, form };
}

describe('New Subscription: the review step', () => {
  it('shows the deal, amount and terms; every acknowledgement is required before Confirm; Back sends nothing', async () => {
    const { user, api: fake, form } = await openReview();
    await user.type(field('Amount (USD)', form), '1234.56');
    await user.click(screen.getByRole('button', { name: 'Submit Subscription' }));
    const dialog = await findDialog('Review your subscription');
    expect(within(dialog).getByText('Check the details and confirm. Nothing is submitted until you confirm.')).toBeTruthy();
    const facts = [...within(dialog).getByTestId('review-summary').querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Deal', 'Mombasa Oil Trading Facility'],
      ['Amount', '$1,234.56'],
      ['Type', 'Oil Trading'],
      ['Expected IRR', '22%'],
      ['Risk score', '6/10'],
      ['Remaining capacity', '$500,000'],
      ['Invested through', 'Meridian East Africa SPV I'],
      ['Management fee', '2% a year on commitments, charged through capital calls'],
      ['Preferred return', '8%'],
      ['Carried interest', '20%'],
      ['Catch-up', 'Partial (50% to the general partner)'],
    ]);

    // None ticked: the message, focus on the first box; then the second box left is the one focused.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Subscription' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('Tick each acknowledgement to confirm the subscription');
    expect(within(dialog).getByRole('group', { name: 'Acknowledgements' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: ACKS[0] }));
    await expectNoA11yViolations('subscription review with the acknowledgement error', dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: ACKS[0] }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Subscription' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Tick each acknowledgement to confirm the subscription');
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: ACKS[1] }));
    // The message goes as soon as every box is ticked.
    await user.click(within(dialog).getByRole('checkbox', { name: ACKS[1] }));
    await user.click(within(dialog).getByRole('checkbox', { name: ACKS[2] }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(fake.callsTo('POST /api/investor/subscriptions')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('POST /api/investor/subscriptions')).toEqual([]);

    // Reopened, the boxes start unticked; all ticked, Confirm sends the deal and amount.
    await user.click(screen.getByRole('button', { name: 'Submit Subscription' }));
    const again = await findDialog('Review your subscription');
    for (const name of ACKS) {
      const box = within(again).getByRole('checkbox', { name }) as HTMLInputElement;
      expect(box.checked).toBe(false);
      await user.click(box);
    }
    await user.click(within(again).getByRole('button', { name: 'Confirm Subscription' }));
    await expect.poll(toastTexts).toContain('Subscription submitted');
    expect(fake.callsTo('POST /api/investor/subscriptions').map((c) => c.body)).toEqual([{ dealId: OPEN.id, amount: '1234.56' }]);
  });

  it('in Arabic: the acknowledgements are required in Arabic', async () => {
    const { user, form } = await openReview('ar');
    await user.type(field('المبلغ (دولار أمريكي)', form), '1000');
    await user.click(screen.getByRole('button', { name: 'تقديم الاكتتاب' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الاكتتاب' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('حدّد كل إقرار لتأكيد الاكتتاب');
  });
});
