import { describe, expect, it } from 'vitest';
import { ACTIVITY_TOTAL_CAP, actorLabel, recordsLabel } from './activity.ts';

describe('recordsLabel (the Activity Logs total)', () => {
  it('counts exactly below the cap and shows a capped total with a plus', () => {
    expect(recordsLabel(0)).toBe('0 records');
    expect(recordsLabel(1)).toBe('1 record');
    expect(recordsLabel(2500)).toBe('2,500 records');
    expect(recordsLabel(ACTIVITY_TOTAL_CAP)).toBe('10,000 records');
    expect(recordsLabel(ACTIVITY_TOTAL_CAP, true)).toBe('10,000+ records');
  });
});

describe('actorLabel', () => {
  it("is 'System' without a user and 'Unknown' for a deleted one", () => {
    expect(actorLabel(null, null)).toBe('System');
    expect(actorLabel('x', null)).toBe('Unknown');
    expect(actorLabel('x', 'Ada')).toBe('Ada');
  });
});
