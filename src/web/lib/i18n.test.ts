import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_STAGES } from '../../shared/deals';
import { NOTIFICATION_TOPICS, TOPIC_INFO } from '../../shared/email';
import en from '../../shared/i18n/en/errors.json';
import { KYC_STATUSES } from '../../shared/kyc';
import { SUBSCRIPTION_STATUSES } from '../../shared/subscriptions';
import { applyLanguage, catalogueDigits, enumLabel, isValueKind, translateMessage } from './i18n';

/** Without the isolation marks i18n puts around values in Arabic. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
/** Latin letters left in an Arabic message (acronyms such as KYC aside). */
const english = (text: string) =>
  (
    plain(text)
      .replace(/\b(KYC|DFSA|SPV)\b/g, '')
      .match(/[A-Za-z]+/g) ?? []
  ).join(' ');

describe('server messages with values, in Arabic (issue 16)', () => {
  beforeAll(() => applyLanguage('ar'));
  afterAll(() => applyLanguage('en'));

  it('every {{name, kind}} of the errors catalogue names a kind translateMessage knows', () => {
    const kinds = Object.keys(en).flatMap((key) => [...key.matchAll(/\{\{\s*\w+\s*,\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string));
    expect(kinds.length).toBeGreaterThan(15);
    expect(kinds.filter((k) => !isValueKind(k))).toEqual([]);
  });

  it('shows a KYC status as its Arabic label, in every spelling the server sends', () => {
    for (const from of KYC_STATUSES)
      for (const to of KYC_STATUSES) {
        const text = translateMessage(`This application is ${from.replace('_', ' ')}; it cannot move to ${to.replace('_', ' ')}`);
        expect({ from, to, english: english(text) }).toEqual({ from, to, english: '' });
        expect(plain(text)).toContain(enumLabel('kycStatus', to));
      }
    expect(plain(translateMessage('This application is in review; it cannot move to approved'))).toBe(
      'حالة هذا الطلب قيد المراجعة، ولا يمكن نقله إلى معتمد',
    );
    expect(english(translateMessage('Documents cannot be changed while the application is approved'))).toBe('');
  });

  it('shows a subscription status and the transition asked for (lowercased by the server) in Arabic', () => {
    for (const status of SUBSCRIPTION_STATUSES)
      for (const to of SUBSCRIPTION_STATUSES) {
        const text = translateMessage(`A ${status.toLowerCase()} subscription cannot be ${to.toLowerCase()}`);
        expect({ status, to, english: english(text) }).toEqual({ status, to, english: '' });
      }
    expect(plain(translateMessage('A cancelled subscription cannot be completed'))).toBe('لا يمكن تحويل اكتتاب حالته ملغى إلى مكتمل');
  });

  it('shows the record a user holds, the notification topic and the deal stages in Arabic', () => {
    for (const label of [
      'assigned compliance items',
      'a KYC application with documents or a review history',
      'subscriptions',
      'capital account entries',
      'suitability reviews',
    ])
      expect(english(translateMessage(`This user holds ${label} that must be kept. Suspend the account instead.`))).toBe('');
    for (const topic of NOTIFICATION_TOPICS) {
      const text = translateMessage(`You will no longer receive ${TOPIC_INFO[topic].label.toLowerCase()} e-mails.`);
      expect({ topic, english: english(text) }).toEqual({ topic, english: '' });
      expect(plain(text)).toContain(enumLabel('notificationTopic', topic));
      expect(english(translateMessage(`"${topic}" is not a notification for your account`))).toBe('');
    }
    // Something that is not a topic is the user's own input: shown as sent.
    expect(plain(translateMessage('"bogus" is not a notification for your account'))).toContain('"bogus"');
    const stages = plain(translateMessage(`Stage must be one of ${DEAL_STAGES.join(', ')}`));
    expect(english(stages)).toBe('');
    expect(stages).toContain(DEAL_STAGES.map((s) => enumLabel('dealStage', s)).join('، '));
  });

  it('shows dates as every other date on screen, not as ISO days', () => {
    expect(plain(translateMessage('The call date cannot be before 2026-07-03'))).toBe(
      'لا يمكن أن يكون تاريخ طلب رأس المال قبل 3 يوليو 2026',
    );
    for (const message of [
      'The record date cannot be before the deal existed (2026-07-03)',
      'The period cannot start before the deal existed (2026-07-03)',
      'The value date cannot be before 2026-07-03',
      'The date cannot be before 2026-07-03',
      'The due date cannot be before the call date (2026-07-03)',
      'No capital was contributed on or before 2026-07-03 (distribution 2)',
    ]) {
      const text = plain(translateMessage(message));
      expect({ message, text: text.includes('2026-07-03') }).toEqual({ message, text: false });
      expect(text).toContain('3 يوليو 2026');
    }
    const fee = plain(translateMessage('The management fee for 2026-01-01 to 2026-03-31 was already charged; choose a period after it'));
    expect(fee).toContain('1 يناير 2026');
    expect(fee).toContain('31 مارس 2026');
  });

  it("names the waterfall's fields in Arabic and leaves the user's value, numbers and amounts as they are", () => {
    for (const what of ['Hurdle rate', 'Carry rate', 'Catch-up rate', 'Recorded GP amount', 'Distribution date']) {
      const text = plain(translateMessage(`${what} must be a decimal rate such as 0.08: abc`));
      expect({ what, english: english(text) }).toEqual({ what, english: 'abc' });
    }
    expect(plain(translateMessage('The receipt of $1,250.00 is above the $1,000.00 outstanding'))).toContain('$1,250.00');
    expect(plain(translateMessage('The file is too large (maximum 25 MB)'))).toContain('25');
  });

  it('leaves English as the API sends it', async () => {
    await applyLanguage('en');
    try {
      for (const message of [
        'This application is in review; it cannot move to approved',
        'The call date cannot be before 2026-07-03',
        'This user holds subscriptions that must be kept. Suspend the account instead.',
      ])
        expect(translateMessage(message)).toBe(message);
    } finally {
      await applyLanguage('ar');
    }
  });
});

describe('Arabic-Indic digits in catalogue sentences (the user chose them)', () => {
  const AR = 'ar-AE-u-nu-arab';
  it("writes the catalogue's own numbers in them, separators included", () => {
    expect(catalogueDigits('خلال 7 أيام', AR)).toBe('خلال ٧ أيام');
    expect(catalogueDigits('بنسبة 100% إلى المستثمرين', AR)).toBe('بنسبة ١٠٠٪ إلى المستثمرين');
    expect(catalogueDigits('مثال: 43,750.00', AR)).toBe('مثال: ٤٣٬٧٥٠٫٠٠');
    expect(catalogueDigits('أكثر من 25 صفقة', AR)).toBe('أكثر من ٢٥ صفقة');
  });
  it('leaves names with digits, addresses, isolated values and Western-digit locales alone', () => {
    expect(catalogueDigits('عناوين IPv4/IPv6 و AES-256-GCM و UTC+4', AR)).toBe('عناوين IPv4/IPv6 و AES-256-GCM و UTC+4');
    expect(catalogueDigits('203.0.113.10\n198.51.100.0/24', AR)).toBe('203.0.113.10\n198.51.100.0/24');
    expect(catalogueDigits('مثال: \u2066MU17 BOMM 0101\u2069 و 8 أحرف', AR)).toBe('مثال: \u2066MU17 BOMM 0101\u2069 و ٨ أحرف');
    expect(catalogueDigits('الصفقة \u2068Fund 2\u2069 خلال 7 أيام', AR)).toBe('الصفقة \u2068Fund 2\u2069 خلال ٧ أيام');
    expect(catalogueDigits('خلال 7 أيام', 'ar-AE-u-nu-latn')).toBe('خلال 7 أيام');
    expect(catalogueDigits('within 7 days', 'en')).toBe('within 7 days');
  });
});

describe('server messages in Arabic-Indic digits (the user chose them)', () => {
  beforeAll(() => applyLanguage('ar', 'arab'));
  afterAll(() => applyLanguage('en', 'latn'));
  it('writes the counts a message carries and the numbers its translation writes in them', () => {
    const text = plain(translateMessage('Too many failed sign-in attempts. Try again in 15 minutes.'));
    expect(text).toContain('١٥');
    expect(text).not.toMatch(/[0-9]/);
    expect(plain(translateMessage('The file is too large (maximum 25 MB)'))).toContain('٢٥');
  });
});
