import type { ValuationFacts } from '../../../shared/ledger.ts';
import { toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { valuationRows } from './statements-repository.ts';

/**
 * The deals' valuations as ledger facts (date order; one per deal and day, the last recorded
 * wins), the inputs of the roll-forward (decision 023) for every screen, statement and export.
 */
export async function valuationFacts(q: Queryable, dealIds: string[]): Promise<Map<string, ValuationFacts[]>> {
  const out = new Map<string, ValuationFacts[]>();
  if (dealIds.length === 0) return out;
  for (const v of await valuationRows(q, dealIds)) {
    const list = out.get(v.dealId) ?? [];
    const f = { date: v.valuationDate, cents: toCents(v.currentValue) };
    const same = list.findIndex((x) => x.date === v.valuationDate);
    if (same >= 0) list[same] = f;
    else list.push(f);
    out.set(v.dealId, list);
  }
  return out;
}
