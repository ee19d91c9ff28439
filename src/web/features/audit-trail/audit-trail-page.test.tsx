import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChainHead, ChainVerification } from '../../../shared/audit';
import type { LegalHold } from '../../../shared/legal-hold';
import type { ManagedUser } from '../../../shared/users';
import { type FakeRoutes, failWith } from '../../testing/fake-api';
import { ADMIN_USERS } from '../../testing/fixtures';
import { expectFieldError, expectNoA11yViolations, expectNoFieldError, field, toastTexts } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import AuditTrailPage from './audit-trail-page';

const HEAD: ChainHead = {
  chain: 'activity_logs',
  seq: 1234,
  hash: '9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a0c2e4f6a8b0d2f4e6a8c0e',
  updatedAt: '2026-11-20T09:00:00.000Z',
};
const INVESTOR_USER: ManagedUser = {
  ...(ADMIN_USERS[0] as ManagedUser),
  id: '00000000-0000-4000-8000-000000000030',
  email: 'ahmed@demo.example.com',
  name: 'Ahmed Al-Rashid',
  role: 'investor',
  userType: 'hni',
  adminUserType: null,
  investorUserType: 'hni',
};
const ACTIVE: LegalHold = {
  id: '64000000-0000-4000-8000-000000000001',
  subjectKind: 'investor',
  subjectId: INVESTOR_USER.id,
  subjectName: 'Ahmed Al-Rashid',
  reason: 'DFSA enquiry 2026/14',
  placedBy: 'Layla Legal',
  placedAt: '2026-11-20T09:00:00.000Z',
  liftedAt: null,
  liftedBy: null,
  liftReason: null,
};
const LIFTED: LegalHold = {
  ...ACTIVE,
  id: '64000000-0000-4000-8000-000000000002',
  subjectKind: 'deal',
  subjectId: '20000000-0000-4000-8000-000000000001',
  subjectName: 'Mombasa Oil Trading Facility',
  reason: 'Litigation with the offtaker',
  liftedAt: '2026-11-22T10:30:00.000Z',
  liftedBy: 'Fatima Founder',
  liftReason: 'Settled',
};
const api: FakeRoutes = {
  'GET /api/audit/head': { head: HEAD },
  'POST /api/audit/head/email': { head: HEAD },
  'GET /api/legal-holds': { holds: [ACTIVE, LIFTED] },
  'GET /api/users': { users: [...ADMIN_USERS, INVESTOR_USER] },
  'GET /api/retention': failWith(503, 'Not in this test'),
  'GET /api/evidence-packs': { packs: [] },
};

describe('Audit Trail', () => {
  it('verifies the chain (intact, then a break in words), shows the latest hash; the e-mail address is checked before it is sent', async () => {
    let verification: ChainVerification = { ok: true, checked: 1234, head: HEAD, firstBreak: null, verifiedAt: '2026-11-20T09:00:00.000Z' };
    const { user, api: fake } = await renderScreen(<AuditTrailPage />, {
      at: '/admin/audit-trail',
      api: { ...api, 'POST /api/audit/verify': () => verification },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeTruthy();
    const head = await screen.findByTestId('chain-head');
    expect(head.textContent).toBe(`Position1,234Hash (SHA-256)${HEAD.hash}Last entry written20 Nov 2026, 09:00 UTC`);
    expect(screen.getByText(/^To check it later:/).textContent).toBe(
      `To check it later: npm run audit:verify -- --expect 1234:${HEAD.hash}`,
    );

    await user.click(screen.getByRole('button', { name: 'Verify now' }));
    expect((await screen.findByTestId('verify-result')).textContent).toBe('Intact: 1,234 entries checked, no break.');
    verification = { ...verification, ok: false, checked: 12345, firstBreak: { kind: 'altered', seq: 12346, rowId: 13001 } };
    await user.click(screen.getByRole('button', { name: 'Verify now' }));
    await expect
      .poll(() => screen.getByTestId('verify-result').textContent)
      .toBe('Broken after 12,345 intact entries.Entry 13001 (position 12,346) no longer matches its hash: its content was changed.');

    // E-mail: required, then a valid address; focus on the field, nothing sent.
    const to = field('Send to');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expectFieldError(to, 'Email is required');
    expect(document.activeElement).toBe(to);
    await user.type(to, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expectFieldError(to, 'Enter a valid email address');
    await expectNoA11yViolations('audit trail, e-mail field error', to.closest('form') as HTMLElement);
    expect(fake.callsTo('POST /api/audit/head/email')).toEqual([]);
    await user.clear(to);
    await user.type(to, ' Auditor@Outside.example ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The address is folded to lower case, without the spaces around it, before it is sent.
    expect(await screen.findByText('Queued for auditor@outside.example.')).toBeTruthy();
    expectNoFieldError(to);
    expect(fake.callsTo('POST /api/audit/head/email').map((c) => c.body)).toEqual([{ to: 'auditor@outside.example' }]);
  });

  it('legal holds: the investor and the reason are required; a hold is placed, a refusal shown, a hold lifted with its reason', async () => {
    let placed = false;
    const { user, api: fake } = await renderScreen(<AuditTrailPage />, {
      at: '/admin/audit-trail',
      api: {
        ...api,
        'POST /api/legal-holds': () => {
          if (placed) return failWith(409, 'This one is already under legal hold');
          placed = true;
          return { hold: ACTIVE };
        },
        'POST /api/legal-holds/:id/lift': { hold: { ...ACTIVE, liftedAt: '2026-11-28T08:00:00.000Z', liftReason: 'Enquiry closed' } },
      },
    });
    const list = await screen.findByRole('list', { name: 'Legal holds' });
    const [active, lifted] = within(list).getAllByTestId('legal-hold') as [HTMLElement, HTMLElement];
    expect(active.textContent).toBe(
      'Ahmed Al-RashidInvestorActiveDFSA enquiry 2026/1420 Nov 2026, 09:00 UTC by Layla Legal' +
        'Reason for lifting the hold on Ahmed Al-RashidLift',
    );
    expect(lifted.textContent).toBe(
      'Mombasa Oil Trading FacilityDealLiftedLitigation with the offtaker20 Nov 2026, 09:00 UTC by Layla Legal · Lifted 22 Nov 2026, 10:30 UTC: Settled',
    );
    expect(within(lifted).queryByRole('button', { name: 'Lift' })).toBeNull();

    const investor = field('Investor');
    const reason = screen.getByLabelText('Reason', { exact: true });
    // Active investors only, by name with their address.
    expect(
      within(investor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an investor', 'Ahmed Al-Rashid (ahmed@demo.example.com)']);
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    expectFieldError(investor, 'Choose who or what to hold');
    expectFieldError(reason, 'Enter the reason for the hold');
    expect(document.activeElement).toBe(investor);
    await expectNoA11yViolations('legal hold form with errors', investor.closest('form') as HTMLElement);
    // Spaces are no reason.
    await user.selectOptions(investor, 'Ahmed Al-Rashid (ahmed@demo.example.com)');
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    expectNoFieldError(investor);
    expectFieldError(reason, 'Enter the reason for the hold');
    expect(document.activeElement).toBe(reason);
    expect(fake.callsTo('POST /api/legal-holds')).toEqual([]);

    await user.type(reason, 'DFSA enquiry 2026/14 ');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    await expect.poll(toastTexts).toContain('Ahmed Al-Rashid is on legal hold.');
    // The form is emptied for the next one.
    expect((investor as HTMLSelectElement).value).toBe('');
    expect((reason as HTMLTextAreaElement).value).toBe('');
    await user.selectOptions(investor, 'Ahmed Al-Rashid (ahmed@demo.example.com)');
    await user.type(reason, 'Again');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    expect((await within(investor.closest('form') as HTMLElement).findByRole('alert')).textContent).toBe(
      'This one is already under legal hold',
    );
    expect(fake.callsTo('POST /api/legal-holds').map((c) => c.body)).toEqual([
      { subjectKind: 'investor', subjectId: INVESTOR_USER.id, reason: 'DFSA enquiry 2026/14' },
      { subjectKind: 'investor', subjectId: INVESTOR_USER.id, reason: 'Again' },
    ]);

    // Lifting needs a reason too.
    const liftReason = within(active).getByLabelText('Reason for lifting the hold on Ahmed Al-Rashid');
    await user.click(within(active).getByRole('button', { name: 'Lift' }));
    expectFieldError(liftReason, 'Enter the reason for lifting the hold');
    expect(fake.callsTo('POST /api/legal-holds/:id/lift')).toEqual([]);
    await user.type(liftReason, ' Enquiry closed ');
    await user.click(within(active).getByRole('button', { name: 'Lift' }));
    await expect.poll(toastTexts).toContain('The hold on Ahmed Al-Rashid was lifted.');
    expect(fake.callsTo('POST /api/legal-holds/:id/lift').map((c) => [c.params.id, c.body])).toEqual([
      [ACTIVE.id, { reason: 'Enquiry closed' }],
    ]);
  });

  it('an empty log and no holds; a latest hash that failed to load', async () => {
    await renderScreen(<AuditTrailPage />, {
      at: '/admin/audit-trail',
      api: { ...api, 'GET /api/audit/head': { head: { ...HEAD, seq: 0, updatedAt: null } }, 'GET /api/legal-holds': { holds: [] } },
    });
    expect(await screen.findByText('Nothing has been logged yet.')).toBeTruthy();
    expect(await screen.findByText('No legal holds.')).toBeTruthy();

    await renderScreen(<AuditTrailPage />, {
      at: '/admin/audit-trail',
      api: { ...api, 'GET /api/audit/head': failWith(500, 'Chain head unavailable') },
    });
    expect(await screen.findByText('Chain head unavailable')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Latest hash');
  });

  it('in Arabic: the hold form refused with Arabic messages', async () => {
    const { user } = await renderScreen(<AuditTrailPage />, { at: '/admin/audit-trail', language: 'ar', api });
    await user.click(await screen.findByRole('button', { name: 'فرض الحجز' }));
    expectFieldError(field('المستثمر'), 'اختر من أو ما الذي يُحجز');
    expectFieldError(screen.getByLabelText('السبب', { exact: true }), 'أدخل سبب الحجز');
  });
});
