import { describe, expect, it } from 'vitest';
import {
  assessClassification,
  type ClassificationAnswers,
  classificationCurrent,
  classificationInput,
  classificationReviewDue,
  RETAIL_NOTICE_VERSION,
} from './dfsa-classification.ts';

/**
 * The DFSA thresholds at their boundaries (issue 31, decision 037). Reference figures are the
 * rule's own (COB 2.3: USD 20m / 40m / 2m, two of three; USD 1m net assets; USD 1m own funds),
 * written here by hand one cent either side; the comparison is exact (cents, not floats).
 */
const notice = { noticeAcknowledged: true, noticeVersion: RETAIL_NOTICE_VERSION } as const;
const parse = (a: Record<string, unknown>): ClassificationAnswers => classificationInput.parse({ ...a, ...notice });
const deemed = (balanceSheetTotal: string, netTurnover: string, ownFunds: string) =>
  assessClassification(parse({ basis: 'deemed_undertaking', balanceSheetTotal, netTurnover, ownFunds }));

describe('deemed Professional undertaking: two of three large-undertaking tests', () => {
  it.each([
    // [balance sheet, turnover, own funds, qualifies]
    ['20000000.00', '40000000.00', '0', true], // two exactly at their thresholds
    ['19999999.99', '40000000.00', '2000000.00', true], // one a cent short, the other two met
    ['19999999.99', '39999999.99', '2000000.00', false], // only one met
    ['20000000', '0', '1999999.99', false],
    ['0', '40,000,000.00', '2,000,000', true], // thousands separators parse exactly
    ['0.01', '0.01', '0.01', false],
  ])('balance sheet %s, turnover %s, own funds %s: qualifies %s', (b, t, o, expected) => {
    expect(deemed(b, t, o).qualifies).toBe(expected);
  });

  it('a float that rounds up (0.1 + 0.2 style) cannot slip through: 19,999,999.995 is refused as input', () => {
    expect(
      classificationInput.safeParse({
        basis: 'deemed_undertaking',
        balanceSheetTotal: '19999999.995',
        netTurnover: '0',
        ownFunds: '0',
        ...notice,
      }).success,
    ).toBe(false);
  });
});

describe('assessed Professional', () => {
  const individual = (netAssets: string, yearsExperience: number) =>
    assessClassification(
      parse({ basis: 'assessed_individual', netAssets, yearsExperience, experience: 'Years of listed and private equity investing.' }),
    );
  it('an individual needs net assets of at least USD 1,000,000.00 (excluding the main residence) and experience', () => {
    expect(individual('1000000.00', 2).qualifies).toBe(true);
    expect(individual('999999.99', 20).qualifies).toBe(false);
    expect(individual('5000000', 1).qualifies).toBe(false);
  });
  it('an undertaking needs own funds of at least USD 1,000,000.00', () => {
    expect(assessClassification(parse({ basis: 'assessed_undertaking', ownFunds: '1000000.00' })).qualifies).toBe(true);
    expect(assessClassification(parse({ basis: 'assessed_undertaking', ownFunds: '999999.99' })).qualifies).toBe(false);
  });
  it('a Market Counterparty needs the prior written notification confirmed', () => {
    expect(classificationInput.safeParse({ basis: 'market_counterparty', notificationReceived: false, ...notice }).success).toBe(false);
    expect(assessClassification(parse({ basis: 'market_counterparty', notificationReceived: true })).qualifies).toBe(true);
  });
});

describe('annual review', () => {
  it('is due a year after the decision (29 Feb: 28 Feb) and current through its due day', () => {
    expect(classificationReviewDue('2026-11-27')).toBe('2027-11-27');
    expect(classificationReviewDue('2028-02-29')).toBe('2029-02-28');
    expect(classificationCurrent('2027-11-27', '2027-11-27')).toBe(true);
    expect(classificationCurrent('2027-11-27', '2027-11-28')).toBe(false);
    expect(classificationCurrent(null, '2027-01-01')).toBe(false);
  });
});
