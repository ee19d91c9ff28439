import { describe, expect, it } from 'vitest';
import { detailsText, formatDetails, humanizeKey } from './format-details';

describe('formatDetails', () => {
  it('shows a status change as from → to', () => {
    expect(detailsText('user_status_change', { from: 'pending', to: 'active' })).toBe('Status: pending → active');
  });

  it('shows the sign-up e-mail and role, in a fixed order whatever the stored key order', () => {
    expect(formatDetails('user_signup', { role: 'investor', email: 'x@y.com' })).toEqual([
      { label: 'Email', value: 'x@y.com' },
      { label: 'Role', value: 'investor' },
    ]);
  });

  it('shows a deal stage move once, with the deal title, and leaves ids out', () => {
    const text = detailsText('deal_updated', {
      dealId: 'd1',
      title: 'Kampala PPP',
      changes: { targetAmount: { from: '1000000', to: '1250000.50' }, stage: { from: 'Sourcing', to: 'Execution' } },
      from: 'Sourcing',
      to: 'Execution',
    });
    expect(text).toBe('Deal: Kampala PPP; Stage: Sourcing → Execution; Target: $1,000,000 → $1,250,001');
    expect(text).not.toContain('d1');
  });

  it('names the API token a change was made with (its name and first characters), not its id', () => {
    const text = detailsText('valuation_recorded', {
      title: 'Logged Tower',
      value: '1000.00',
      apiToken: { id: 't-1', name: 'Books sync', hint: 'sdt_c_Dk' },
    });
    expect(text).toBe('Title: Logged Tower; Via API token: Books sync (sdt_c_Dk…); Value: 1000.00');
    expect(text).not.toContain('t-1');
  });

  it('shows a stage move given only at the top level', () => {
    expect(detailsText('deal_updated', { title: 'T', from: 'Sourcing', to: 'Exit' })).toBe('Deal: T; Stage: Sourcing → Exit');
  });

  it('lists the changed settings keys readably', () => {
    expect(detailsText('settings_updated', { changedKeys: ['companyName', 'smtpPort', 'sessionTimeout'] })).toBe(
      'Changed: Company name, SMTP port, Session timeout',
    );
  });

  it('shows user edits with user type labels and null as a dash', () => {
    expect(
      detailsText('user_updated', {
        changes: { nickname: { from: null, to: 'x' }, userType: { from: 'founder', to: 'cio' }, name: { from: 'A', to: 'B' } },
      }),
    ).toBe('Name: A → B; User type: Founder → CIO; Nickname: — → x');
  });

  it('shows failed sign-in reasons as words', () => {
    expect(detailsText('user_login_failed', { email: 'a@b.c', reason: 'account_pending' })).toBe('Email: a@b.c; Reason: Account pending');
  });

  it('names uploaded documents and formats their size', () => {
    expect(detailsText('document_uploaded', { size: 2048, documentId: 'x', name: 'PPM', type: 'PPM', dealId: null })).toBe(
      'Document: PPM; Type: PPM; Size: 2 KB',
    );
  });

  it('returns nothing for empty details and never raw JSON for nested ones', () => {
    expect(formatDetails('password_reset', {})).toEqual([]);
    expect(formatDetails('password_reset', null)).toEqual([]);
    const text = detailsText('custom', { meta: { a: 1, b: true }, tags: ['x', 'y'] });
    expect(text).toBe('Meta: A: 1; B: Yes; Tags: x, y');
    expect(text).not.toContain('{');
  });

  it('humanizes keys with acronyms', () => {
    expect(humanizeKey('apiRateLimit')).toBe('API rate limit');
    expect(humanizeKey('ip_address')).toBe('IP address');
  });
});

describe('formatDetails in Arabic', () => {
  it('names stored statuses and sign-in failure reasons in Arabic, English values stay as stored', async () => {
    const { applyLanguage } = await import('../../lib/i18n');
    await applyLanguage('ar');
    try {
      const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
      expect(plain(detailsText('user_status_change', { from: 'pending', to: 'active' }))).toBe('الحالة: قيد الانتظار → نشط');
      expect(plain(detailsText('user_login_failed', { email: 'x@y.com', reason: 'invalid_credentials' }))).toContain(
        'بيانات دخول غير صحيحة',
      );
    } finally {
      await applyLanguage('en');
    }
    expect(detailsText('user_status_change', { from: 'pending', to: 'active' })).toBe('Status: pending → active');
  });
});
