import type { ValuationFacts } from '../../../shared/ledger.ts';
import { toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';

/**
 * The deals' valuations as ledger facts (date order; one per deal and day, the last recorded
 * wins), the inputs of the roll-forward (decision 023) for every screen, statement and export.
 */
export async function valuationFacts(q: Queryable, dealIds: string[]): Promise<Map<string, ValuationFacts[]>> {
  const out = new Map<string, ValuationFacts[]>();
  if (dealIds.length === 0) return out;
  const rows = await sql<{ deal_id: string; valuation_date: string; current_value: string }>(
    `SELECT deal_id, to_char(valuation_date, 'YYYY-MM-DD') AS valuation_date, current_value FROM valuations
      WHERE deal_id = ANY($1::uuid[]) ORDER BY valuation_date, created_at`,
  ).all(q, [dealIds]);
  for (const v of rows) {
    const list = out.get(v.deal_id) ?? [];
    const f = { date: v.valuation_date, cents: toCents(v.current_value) };
    const same = list.findIndex((x) => x.date === v.valuation_date);
    if (same >= 0) list[same] = f;
    else list.push(f);
    out.set(v.deal_id, list);
  }
  return out;
}
