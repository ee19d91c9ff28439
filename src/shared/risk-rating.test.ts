import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  countryRisk,
  type RiskFactors,
  ratingOf,
  refreshDue,
  refreshOverdue,
  riskContributions,
} from './risk-rating.ts';

// The reference points and ratings below are worked by hand from the policy table in decision 050
// (and the doc comment of riskContributions), not taken from the code under test.
const base: RiskFactors = {
  residenceCountry: 'AE',
  nationality: 'GB',
  investorType: 'hni',
  pep: false,
  sanctionsMatch: false,
  openHits: 0,
  sourceOfFundsDocumented: true,
};
const rate = (f: Partial<RiskFactors>) => ratingOf(riskContributions({ ...base, ...f }));

describe('risk rating rules (decision 050)', () => {
  it('classifies countries by the FATF lists', () => {
    expect(countryRisk('IR')).toBe('call_for_action');
    expect(countryRisk('kp')).toBe('call_for_action');
    expect(countryRisk('KE')).toBe('increased_monitoring');
    expect(countryRisk('AE')).toBe('standard');
    expect(countryRisk(null)).toBe('unknown');
  });

  it('0 and 1 points are low, 2 and 3 medium, 4 high (the boundaries)', () => {
    expect(rate({})).toEqual({ rating: 'low', points: 0 });
    // no source-of-funds document: 1
    expect(rate({ sourceOfFundsDocumented: false })).toEqual({ rating: 'low', points: 1 });
    // family office 1 + no SoF 1 = 2
    expect(rate({ investorType: 'family_office', sourceOfFundsDocumented: false })).toEqual({ rating: 'medium', points: 2 });
    // offshore fund 2 + nationality grey list 1 = 3
    expect(rate({ investorType: 'offshore_fund', nationality: 'VN' })).toEqual({ rating: 'medium', points: 3 });
    // offshore fund 2 + residence grey list 2 = 4
    expect(rate({ investorType: 'offshore_fund', residenceCountry: 'KE' })).toEqual({ rating: 'high', points: 4 });
    // residence unknown 1 + open hits 2 + no SoF 1 = 4
    expect(rate({ residenceCountry: null, openHits: 1, sourceOfFundsDocumented: false })).toEqual({ rating: 'high', points: 4 });
  });

  it('a call-for-action country, a PEP or a confirmed sanctions match make it high at once', () => {
    expect(rate({ residenceCountry: 'IR' })).toEqual({ rating: 'high', points: 0 });
    expect(rate({ nationality: 'MM' })).toEqual({ rating: 'high', points: 0 });
    expect(rate({ pep: true })).toEqual({ rating: 'high', points: 0 });
    expect(rate({ sanctionsMatch: true })).toEqual({ rating: 'high', points: 0 });
  });

  it('every factor is listed with its contribution and reason', () => {
    const c = riskContributions({ ...base, investorType: 'family_office', residenceCountry: 'KE' });
    expect(c.map((x) => [x.factor, x.points, x.reason])).toEqual([
      ['residence', 2, 'residenceMonitored'],
      ['nationality', 0, 'nationalityStandard'],
      ['investorType', 1, 'typeFamilyOffice'],
      ['pep', 0, 'notPep'],
      ['screening', 0, 'screeningClear'],
      ['sourceOfFunds', 0, 'sourceOfFundsOnFile'],
    ]);
  });

  it('the refresh is due the interval later, the same day of the month (or its last day)', () => {
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addCalendarMonths('2026-11-27', 24)).toBe('2028-11-27');
    expect(refreshDue('2025-03-15', 'high')).toBe('2026-03-15');
    expect(refreshDue('2025-03-15', 'medium')).toBe('2027-03-15');
    expect(refreshDue('2025-03-15', 'low')).toBe('2028-03-15');
    expect(refreshDue('2025-03-15', 'low', { high: 6, medium: 12, low: 18 })).toBe('2026-09-15');
  });

  it('is current through its due day and overdue from the next', () => {
    expect(refreshOverdue('2026-03-15', '2026-03-15')).toBe(false);
    expect(refreshOverdue('2026-03-15', '2026-03-16')).toBe(true);
  });
});
