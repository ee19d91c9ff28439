import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '../../../shared/webhooks';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, findDialog } from '../../testing/queries';
import { ADMIN, renderScreen } from '../../testing/render';
import WebhooksPage from './webhooks-page';

const ENDPOINT: WebhookEndpoint = {
  id: '90000000-0000-4000-8000-000000000001',
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  events: ['investor.approved', 'kyc.decided'],
  enabled: true,
  secretHint: 'whsec_AbCd',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  secretRotatedAt: null,
};
const DELIVERY: WebhookDelivery = {
  id: '90000000-0000-4000-8000-000000000002',
  eventId: '90000000-0000-4000-8000-000000000003',
  event: 'investor.approved',
  status: 'failed',
  attempts: 2,
  createdAt: '2026-11-26T09:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  lastResponseCode: 500,
  lastError: 'The receiver answered 500',
  log: [
    { attempt: 2, at: '2026-11-26T09:00:31.000Z', responseCode: 500, durationMs: 41, error: 'The receiver answered 500' },
    { attempt: 1, at: '2026-11-26T09:00:00.000Z', responseCode: null, durationMs: 10_000, error: 'No answer within 10 seconds' },
  ],
};

describe('Webhooks screen', () => {
  it('lists endpoints; the form checks its fields and shows the server refusal of a private address on the field', async () => {
    const { user, api } = await renderScreen(<WebhooksPage />, {
      api: {
        'GET /api/webhooks': { endpoints: [ENDPOINT] },
        'POST /api/webhooks': failWith(400, WEBHOOK_MESSAGES.urlBlocked, { fields: { url: WEBHOOK_MESSAGES.urlBlocked } }),
        'GET /api/webhooks/:id/deliveries': { deliveries: [DELIVERY] },
      },
    });
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('https://crm.example.com/hooks');
    expect(row.textContent).toContain('Investor approved; KYC decided');
    expect(row.textContent).toContain('Enabled');
    expect(row.textContent).toContain('whsec_AbCd…');
    await expectNoA11yViolations('webhooks');

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await findDialog('Add a webhook endpoint');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText('Choose at least one event', { selector: '.text-danger-700' })).toBeTruthy();
    expectFieldError(field('Address (URL)', dialog), 'Enter a full address starting with https://');
    expect(api.callsTo('POST /api/webhooks')).toEqual([]);
    await user.type(field('Address (URL)', dialog), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Receipt recorded/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await expect
      .poll(() => api.callsTo('POST /api/webhooks').map((c) => c.body))
      .toEqual([{ url: 'https://10.0.0.5/hook', description: '', events: ['receipt.recorded'], enabled: true }]);
    expectFieldError(field('Address (URL)', dialog), WEBHOOK_MESSAGES.urlBlocked);
  });

  it('shows the delivery log with each attempt and redelivers a failed delivery', async () => {
    const { user, api } = await renderScreen(<WebhooksPage />, {
      api: {
        'GET /api/webhooks': { endpoints: [ENDPOINT] },
        'GET /api/webhooks/:id/deliveries': { deliveries: [DELIVERY] },
        'POST /api/webhooks/deliveries/:id/redeliver': { delivery: { ...DELIVERY, status: 'queued', attempts: 0 } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deliveries to https://crm.example.com/hooks' }));
    const log = await screen.findByRole('region', { name: 'Deliveries to https://crm.example.com/hooks' });
    const row = (await within(log).findAllByTestId('webhook-delivery'))[0] as HTMLElement;
    expect(row.textContent).toContain('Investor approved');
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('500');
    expect(row.textContent).toContain('41 ms');
    expect(row.textContent).toContain('Attempt 1 at');
    expect(row.textContent).toContain('No answer within 10 seconds');
    await expectNoA11yViolations('webhook deliveries');
    await user.click(within(row).getByRole('button', { name: /^Redeliver the Investor approved event/ }));
    await expect
      .poll(() => api.callsTo('POST /api/webhooks/deliveries/:id/redeliver').map((c) => c.path))
      .toEqual([`/api/webhooks/deliveries/${DELIVERY.id}/redeliver`]);
  });

  it('tells another admin type that only founders manage webhooks, without loading them', async () => {
    const { api } = await renderScreen(<WebhooksPage />, { user: { ...ADMIN, userType: 'cio' }, api: {} });
    expect(await screen.findByText('Only a founder can manage webhooks.')).toBeTruthy();
    expect(api.callsTo('GET /api/webhooks')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });
});
