import type { z } from 'zod';
import { PAYMENT_FIELDS, paymentInstructionIssues, type Spv, type spvInput, type spvUpdateInput } from '../../../shared/spvs.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../auth/service.ts';

interface SpvRow {
  id: string;
  name: string;
  jurisdiction: string;
  annual_return_due: string;
  bank_balance: string;
  advisory_fee_flow: string | null;
  status: Spv['status'];
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  swift_code: string | null;
  payment_reference: string | null;
  created_at: Date;
}

const COLUMNS = `id, name, jurisdiction, to_char(annual_return_due, 'YYYY-MM-DD') AS annual_return_due, bank_balance, advisory_fee_flow, status,
  bank_name, account_name, account_number, swift_code, payment_reference, created_at`;

const toSpv = (r: SpvRow): Spv => ({
  id: r.id,
  name: r.name,
  jurisdiction: r.jurisdiction,
  annualReturnDue: r.annual_return_due,
  bankBalance: r.bank_balance,
  advisoryFeeFlow: r.advisory_fee_flow,
  status: r.status,
  bankName: r.bank_name,
  accountName: r.account_name,
  accountNumber: r.account_number,
  swiftCode: r.swift_code,
  paymentReference: r.payment_reference,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listSpvs(q: Queryable): Promise<Spv[]> {
  return (await sql<SpvRow>(`SELECT ${COLUMNS} FROM spvs ORDER BY lower(name), name`).all(q)).map(toSpv);
}

async function getSpv(q: Queryable, id: string): Promise<Spv> {
  const row = await sql<SpvRow>(`SELECT ${COLUMNS} FROM spvs WHERE id = $1`).first(q, [id]);
  if (!row) throw notFound('SPV not found');
  return toSpv(row);
}

const duplicate = () => conflict('An SPV with this name already exists', 'DUPLICATE_SPV');

export async function createSpv(q: Queryable, input: z.output<typeof spvInput>): Promise<Spv> {
  try {
    const rows = await sql<{
      id: string;
    }>(`INSERT INTO spvs (name, jurisdiction, annual_return_due, bank_balance, advisory_fee_flow, status,
                         bank_name, account_name, account_number, swift_code, payment_reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`).all(q, [
      input.name,
      input.jurisdiction,
      input.annualReturnDue,
      input.bankBalance,
      input.advisoryFeeFlow ?? null,
      input.status,
      input.bankName ?? null,
      input.accountName ?? null,
      input.accountNumber ?? null,
      input.swiftCode ?? null,
      input.paymentReference ?? null,
    ]);
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
  bankName: 'bank_name',
  accountName: 'account_name',
  accountNumber: 'account_number',
  swiftCode: 'swift_code',
  paymentReference: 'payment_reference',
};

export async function updateSpv(q: Queryable, id: string, input: z.output<typeof spvUpdateInput>): Promise<Spv> {
  // The row is locked so two partial edits cannot together leave incomplete payment instructions.
  const rows = await sql<{ id: string }>('SELECT id FROM spvs WHERE id = $1 FOR UPDATE').all(q, [id]);
  if (!rows[0]) throw notFound('SPV not found');
  const current = await getSpv(q, id);
  const merged = Object.fromEntries(
    PAYMENT_FIELDS.map((f) => [
      f,
      (input as Record<string, unknown>)[f] === undefined ? current[f] : (input as Record<string, unknown>)[f],
    ]),
  ) as Record<(typeof PAYMENT_FIELDS)[number], string | null>;
  const issues = paymentInstructionIssues(merged);
  if (Object.keys(issues).length > 0) throw badRequest('Complete the payment instructions', issues);
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
