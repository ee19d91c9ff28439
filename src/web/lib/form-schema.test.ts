import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blank, sharedFormSchema } from './form-schema';

const shared = z.object({
  dealId: z.uuid('Choose a deal'),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/, 'Amount must have at most 2 decimals'),
  spvEntity: z.string().max(3, 'SPV entity is too long').optional(),
});
const schema = sharedFormSchema(
  ['dealId', 'amount', 'spvOther'],
  shared,
  (v) => ({ dealId: blank(v.dealId), amount: v.amount.trim(), spvEntity: v.spvOther || undefined }),
  { required: { amount: 'Enter an amount' }, fieldOf: (key) => (key === 'spvEntity' ? 'spvOther' : key) },
);
const errorsOf = (input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('sharedFormSchema: the form as typed, checked by the shared schema', () => {
  it('a blank required field gets its own message, not the format one', () => {
    expect(errorsOf({ dealId: '', amount: '  ', spvOther: '' })).toEqual({ dealId: 'Choose a deal', amount: 'Enter an amount' });
  });
  it("the shared schema's messages land on the form's fields (renamed where the names differ)", () => {
    expect(errorsOf({ dealId: '00000000-0000-4000-8000-000000000001', amount: '1.234', spvOther: 'Long name' })).toEqual({
      amount: 'Amount must have at most 2 decimals',
      spvOther: 'SPV entity is too long',
    });
  });
  it("valid input gives the shared schema's output (the body to send)", () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(schema.parse({ dealId: id, amount: ' 12.50 ', spvOther: '' })).toEqual({ dealId: id, amount: '12.50' });
  });
  it('a missing field (a disabled control) reads as empty', () => {
    expect(errorsOf({ amount: '5' })).toEqual({ dealId: 'Choose a deal' });
  });
});
