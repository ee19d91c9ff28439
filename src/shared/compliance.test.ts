import { describe, expect, it } from 'vitest';
import { complianceScore, complianceStatus, nextOccurrence } from './compliance.ts';

const NOW = '2026-03-10'; // today in the company's zone

describe('complianceStatus', () => {
  it('is derived from the workflow state and the due date, today included in due soon', () => {
    expect(complianceStatus('not_started', '2026-03-10', NOW)).toBe('due_soon'); // due today
    expect(complianceStatus('in_progress', '2026-03-16', NOW)).toBe('due_soon'); // within the next 7 days
    expect(complianceStatus('in_progress', '2026-03-17', NOW)).toBe('in_progress'); // 7 days ahead: the 8th day
    expect(complianceStatus('not_started', '2026-03-18', NOW)).toBe('in_progress'); // 8 days
    expect(complianceStatus('in_progress', '2026-03-09', NOW)).toBe('overdue'); // yesterday
    expect(complianceStatus('completed', '2026-03-01', NOW)).toBe('completed'); // completed late
  });
});

describe('complianceScore', () => {
  it('is the completed share as a rounded percent; 100 with no items', () => {
    expect(complianceScore([])).toBe(100);
    expect(complianceScore([{ status: 'completed' }, { status: 'overdue' }, { status: 'due_soon' }])).toBe(33);
    expect(complianceScore([{ status: 'completed' }, { status: 'completed' }, { status: 'due_soon' }])).toBe(67);
    expect(complianceScore([{ status: 'completed' }, { status: 'in_progress' }])).toBe(50);
  });
});

describe('nextOccurrence', () => {
  it('adds a month, a quarter or a year, clamping to the month end', () => {
    expect(nextOccurrence('2026-01-31', 'monthly')).toBe('2026-02-28');
    expect(nextOccurrence('2026-11-30', 'quarterly')).toBe('2027-02-28');
    expect(nextOccurrence('2028-02-29', 'annual')).toBe('2029-02-28');
    expect(nextOccurrence('2026-03-10', 'annual')).toBe('2027-03-10');
  });
});
