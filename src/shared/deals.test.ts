import { describe, expect, it } from 'vitest';
import {
  createDealInput,
  DEAL_STAGES,
  DEAL_STATUSES,
  DEAL_TYPES,
  daysInStage,
  dealStatusTone,
  moveDealInput,
  RISK_OPTIONS,
  RISK_SCORES,
  updateDealInput,
} from './deals.ts';

describe('deal constants', () => {
  it('lists the five deal types, four stages and four statuses', () => {
    expect(DEAL_TYPES).toEqual(['Oil Trading', 'Distressed Real Estate', 'PPP', 'AI & Tech', 'Infrastructure']);
    expect(DEAL_STAGES).toEqual(['Sourcing', 'Execution', 'Post-Investment', 'Exit']);
    expect(DEAL_STATUSES).toEqual(['Pending', 'Active', 'On Hold', 'Closed']);
  });

  it('offers the risk options 1/10 (Very Low) .. 10/10 (Extreme), storing the n/10 part', () => {
    expect(RISK_SCORES).toEqual(['1/10', '2/10', '3/10', '4/10', '5/10', '6/10', '7/10', '8/10', '9/10', '10/10']);
    expect(RISK_OPTIONS).toHaveLength(10);
    expect(RISK_OPTIONS[0]).toEqual({ value: '1/10', label: '1/10 (Very Low)' });
    expect(RISK_OPTIONS[9]).toEqual({ value: '10/10', label: '10/10 (Extreme)' });
    for (const [i, o] of RISK_OPTIONS.entries()) {
      expect(o.value).toBe(`${i + 1}/10`);
      expect(o.label.startsWith(`${o.value} (`)).toBe(true);
      expect(o.label.endsWith(')')).toBe(true);
    }
  });
});

describe('dealStatusTone (badge colours)', () => {
  it('is green for Active, yellow for Pending and grey for anything else', () => {
    expect(dealStatusTone('Active')).toBe('success');
    expect(dealStatusTone('Pending')).toBe('warning');
    expect(dealStatusTone('On Hold')).toBe('neutral');
    expect(dealStatusTone('Closed')).toBe('neutral');
    expect(dealStatusTone('active')).toBe('neutral');
    expect(dealStatusTone('')).toBe('neutral');
  });
});

describe('daysInStage', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  it('counts whole days since the stage was entered', () => {
    expect(daysInStage('2025-06-10T12:00:00Z', now)).toBe(0);
    expect(daysInStage('2025-06-09T12:00:01Z', now)).toBe(0);
    expect(daysInStage('2025-06-09T12:00:00Z', now)).toBe(1);
    expect(daysInStage(new Date('2025-05-31T11:00:00Z'), now)).toBe(10);
    expect(daysInStage('2024-06-10T12:00:00Z', now)).toBe(365);
  });
  it('never goes below zero for a timestamp in the future (clock skew)', () => {
    expect(daysInStage('2025-06-12T12:00:00Z', now)).toBe(0);
  });
});

describe('createDealInput (shared by the form and POST /api/deals)', () => {
  const messages = (input: unknown) => {
    const r = createDealInput.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('requires a title and a deal type with the spec messages', () => {
    expect(messages({})).toEqual(['Title is required', 'Deal type is required']);
    expect(messages({ title: '   ', type: 'PPP' })).toEqual(['Title is required']);
    expect(messages({ title: 'X', type: '' })).toEqual(['Deal type is required']);
    expect(messages({ title: 'X', type: 'Crypto' })).toEqual(['Deal type is required']);
  });

  it('stores empty optional values as null and trims text', () => {
    const out = createDealInput.parse({
      title: '  Lagos Port  ',
      type: 'PPP',
      targetAmount: '',
      expectedIrr: ' ',
      riskScore: '',
      spvEntity: '',
      description: '',
      nextStep: '',
    });
    expect(out).toEqual({
      title: 'Lagos Port',
      type: 'PPP',
      targetAmount: null,
      expectedIrr: null,
      riskScore: null,
      spvEntity: null,
      description: null,
      nextStep: null,
    });
  });

  it('accepts non-negative decimals with at most two decimals, as exact strings', () => {
    const amount = (v: unknown) => createDealInput.safeParse({ title: 'X', type: 'PPP', targetAmount: v });
    expect(amount('1250000.10').data?.targetAmount).toBe('1250000.10');
    expect(amount('0').data?.targetAmount).toBe('0');
    expect(amount(1500).data?.targetAmount).toBe('1500');
    expect(amount('1,500,000').data?.targetAmount).toBe('1500000');
    for (const bad of ['-1', '1e5', 'abc', 1.234, '1.234', -5, Number.NaN, Number.POSITIVE_INFINITY, '.5', '1.']) {
      const r = amount(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Target amount must be a non-negative amount with at most 2 decimals');
    }
  });

  it('accepts only the risk scores 1/10 .. 10/10', () => {
    const risk = (v: unknown) => createDealInput.safeParse({ title: 'X', type: 'PPP', riskScore: v }).success;
    for (const ok of RISK_SCORES) expect(risk(ok)).toBe(true);
    for (const bad of ['0/10', '11/10', '5', '5/10 (Moderate)', '05/10', 5]) expect(risk(bad), String(bad)).toBe(false);
  });

  it('drops fields the form does not own (created_by comes from the session)', () => {
    const out = createDealInput.parse({ title: 'X', type: 'PPP', createdBy: 'someone', created_by: 'someone', stage: 'Exit' });
    expect(out).not.toHaveProperty('createdBy');
    expect(out).not.toHaveProperty('created_by');
    expect(out).not.toHaveProperty('stage');
  });
});

describe('updateDealInput and moveDealInput', () => {
  it('keeps only the fields that were sent', () => {
    expect(updateDealInput.parse({ title: 'Y' })).toEqual({ title: 'Y' });
    expect(updateDealInput.parse({})).toEqual({});
  });
  it('validates status and stage; the committed amount is not an input', () => {
    expect(updateDealInput.safeParse({ status: 'Done' }).error?.issues[0]?.message).toBe('Choose a valid status');
    expect(updateDealInput.safeParse({ stage: 'Closing' }).error?.issues[0]?.message).toBe('Choose a valid stage');
    expect(updateDealInput.parse({ committedAmount: '5' })).toEqual({});
    expect(moveDealInput.safeParse({ stage: 'Exit' }).success).toBe(true);
    expect(moveDealInput.safeParse({}).error?.issues[0]?.message).toBe('Choose a valid stage');
  });
});
