import { describe, expect, it } from 'vitest';
import { SUITABILITY_REVIEW_VALID_MONTHS, suitabilityReviewCurrent, suitabilityReviewDue } from './suitability.ts';

describe('how long a suitability review stays current (decision record 029)', () => {
  it('is twelve months: due on the same day a year later, 29 Feb falling back to 28 Feb', () => {
    expect(SUITABILITY_REVIEW_VALID_MONTHS).toBe(12);
    // Calendar facts, by hand: 2027 is not a leap year, 2028 is.
    expect(suitabilityReviewDue('2026-11-26')).toBe('2027-11-26');
    expect(suitabilityReviewDue('2028-02-29')).toBe('2029-02-28');
    expect(suitabilityReviewDue('2027-02-28')).toBe('2028-02-28');
    expect(suitabilityReviewDue('2026-12-31')).toBe('2027-12-31');
  });

  it('stays current through its due day and not a day after; no review is never current', () => {
    expect(suitabilityReviewCurrent('2027-11-26', '2026-11-27')).toBe(true);
    expect(suitabilityReviewCurrent('2027-11-26', '2027-11-26')).toBe(true);
    expect(suitabilityReviewCurrent('2027-11-26', '2027-11-27')).toBe(false);
    expect(suitabilityReviewCurrent('2027-11-26', '2028-01-01')).toBe(false);
    expect(suitabilityReviewCurrent(null, '2026-11-26')).toBe(false);
    expect(suitabilityReviewCurrent(undefined, '2026-11-26')).toBe(false);
  });
});
