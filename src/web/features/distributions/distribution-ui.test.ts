import { describe, expect, it } from 'vitest';
import { daysFromToday, relativeDay, splitPaymentDate } from './distribution-ui';

describe('distribution formats', () => {
  it('splits a payment date into the card value and its year', () => {
    expect(splitPaymentDate('2025-12-16')).toEqual({ monthDay: 'Dec 16', year: '2025' });
    expect(splitPaymentDate('2024-07-15')).toEqual({ monthDay: 'Jul 15', year: '2024' });
  });
  it("counts whole days from the company's today", () => {
    const now = '2025-03-01';
    expect(daysFromToday('2025-03-01', now)).toBe(0);
    expect(daysFromToday('2025-03-11', now)).toBe(10);
    expect(relativeDay('2025-03-02', now)).toBe('Tomorrow');
    expect(relativeDay('2025-03-11', now)).toBe('In 10 days');
    expect(relativeDay('2025-02-26', now)).toBe('3 days ago');
  });
});

describe('the terms line in Arabic', () => {
  it('is rebuilt from the server English line, and an unknown line stays as sent', async () => {
    const { applyLanguage } = await import('../../lib/i18n');
    const { termsText } = await import('./distribution-ui');
    const line = '8% preferred return, full catch-up, 20% carried interest';
    expect(termsText(line)).toBe(line);
    await applyLanguage('ar');
    try {
      const text = termsText(line).replace(/[\u2066-\u2069]/g, '');
      expect(text).toBe('عائد تفضيلي بنسبة 8%، تعويض كامل للشريك العام، حصة محمولة بنسبة 20%');
      expect(termsText('no preferred return, 50% catch-up, 12.5% carried interest').replace(/[\u2066-\u2069]/g, '')).toBe(
        'دون عائد تفضيلي، تعويض للشريك العام بنسبة 50%، حصة محمولة بنسبة 12.5%',
      );
      expect(termsText('No terms set: distributions go 100% to investors')).toBe('لم تُحدَّد شروط: تذهب التوزيعات بنسبة 100% إلى المستثمرين');
      expect(termsText('something else')).toBe('something else');
    } finally {
      await applyLanguage('en');
    }
  });
});
