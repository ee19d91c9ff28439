import { describe, expect, it } from 'vitest';
import { actorLabel } from './activity.ts';

describe('actorLabel', () => {
  it("is 'System' without a user and 'Unknown' for a deleted one", () => {
    expect(actorLabel(null, null)).toBe('System');
    expect(actorLabel('x', null)).toBe('Unknown');
    expect(actorLabel('x', 'Ada')).toBe('Ada');
  });
});
