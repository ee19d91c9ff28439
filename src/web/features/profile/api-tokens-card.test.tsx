import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../../../shared/api-tokens';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, findDialog, toastTexts } from '../../testing/queries';
import { INVESTOR, renderScreen } from '../../testing/render';
import { ApiTokensCard } from './api-tokens-card';

const TOKEN: ApiToken = {
  id: '80000000-0000-4000-8000-000000000001',
  name: 'Portfolio tool',
  hint: 'sdt_AbCd',
  scopes: ['portal:read'],
  createdAt: '2026-11-01T08:00:00.000Z',
  expiresAt: '2099-01-30T08:00:00.000Z',
  lastUsedAt: '2026-11-26T09:30:00.000Z',
  lastUsedIp: '198.51.100.20',
  revokedAt: null,
};
const SECRET = `sdt_${'x'.repeat(43)}`;
const TWO_FACTOR_OFF = { enabled: false, required: false, recoveryCodesLeft: 0 };

describe('Profile: API tokens', () => {
  it('an investor: the list with last use; a new read-only token is shown once; revoking asks first', async () => {
    const { user, api } = await renderScreen(<ApiTokensCard />, {
      user: INVESTOR,
      api: {
        'GET /api/me/tokens': { tokens: [TOKEN] },
        'GET /api/auth/two-factor': TWO_FACTOR_OFF,
        'POST /api/me/tokens': {
          token: { ...TOKEN, id: '80000000-0000-4000-8000-000000000002', name: 'Tax tool', lastUsedAt: null },
          secret: SECRET,
        },
        'DELETE /api/me/tokens/:id': { tokens: [{ ...TOKEN, revokedAt: '2026-11-27T08:00:00.000Z' }] },
      },
    });
    const table = await screen.findByRole('table', { name: 'Your API tokens' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('Portfolio tool');
    expect(row.textContent).toContain('sdt_AbCd…');
    expect(row.textContent).toContain('Read your own portfolio');
    expect(row.textContent).toContain('from 198.51.100.20');
    expect(row.textContent).toContain('Active');
    await expectNoA11yViolations('api tokens');

    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await findDialog('New API token');
    // An investor chooses no scopes: the token is read-only.
    expect(within(dialog).queryByRole('group', { name: /Scopes/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expectFieldError(field('Name', dialog), 'Name the token');
    expect(api.callsTo('POST /api/me/tokens')).toEqual([]);
    await user.type(field('Name', dialog), 'Tax tool');
    await user.selectOptions(field('Expires after', dialog), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    const shown = await findDialog('Copy your new token');
    expect((within(shown).getByRole('textbox', { name: 'Token' }) as HTMLInputElement).value).toBe(SECRET);
    expect(api.callsTo('POST /api/me/tokens').map((c) => c.body)).toEqual([{ name: 'Tax tool', expiresInDays: 30 }]);
    await expectNoA11yViolations('new token shown once', shown);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke the token Portfolio tool' }));
    const confirm = await findDialog('Revoke this token?');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await expect.poll(() => api.callsTo('DELETE /api/me/tokens/:id').map((c) => c.path)).toEqual([`/api/me/tokens/${TOKEN.id}`]);
    await expect.poll(toastTexts).toContain('Token "Portfolio tool" revoked');
    expect((within(table).getAllByRole('row')[1] as HTMLElement).textContent).toContain('Revoked');
  });

  it('an administrator must choose a scope; with two-factor on the code is asked and a wrong one is shown on the field', async () => {
    const { user, api } = await renderScreen(<ApiTokensCard />, {
      api: {
        'GET /api/me/tokens': { tokens: [] },
        'GET /api/auth/two-factor': { enabled: true, required: true, recoveryCodesLeft: 10 },
        'POST /api/me/tokens': failWith(
          401,
          'The code is not valid. Enter the current code from your authenticator app, or a recovery code.',
          {
            fields: { code: 'The code is not valid. Enter the current code from your authenticator app, or a recovery code.' },
          },
        ),
      },
    });
    expect(await screen.findByText('You have no API tokens.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await findDialog('New API token');
    await user.type(field('Name', dialog), 'CRM sync');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(within(dialog).getByText('What the token may do. Choose at least one.', { selector: '.text-danger-700' })).toBeTruthy();
    expect(api.callsTo('POST /api/me/tokens')).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: /Read deals, SPVs and subscriptions/ }));
    await user.type(await within(dialog).findByRole('textbox', { name: /Authentication code/ }), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    await expect
      .poll(() => api.callsTo('POST /api/me/tokens').map((c) => c.body))
      .toEqual([{ name: 'CRM sync', expiresInDays: 90, scopes: ['deals:read'], code: '000000' }]);
    expectFieldError(
      within(dialog).getByRole('textbox', { name: /Authentication code/ }),
      'The code is not valid. Enter the current code from your authenticator app, or a recovery code.',
    );
  });
});
