import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_POLICY, passedRetention, RETENTION_RULES, retainedUntil, retentionPolicyInput } from './retention.ts';

describe('retention periods (decision 042)', () => {
  it('defaults to the DFSA six years for every kind, each with its rule', () => {
    expect(DEFAULT_RETENTION_POLICY).toEqual({ kyc_aml: 6, classification: 6, transactions: 6, complaints: 6 });
    expect(RETENTION_RULES.kyc_aml.from).toBe('relationship_end');
    expect(RETENTION_RULES.complaints.from).toBe('record_date');
    for (const r of Object.values(RETENTION_RULES)) expect(r.rule).toMatch(/^DFSA /);
  });

  it('keeps a record through the same calendar day six years on (29 February: to 1 March)', () => {
    expect(retainedUntil('2020-03-15', 6)).toBe('2026-03-15');
    expect(retainedUntil('2020-02-29', 6)).toBe('2026-03-01');
    expect(retainedUntil('2020-02-29', 8)).toBe('2028-02-29');
    expect(retainedUntil('2019-12-31', 10)).toBe('2029-12-31');
  });

  it('passes retention from the day after, counted in the company time zone', () => {
    // Relationship ended 15 March 2020: kept through 15 March 2026.
    // Dubai is UTC+4: 19:59:59Z on the 15th is 23:59:59 there (still the 15th); 20:00Z is the 16th.
    expect(passedRetention('2020-03-15', 6, 'Asia/Dubai', new Date('2026-03-15T19:59:59Z'))).toBe(false);
    expect(passedRetention('2020-03-15', 6, 'Asia/Dubai', new Date('2026-03-15T20:00:00Z'))).toBe(true);
    // The same instant in UTC is still the 15th.
    expect(passedRetention('2020-03-15', 6, 'UTC', new Date('2026-03-15T20:00:00Z'))).toBe(false);
    expect(passedRetention('2020-03-15', 6, 'UTC', new Date('2026-03-16T00:00:00Z'))).toBe(true);
    // A longer policy keeps it.
    expect(passedRetention('2020-03-15', 7, 'Asia/Dubai', new Date('2026-03-16T12:00:00Z'))).toBe(false);
  });

  it('allows a longer policy, refuses a shorter one with the rule', () => {
    expect(retentionPolicyInput.parse({ kyc_aml: 10, classification: 6, transactions: 7, complaints: 6 })).toEqual({
      kyc_aml: 10,
      classification: 6,
      transactions: 7,
      complaints: 6,
    });
    const short = retentionPolicyInput.safeParse({ kyc_aml: 5, classification: 6, transactions: 6, complaints: 6 });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('At least 6 years (DFSA AML 14.4 (record keeping))');
    expect(retentionPolicyInput.safeParse({ ...DEFAULT_RETENTION_POLICY, extra: 1 }).success).toBe(false);
  });
});
