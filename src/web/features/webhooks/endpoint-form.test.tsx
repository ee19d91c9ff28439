import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '../../../shared/webhooks';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import WebhooksPage from './webhooks-page';

// The required URL and events and the server's refusal of a private address are checked in
// webhooks-page.test.tsx; here the focus, axe with the errors, Edit, the secret and Rotate.
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
const NEW_SECRET = 'whsec_Zx81nQ4fVt0pLk2mRa7cYb3e';

describe('Webhooks: the endpoint form, its secret and Rotate', () => {
  it('Add: focus on the address, the events group described by its error, axe; a created endpoint shows its secret once', async () => {
    const { user, api } = await renderScreen(<WebhooksPage />, {
      api: {
        'GET /api/webhooks': { endpoints: [] },
        'POST /api/webhooks': { endpoint: { ...ENDPOINT, url: 'https://books.example.com/in' }, secret: NEW_SECRET },
        'GET /api/webhooks/:id/deliveries': { deliveries: [] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await findDialog('Add a webhook endpoint');
    expect((within(dialog).getByRole('checkbox', { name: 'Enabled (deliveries are sent)' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const url = field('Address (URL)', dialog);
    expectFieldError(url, 'Enter a full address starting with https://');
    expect(document.activeElement).toBe(url);
    const events = within(dialog).getByRole('group', { name: 'Events' });
    const describedBy = events.getAttribute('aria-describedby') as string;
    expect(document.getElementById(describedBy)?.textContent).toBe('Choose at least one event');
    expect(describedBy.endsWith('-error')).toBe(true);
    for (const box of within(events).getAllByRole('checkbox')) expect(box.getAttribute('aria-invalid')).toBe('true');
    await expectNoA11yViolations('webhook form with errors', dialog);
    expect(api.callsTo('POST /api/webhooks')).toEqual([]);

    await user.type(url, '  https://books.example.com/in ');
    await user.type(field('Description', dialog), 'Accounting');
    await user.click(within(events).getByRole('checkbox', { name: /Receipt recorded/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enabled (deliveries are sent)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await expect.poll(toastTexts).toContain('Endpoint added');
    expect(api.callsTo('POST /api/webhooks').map((c) => c.body)).toEqual([
      // The shared schema trims the address.
      { url: 'https://books.example.com/in', description: 'Accounting', events: ['receipt.recorded'], enabled: false },
    ]);
    const secret = await findDialog("The endpoint's secret");
    expect((within(secret).getByLabelText('Secret') as HTMLInputElement).value).toBe(NEW_SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Edit: prefilled; leaving no event is refused; the changes are sent. Rotate: a refusal toasts, then the new secret', async () => {
    let rotateOk = false;
    const { user, api } = await renderScreen(<WebhooksPage />, {
      api: {
        'GET /api/webhooks': { endpoints: [ENDPOINT] },
        'PATCH /api/webhooks/:id': { endpoint: { ...ENDPOINT, events: ['kyc.decided'] } },
        'POST /api/webhooks/:id/rotate-secret': () =>
          rotateOk ? { endpoint: ENDPOINT, secret: NEW_SECRET } : failWith(503, 'The key store is unavailable'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit https://crm.example.com/hooks' }));
    const dialog = await findDialog('Edit webhook endpoint');
    expect((field('Address (URL)', dialog) as HTMLInputElement).value).toBe('https://crm.example.com/hooks');
    expect((field('Description', dialog) as HTMLInputElement).value).toBe('CRM');
    const ticked = () =>
      within(dialog)
        .getAllByRole('checkbox')
        .filter((b) => (b as HTMLInputElement).checked)
        .map((b) => (b as HTMLInputElement).value);
    // The two events and Enabled ('on').
    expect(ticked().sort()).toEqual(['investor.approved', 'kyc.decided', 'on']);
    await user.click(within(dialog).getByRole('checkbox', { name: /investor\.approved/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /kyc\.decided/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose at least one event', { selector: '.text-danger-700' })).toBeTruthy();
    expect(api.callsTo('PATCH /api/webhooks/:id')).toEqual([]);
    await user.click(within(dialog).getByRole('checkbox', { name: /kyc\.decided/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(toastTexts).toContain('Endpoint saved');
    expect(api.callsTo('PATCH /api/webhooks/:id').map((c) => [c.params.id, c.body])).toEqual([
      [ENDPOINT.id, { url: ENDPOINT.url, description: 'CRM', events: ['kyc.decided'], enabled: true }],
    ]);

    await user.click(screen.getByRole('button', { name: 'Rotate the secret of https://crm.example.com/hooks' }));
    const rotate = await findDialog('Rotate the secret?');
    expect(
      within(rotate).getByText(
        "A new secret replaces the current one at once: deliveries signed from now on fail the receiving system's check until it has the new secret.",
      ),
    ).toBeTruthy();
    await user.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    await expect.poll(toastTexts).toContain('The secret could not be rotated');
    rotateOk = true;
    await user.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    const secret = await findDialog("The endpoint's secret");
    expect((within(secret).getByLabelText('Secret') as HTMLInputElement).value).toBe(NEW_SECRET);
    expect(api.callsTo('POST /api/webhooks/:id/rotate-secret').map((c) => c.params.id)).toEqual([ENDPOINT.id, ENDPOINT.id]);
  });
});
