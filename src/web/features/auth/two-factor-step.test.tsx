import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failWith } from '../../testing/fake-api';
import { expectFieldError, expectNoA11yViolations, field, toastTexts } from '../../testing/queries';
import { ADMIN, renderScreen } from '../../testing/render';
import { EnrolStep, VerifyStep } from './two-factor-step';

describe('Two-factor sign-in steps', () => {
  it('verify: spaces are no code; a refused code is cleared with the server’s message; the right one is sent', async () => {
    const onDone = vi.fn(async () => {});
    const { user, api } = await renderScreen(<VerifyStep onDone={onDone} onCancel={() => {}} />, {
      user: null,
      api: { 'POST /api/auth/two-factor/verify': failWith(401, 'Invalid authentication code') },
    });
    expect(screen.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')).toBeTruthy();
    const code = field('Authentication code');
    expect(document.activeElement).toBe(code);
    await user.type(code, '   ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectFieldError(code, 'Enter the code');
    expect(api.callsTo('POST /api/auth/two-factor/verify')).toEqual([]);

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expect.poll(() => screen.queryByRole('alert')?.textContent).toBe('Invalid authentication code');
    expect((code as HTMLInputElement).value).toBe('');
    await expectNoA11yViolations('two-factor verify with an error');

    api.set({ 'POST /api/auth/two-factor/verify': { user: ADMIN, secondFactor: null } });
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expect.poll(() => onDone.mock.calls.length).toBe(1);
    // The shared schema trims the code.
    expect(api.callsTo('POST /api/auth/two-factor/verify').map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('enrol (required): the secret, a code to confirm, then the recovery codes once', async () => {
    const { user, api } = await renderScreen(<EnrolStep onDone={async () => {}} required />, {
      api: {
        'POST /api/auth/two-factor/setup': {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Syndicate:founder@demo.example.com?secret=JBSWY3DPEHPK3PXP',
          qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        },
        'POST /api/auth/two-factor/confirm': { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] },
      },
    });
    expect(screen.getByRole('status').textContent).toBe('Two-factor authentication is required for administrators. Set it up to continue.');
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    await user.type(field('Code from the app'), '  ');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    expectFieldError(field('Code from the app'), 'Enter the code');
    expect(api.callsTo('POST /api/auth/two-factor/confirm')).toEqual([]);

    await user.type(field('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    await expect.poll(toastTexts).toContain('Two-factor authentication is on');
    expect(api.callsTo('POST /api/auth/two-factor/confirm').map((c) => c.body)).toEqual([{ code: '654321' }]);
    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect([...codes.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['aaaa-bbbb', 'cccc-dddd']);
  });
});
