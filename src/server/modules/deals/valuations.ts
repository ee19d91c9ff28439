import type { z } from 'zod';
import type { Valuation, valuationInput } from '../../../shared/performance.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';

interface Row {
  id: string;
  deal_id: string;
  valuation_date: string;
  current_value: string;
  expected_exit: string | null;
  performance_status: Valuation['performanceStatus'];
  created_at: Date;
}

export async function listValuations(q: Queryable, dealId: string): Promise<Valuation[]> {
  const rows =
    await sql<Row>(`SELECT id, deal_id, to_char(valuation_date, 'YYYY-MM-DD') AS valuation_date, current_value, expected_exit, performance_status, created_at
       FROM valuations WHERE deal_id = $1 ORDER BY valuation_date DESC, created_at DESC`).all(q, [dealId]);
  return rows.map((r) => ({
    id: r.id,
    dealId: r.deal_id,
    valuationDate: r.valuation_date,
    currentValue: r.current_value,
    expectedExit: r.expected_exit,
    performanceStatus: r.performance_status,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function addValuation(
  q: Queryable,
  dealId: string,
  input: z.output<typeof valuationInput>,
  actorId: string,
  ip: string,
): Promise<Valuation[]> {
  const deal = await sql<{ title: string }>('SELECT title FROM deals WHERE id = $1').first(q, [dealId]);
  if (!deal) throw notFound('Deal not found');
  await q.query(
    'INSERT INTO valuations (deal_id, valuation_date, current_value, expected_exit, performance_status, created_by) VALUES ($1, $2, $3, $4, $5, $6)',
    [dealId, input.valuationDate, input.currentValue, input.expectedExit ?? null, input.performanceStatus, actorId],
  );
  await logActivity(q, {
    type: 'valuation_recorded',
    userId: actorId,
    details: { dealId, title: deal.title, value: input.currentValue, date: input.valuationDate },
    ip,
  });
  return listValuations(q, dealId);
}
