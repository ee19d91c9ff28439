import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxPage } from '../../../shared/email';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import { DEFAULT_SIGNING_SETTINGS } from '../../../shared/signing';
import { failWith } from '../../testing/fake-api';
import { description, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { ADMIN, renderScreen } from '../../testing/render';
import SettingsPage from './settings-page';

/** What the server holds: the defaults with a mail server configured. */
const STORED: Settings = { ...DEFAULT_SETTINGS, smtpHost: 'smtp.example.com', smtpPort: 587, emailFromAddress: 'ops@example.com' };
const OUTBOX: OutboxPage = {
  entries: [],
  counts: { queued: 0, sending: 0, sent: 0, failed: 0 },
  server: { smtpUrlOverride: false, passwordFromEnv: false, linkBase: 'https://invest.example.com', publicUrlSet: true },
};
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

describe('Settings: validation across tabs (moved from e2e/settings.spec.ts)', () => {
  it('an invalid SMTP port and From address: the Email tab opens with the errors, focus on the port, nothing sent; the server’s field errors show too; Discard restores', async () => {
    const { user, api } = await renderScreen(<SettingsPage />, {
      at: '/admin/settings',
      api: {
        'GET /api/settings': { settings: STORED },
        'GET /api/email/outbox': OUTBOX,
        // The server refuses a field the form cannot check (reachability): its field message shows.
        'PUT /api/settings': failWith(400, 'SMTP host is not reachable', { fields: { smtpHost: 'SMTP host is not reachable' } }),
      },
    });
    await screen.findByLabelText('Company name');

    await user.click(tab('Email'));
    const port = field('SMTP port');
    await user.clear(port);
    await user.type(port, '70000');
    await user.clear(field('From address'));
    await user.type(field('From address'), 'not-an-address');
    await user.click(tab('General'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // The form switches to the first tab with an error and focuses the field.
    await expect.poll(() => tab('Email').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /^Email\s*\(2 errors\)$/ })).toBe(tab('Email'));
    await expect.poll(() => document.activeElement).toBe(field('SMTP port'));
    expect(field('SMTP port').getAttribute('aria-invalid')).toBe('true');
    expect(description(field('SMTP port'))).toMatch(/Port must be 1-65535/);
    expect(screen.getByText('Port must be 1-65535')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Nothing was saved'));
    expect(alert?.textContent).toContain('Email tab');
    await expectNoA11yViolations('settings with errors');
    expect(toastTexts()).not.toContain('Settings saved successfully');
    expect(api.callsTo('PUT /api/settings')).toEqual([]);

    // Correcting a field clears its error.
    await user.clear(field('SMTP port'));
    await user.type(field('SMTP port'), '2525');
    await expect.poll(() => screen.queryByText('Port must be 1-65535')).toBeNull();

    // The server's field errors show too, with the spec's failure toast, on the field's tab.
    await user.clear(field('From address'));
    await user.click(tab('System'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(toastTexts).toContain('Failed to save settings');
    expect(api.callsTo('PUT /api/settings')).toHaveLength(1);
    await expect.poll(() => tab('Email').getAttribute('aria-selected')).toBe('true');
    expect(description(field('SMTP host'))).toMatch(/SMTP host is not reachable/);

    // Discarding goes back to the server's values.
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await expect.poll(() => (field('SMTP port') as HTMLInputElement).value).toBe(String(STORED.smtpPort));
    expect(within(screen.getByRole('tabpanel')).getByLabelText(/^From address/)).toBeTruthy();
  });

  it('a cio sees the Security tab and the e-mail server read-only, with no example value that reads as a set one (issue 27)', async () => {
    // An empty allow-list and an unset mail server: "Not set", never the examples 203.0.113.10 or smtp.example.com.
    const stored: Settings = { ...DEFAULT_SETTINGS, ipWhitelist: '', smtpHost: '', emailFromAddress: '' };
    const { user } = await renderScreen(<SettingsPage />, {
      at: '/admin/settings',
      user: { ...ADMIN, userType: 'cio' },
      api: {
        'GET /api/settings': { settings: stored },
        'GET /api/email/outbox': OUTBOX,
        'GET /api/signing/settings': { settings: DEFAULT_SIGNING_SETTINGS },
      },
    });
    await screen.findByLabelText('Company name');
    await user.click(tab('Security'));
    expect(screen.getByText(/Only a founder can change the Security settings/)).toBeTruthy();
    const list = field('IP whitelist') as HTMLTextAreaElement;
    expect(list.disabled || list.closest('fieldset')?.disabled).toBe(true);
    expect(list.value).toBe('');
    expect(list.placeholder).toBe('Not set');
    await user.click(tab('Email'));
    expect((field('SMTP host') as HTMLInputElement).placeholder).toBe('Not set');
    expect((field('From address') as HTMLInputElement).placeholder).toBe('Not set');
    await expectNoA11yViolations('read-only security settings');
  });

  it('a founder still sees the examples as placeholders in the same fields', async () => {
    const { user } = await renderScreen(<SettingsPage />, {
      at: '/admin/settings',
      api: {
        'GET /api/settings': { settings: { ...DEFAULT_SETTINGS, ipWhitelist: '' } },
        'GET /api/email/outbox': OUTBOX,
        'GET /api/signing/settings': { settings: DEFAULT_SIGNING_SETTINGS },
      },
    });
    await screen.findByLabelText('Company name');
    await user.click(tab('Security'));
    expect((field('IP whitelist') as HTMLTextAreaElement).placeholder).toContain('203.0.113.10');
  });
});
