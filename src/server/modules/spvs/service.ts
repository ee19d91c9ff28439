import type { z } from 'zod';
import type { Spv, spvInput, spvUpdateInput } from '../../../shared/spvs.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../auth/service.ts';

interface SpvRow {
  id: string;
  name: string;
  jurisdiction: string;
  annual_return_due: string;
  bank_balance: string;
  advisory_fee_flow: string | null;
  status: Spv['status'];
  created_at: Date;
}

const COLUMNS = `id, name, jurisdiction, to_char(annual_return_due, 'YYYY-MM-DD') AS annual_return_due, bank_balance, advisory_fee_flow, status, created_at`;

const toSpv = (r: SpvRow): Spv => ({
  id: r.id,
  name: r.name,
  jurisdiction: r.jurisdiction,
  annualReturnDue: r.annual_return_due,
  bankBalance: r.bank_balance,
  advisoryFeeFlow: r.advisory_fee_flow,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listSpvs(q: Queryable): Promise<Spv[]> {
  return (await q.query<SpvRow>(`SELECT ${COLUMNS} FROM spvs ORDER BY lower(name), name`)).map(toSpv);
}

async function getSpv(q: Queryable, id: string): Promise<Spv> {
  const row = (await q.query<SpvRow>(`SELECT ${COLUMNS} FROM spvs WHERE id = $1`, [id]))[0];
  if (!row) throw notFound('SPV not found');
  return toSpv(row);
}

const duplicate = () => conflict('An SPV with this name already exists', 'DUPLICATE_SPV');

export async function createSpv(q: Queryable, input: z.output<typeof spvInput>): Promise<Spv> {
  try {
    const rows = await q.query<{ id: string }>(
      `INSERT INTO spvs (name, jurisdiction, annual_return_due, bank_balance, advisory_fee_flow, status)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [input.name, input.jurisdiction, input.annualReturnDue, input.bankBalance, input.advisoryFeeFlow ?? null, input.status],
    );
    return getSpv(q, rows[0]?.id as string);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

const COLUMN_OF: Record<string, string> = {
  name: 'name',
  jurisdiction: 'jurisdiction',
  annualReturnDue: 'annual_return_due',
  bankBalance: 'bank_balance',
  advisoryFeeFlow: 'advisory_fee_flow',
  status: 'status',
};

export async function updateSpv(q: Queryable, id: string, input: z.output<typeof spvUpdateInput>): Promise<Spv> {
  await getSpv(q, id);
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(COLUMN_OF)) {
    if (!(key in input) || (input as Record<string, unknown>)[key] === undefined) continue;
    params.push((input as Record<string, unknown>)[key]);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return getSpv(q, id);
  try {
    await q.query(`UPDATE spvs SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
  return getSpv(q, id);
}
