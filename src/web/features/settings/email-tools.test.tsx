import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxPage } from '../../../shared/email';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import { EmailTools } from './email-tools';

const FAILED: OutboxEntry = {
  id: 7,
  kind: 'capital_call',
  to: 'investor@demo.example.com',
  subject: 'Capital call notice',
  status: 'failed',
  attempts: 5,
  nextAttemptAt: null,
  lastError: '421 Service not available',
  smtpResponse: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  sentAt: null,
};
const OUTBOX: OutboxPage = {
  entries: [FAILED],
  counts: { queued: 0, sending: 0, sent: 12, failed: 1 },
  server: { smtpUrlOverride: false, passwordFromEnv: true, linkBase: 'https://invest.example.com', publicUrlSet: true },
};
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('[class*="rounded"]') as HTMLElement;

describe('Settings, Email tab tools', () => {
  it('the test address must be an e-mail; the answer of the mail server is shown', async () => {
    const { user, api } = await renderScreen(<EmailTools unsavedChanges={false} />, {
      api: { 'GET /api/email/outbox': OUTBOX, 'POST /api/email/test': { ok: true, response: '250 2.0.0 Ok: queued as 4F2A' } },
    });
    const to = field('Send test e-mail to');
    await user.clear(to);
    await user.type(to, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expectFieldError(to, 'Enter a valid email address');
    expect(api.callsTo('POST /api/email/test')).toEqual([]);

    await user.clear(to);
    await user.type(to, 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText('Sent. The server answered:')).toBeTruthy();
    expect(screen.getByTestId('smtp-answer').textContent).toBe('250 2.0.0 Ok: queued as 4F2A');
    expect(api.callsTo('POST /api/email/test').map((c) => c.body)).toEqual([{ to: 'ops@example.com' }]);
  });

  it('with unsaved settings the test is disabled and says why', async () => {
    await renderScreen(<EmailTools unsavedChanges />, { api: { 'GET /api/email/outbox': OUTBOX } });
    const send = screen.getByRole('button', { name: 'Send test e-mail' });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Save your changes first: the test uses the saved settings.').id).toBe(send.getAttribute('aria-describedby'));
  });

  it('the outbox: counts, how the server sends, a failed e-mail with its error and Retry now', async () => {
    const { user, api } = await renderScreen(<EmailTools unsavedChanges={false} />, {
      api: { 'GET /api/email/outbox': OUTBOX, 'POST /api/email/outbox/:id/retry': { entry: { ...FAILED, status: 'queued' } } },
    });
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(screen.getByText(/0 queued, 12 sent, 1 failed\./)).toBeTruthy();
    expect(screen.getByText('SMTP password: from the environment.')).toBeTruthy();
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('investor@demo.example.com');
    expect(row.textContent).toContain('421 Service not available');
    await expectNoA11yViolations('outbox', card('Outbox') ?? document.body);

    await user.click(within(row).getByRole('button', { name: 'Retry now: Capital call notice to investor@demo.example.com' }));
    await expect.poll(() => api.callsTo('POST /api/email/outbox/:id/retry').map((c) => c.path)).toEqual(['/api/email/outbox/7/retry']);
    await expect.poll(toastTexts).toContain('The e-mail will be sent again now');
  });
});
