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

describe('the allocations table of a distribution (issue 26: no false alarm when the GP is paid carry)', () => {
  const event = (gp: string, carry: { name: string; amount: string }[]) =>
    ({
      id: 'e',
      dealId: 'd',
      dealTitle: 'Deal',
      type: 'Dividend',
      totalAmount: '650000.00',
      paymentDate: '2025-01-01',
      recordDate: '2025-01-01',
      status: 'Paid',
      spvEntity: null,
      createdAt: '2025-01-01T00:00:00Z',
      allocations: [
        { investorId: 'a', investorName: 'Alice', amount: '372000.00' },
        { investorId: 'b', investorName: 'Bob', amount: '248000.00' },
      ],
      waterfall: {
        termsVersion: 1,
        termsSummary: '',
        tiers: { returnOfCapital: '0', preferredReturn: '0', catchUp: '0', carriedInterestLp: '0', carriedInterestGp: '0' },
        lpTotal: '620000.00',
        gp,
        carry,
      },
    }) as const;

  it('adds the GP carry as its own lines, so the table adds up to the total', async () => {
    const { allocationLines } = await import('./distribution-event-item');
    // 372,000 + 248,000 to investors and 30,000 to the GP: 650,000, the total.
    const lines = allocationLines(event('30000.00', [{ name: 'Meridian GP Ltd', amount: '30000.00' }]) as never, 'GP');
    expect(lines.map((l) => [l.name, l.amount, l.gp])).toEqual([
      ['Alice', '372000.00', false],
      ['Bob', '248000.00', false],
      ['Meridian GP Ltd', '30000.00', true],
    ]);
    // Recipients that do not add up to the GP's amount: one GP line with the GP's amount.
    expect(allocationLines(event('30000.00', []) as never, 'GP').at(-1)).toMatchObject({ name: 'GP', amount: '30000.00', gp: true });
    // No carry: investors only.
    expect(allocationLines(event('0.00', []) as never, 'GP')).toHaveLength(2);
  });

  it('shares in tenths of a percent from cents, adding up to exactly 100.0%', async () => {
    const { shareTenths } = await import('./distribution-event-item');
    // By hand: 372,000 / 650,000 = 57.23%, 248,000 / 650,000 = 38.15%, 30,000 / 650,000 = 4.615%:
    // floors 572 + 381 + 46 = 999 tenths; remainders (x1000 mod 650,000) 200,000 / 350,000 / 100,000:
    // the tenth left goes to Bob: 57.2 / 38.2 / 4.6.
    expect(shareTenths([37_200_000n, 24_800_000n, 3_000_000n], 65_000_000n)).toEqual([572n, 382n, 46n]);
    // Three equal thirds: 33.3 each would add up to 99.9; the tenth goes to the first (ties by position).
    expect(shareTenths([1n, 1n, 1n], 3n)).toEqual([334n, 333n, 333n]);
    // Lines that do not add up to the total: no shares (the mismatch is reported instead).
    expect(shareTenths([1n, 1n], 3n)).toBeNull();
    expect(shareTenths([], 0n)).toBeNull();
  });
});
