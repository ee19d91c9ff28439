import type { z } from 'zod';
import type { Valuation, valuationInput } from '../../../shared/performance.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { dealTitle, dealValuations, insertValuation } from './repository.ts';

export async function listValuations(q: Queryable, dealId: string): Promise<Valuation[]> {
  const rows = await dealValuations(q, dealId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function addValuation(
  q: Queryable,
  dealId: string,
  input: z.output<typeof valuationInput>,
  actorId: string,
  ip: string,
): Promise<Valuation[]> {
  const title = await dealTitle(q, dealId);
  if (title === undefined) throw notFound('Deal not found');
  await insertValuation(q, {
    dealId,
    valuationDate: input.valuationDate,
    currentValue: input.currentValue,
    expectedExit: input.expectedExit ?? null,
    performanceStatus: input.performanceStatus,
    createdBy: actorId,
  });
  await logActivity(q, {
    type: 'valuation_recorded',
    userId: actorId,
    details: { dealId, title, value: input.currentValue, date: input.valuationDate },
    ip,
  });
  return listValuations(q, dealId);
}
