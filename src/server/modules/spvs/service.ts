import type { z } from 'zod';
import { PAYMENT_FIELDS, paymentInstructionIssues, type Spv, type spvInput, type spvUpdateInput } from '../../../shared/spvs.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { allSpvs, findSpv, insertSpv, lockSpv, type SpvChanges, updateSpvColumns } from './repository.ts';

export async function listSpvs(q: Queryable): Promise<Spv[]> {
  return allSpvs(q);
}

async function getSpv(q: Queryable, id: string): Promise<Spv> {
  const spv = await findSpv(q, id);
  if (!spv) throw notFound('SPV not found');
  return spv;
}

const duplicate = () => conflict('An SPV with this name already exists', 'DUPLICATE_SPV');

export async function createSpv(q: Queryable, input: z.output<typeof spvInput>): Promise<Spv> {
  try {
    const id = await insertSpv(q, {
      name: input.name,
      jurisdiction: input.jurisdiction,
      annualReturnDue: input.annualReturnDue,
      bankBalance: input.bankBalance,
      advisoryFeeFlow: input.advisoryFeeFlow ?? null,
      status: input.status,
      bankName: input.bankName ?? null,
      accountName: input.accountName ?? null,
      accountNumber: input.accountNumber ?? null,
      swiftCode: input.swiftCode ?? null,
      paymentReference: input.paymentReference ?? null,
    });
    return getSpv(q, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** The fields a PATCH may set: each is its column (camelCase in the typed layer). */
const EDITABLE = [
  'name',
  'jurisdiction',
  'annualReturnDue',
  'bankBalance',
  'advisoryFeeFlow',
  'status',
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'paymentReference',
] as const satisfies readonly (keyof SpvChanges)[];

export async function updateSpv(q: Queryable, id: string, input: z.output<typeof spvUpdateInput>): Promise<Spv> {
  // The row is locked so two partial edits cannot together leave incomplete payment instructions.
  if (!(await lockSpv(q, id))) throw notFound('SPV not found');
  const current = await getSpv(q, id);
  const merged = Object.fromEntries(
    PAYMENT_FIELDS.map((f) => [
      f,
      (input as Record<string, unknown>)[f] === undefined ? current[f] : (input as Record<string, unknown>)[f],
    ]),
  ) as Record<(typeof PAYMENT_FIELDS)[number], string | null>;
  const issues = paymentInstructionIssues(merged);
  if (Object.keys(issues).length > 0) throw badRequest('Complete the payment instructions', issues);
  const changes: SpvChanges = {};
  for (const key of EDITABLE) if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  if (Object.keys(changes).length === 0) return getSpv(q, id);
  try {
    await updateSpvColumns(q, id, changes);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
  return getSpv(q, id);
}
