import { expect, type Page } from '@playwright/test';

/** Terms with a management fee, through the API (the terms editor has its own spec). */
export async function setFeeTerms(
  admin: Page,
  dealId: string,
  method: 'capital_call' | 'deducted',
  basis: 'commitments' | 'contributions',
) {
  const res = await admin.request.put(`/api/deals/${dealId}/terms`, {
    data: {
      hurdleRate: '0',
      catchUp: 'none',
      carryRate: '20',
      carryRecipients: [{ kind: 'gp', name: 'Fee GP Ltd', share: '100' }],
      managementFee: { rate: '10', basis, method },
    },
  });
  expect(res.status()).toBe(200);
}
