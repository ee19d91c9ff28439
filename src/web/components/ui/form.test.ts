import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToErrors } from './form.tsx';

describe('issuesToErrors', () => {
  it('keeps the first message per field, by dotted path; issues without a path go under form', () => {
    const schema = z
      .object({
        name: z.string().min(1, 'Name is required').max(3, 'Too long'),
        lines: z.array(z.object({ amount: z.string().min(1, 'Amount') })),
      })
      .refine(() => false, 'Whole form');
    const r = schema.safeParse({ name: '', lines: [{ amount: '' }] });
    expect(r.success).toBe(false);
    expect(issuesToErrors(r.error?.issues ?? [])).toEqual({ name: 'Name is required', 'lines.0.amount': 'Amount', form: 'Whole form' });
    expect(
      issuesToErrors([
        { path: [], message: 'Whole form' },
        { path: ['a'], message: 'first' },
        { path: ['a'], message: 'second' },
      ]),
    ).toEqual({
      form: 'Whole form',
      a: 'first',
    });
  });
});
