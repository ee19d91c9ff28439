import { describe, expect, it } from 'vitest';
import type { DealActivityEntry } from './api';
import { activityActor, describeActivity } from './deal-activity';

const entry = (activityType: string, details: Record<string, unknown>, extra: Partial<DealActivityEntry> = {}): DealActivityEntry => ({
  id: 1,
  activityType,
  userName: 'Eve Admin',
  userDeleted: false,
  details,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});

describe('describeActivity', () => {
  it('names a created deal', () => {
    expect(describeActivity(entry('deal_created', { dealId: 'x', title: 'T' })).title).toBe('Deal created');
  });

  it('reads a stage move as a sentence', () => {
    const e = entry('deal_updated', { changes: { stage: { from: 'Sourcing', to: 'Execution' } }, from: 'Sourcing', to: 'Execution' });
    expect(describeActivity(e)).toMatchObject({ title: 'Stage changed from Sourcing to Execution', changes: [], kind: 'moved' });
  });

  it('states a single changed field, formatting amounts in USD', () => {
    expect(describeActivity(entry('deal_updated', { changes: { status: { from: 'Pending', to: 'Active' } } })).title).toBe(
      'Status changed from Pending to Active',
    );
    expect(describeActivity(entry('deal_updated', { changes: { committedAmount: { from: '0.00', to: '250000' } } })).title).toBe(
      'Committed amount changed from $0 to $250,000',
    );
  });

  it('lists several changed fields, empties and long text readably', () => {
    const d = describeActivity(
      entry('deal_updated', {
        changes: {
          nextStep: { from: null, to: 'Call the bank' },
          description: { from: 'a', to: 'b' },
          stage: { from: 'Execution', to: 'Exit' },
        },
      }),
    );
    expect(d.title).toBe('Deal updated: next step, description, stage');
    expect(d.changes).toEqual([
      'Next step changed from empty to Call the bank',
      'Description changed',
      'Stage changed from Execution to Exit',
    ]);
  });

  it('falls back to the activity type for anything else', () => {
    expect(describeActivity(entry('document_uploaded', { name: 'PPM' })).title).toBe('Document uploaded: PPM');
    expect(describeActivity(entry('some_new_type', {})).title).toBe('Some new type');
  });
});

describe('activityActor', () => {
  it("shows the user's name, 'Unknown' for a deleted user and 'System' for no user", () => {
    expect(activityActor(entry('deal_created', {}))).toBe('Eve Admin');
    expect(activityActor(entry('deal_created', {}, { userName: null, userDeleted: true }))).toBe('Unknown');
    expect(activityActor(entry('deal_created', {}, { userName: null, userDeleted: false }))).toBe('System');
  });
});
