import { describe, expect, it } from 'vitest';
import { type Audience, templates, type Unsub } from './templates.ts';

/**
 * Issue 26 item 7: notices about money (a capital call, its reminder, a distribution) carry the
 * firm's legal name, registered office, DFSA licence and disclaimer from the company profile, as
 * the statement and the call notice PDF do. The profile values below are the test's own.
 */
const firm = {
  legalName: 'Harbour Capital Partners Limited',
  registeredOffice: 'Level 3, Gate Village 5, DIFC, Dubai',
  licenseNumber: 'F009999',
  disclaimer: { en: 'For the named investor only; not an offer or advice.', ar: 'للمستثمر المسمى فقط؛ ليس عرضاً ولا مشورة.' },
};
const to = (language: 'en' | 'ar', withFirm = true): Audience => ({
  companyName: 'Harbour Capital',
  companyLogo: '',
  language,
  ...(withFirm ? { firm } : {}),
});
const unsub: Unsub = { path: '/unsubscribe#token=t&topic=distributions', topic: 'distributions' };
const ENGLISH = [
  'Harbour Capital Partners Limited',
  'Registered office: Level 3, Gate Village 5, DIFC, Dubai',
  'DFSA licence number: F009999',
  'For the named investor only; not an offer or advice.',
];

describe('money notices name the firm (issue 26 item 7)', () => {
  const notices = (language: 'en' | 'ar', withFirm = true) => [
    templates.distribution(
      to(language, withFirm),
      { name: 'Amina', dealTitle: 'Deal A', amount: '1000.00', paymentDate: '2026-11-27', paid: true },
      unsub,
    ),
    templates.distribution(
      to(language, withFirm),
      { name: 'Amina', dealTitle: 'Deal A', amount: '1000.00', paymentDate: '2026-12-27', paid: false },
      unsub,
    ),
    templates.capitalCallIssued(
      to(language, withFirm),
      { name: 'Amina', dealTitle: 'Deal A', amount: '5000.00', dueDate: '2026-12-10' },
      unsub,
    ),
    templates.capitalCallReminder(
      to(language, withFirm),
      { name: 'Amina', dealTitle: 'Deal A', amount: '5000.00', dueDate: '2026-12-10' },
      unsub,
    ),
  ];

  it('a distribution notice and a call notice carry the legal name, registered office, licence and disclaimer, in text and HTML', () => {
    for (const mail of notices('en')) {
      for (const line of ENGLISH) {
        expect(mail.text).toContain(line);
        expect(mail.html).toContain(line);
      }
    }
  });

  it('in Arabic, with the Arabic disclaimer', () => {
    for (const mail of notices('ar')) {
      expect(mail.text).toContain('Harbour Capital Partners Limited');
      expect(mail.text).toContain('F009999');
      expect(mail.text).toContain('للمستثمر المسمى فقط؛ ليس عرضاً ولا مشورة.');
      expect(mail.text).not.toContain('For the named investor only');
    }
  });

  it('leaves out what the profile does not hold, never a placeholder', () => {
    const bare = { ...to('en'), firm: { legalName: '', registeredOffice: '', licenseNumber: '', disclaimer: { en: '', ar: '' } } };
    const mail = templates.distribution(
      bare,
      { name: 'Amina', dealTitle: 'Deal A', amount: '1.00', paymentDate: '2026-11-27', paid: true },
      unsub,
    );
    expect(mail.text).not.toMatch(/Registered office|DFSA licence|undefined|null/);
    for (const mail of notices('en', false)) expect(mail.text).not.toContain('Registered office');
  });

  it('other e-mails keep their short footer', () => {
    const mail = templates.dealOpen(
      to('en'),
      { name: 'Amina', title: 'Deal A', type: 'Oil Trading', target: null },
      {
        ...unsub,
        topic: 'dealAlerts',
      },
    );
    expect(mail.text).not.toContain('Harbour Capital Partners Limited');
  });
});
