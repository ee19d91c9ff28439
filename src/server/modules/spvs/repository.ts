import { sql as kysql, type Updateable } from 'kysely';
import type { Spv } from '../../../shared/spvs.ts';
import type { Queryable } from '../../db/client.ts';
import type { SpvsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The SPV queries (decision 035): typed from schema.generated.ts, columns read in camelCase. */

const SPV_COLUMNS = [
  'id',
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
  'createdAt',
] as const;

const selectSpvs = (q: Queryable) => typed(q).selectFrom('spvs').select(SPV_COLUMNS);

const toSpv = (r: Awaited<ReturnType<ReturnType<typeof selectSpvs>['executeTakeFirstOrThrow']>>): Spv => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function allSpvs(q: Queryable): Promise<Spv[]> {
  const rows = await selectSpvs(q)
    .orderBy(kysql`lower(${kysql.ref('name')})`)
    .orderBy('name')
    .execute();
  return rows.map(toSpv);
}

export async function findSpv(q: Queryable, id: string): Promise<Spv | undefined> {
  const row = await selectSpvs(q).where('id', '=', id).executeTakeFirst();
  return row && toSpv(row);
}

/** Locks the SPV's row until the transaction ends; false when there is none. */
export async function lockSpv(q: Queryable, id: string): Promise<boolean> {
  return (await typed(q).selectFrom('spvs').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
}

export type NewSpv = Omit<Spv, 'id' | 'createdAt'>;

/** Inserts an SPV and returns its id (a duplicate name is a unique violation). */
export async function insertSpv(q: Queryable, spv: NewSpv): Promise<string> {
  return (await typed(q).insertInto('spvs').values(spv).returning('id').executeTakeFirstOrThrow()).id;
}

export type SpvChanges = Omit<Updateable<SpvsTable>, 'id' | 'createdAt' | 'updatedAt'>;

/** Sets the given columns (and updated_at); nothing is written when there are none. */
export async function updateSpvColumns(q: Queryable, id: string, changes: SpvChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await typed(q)
    .updateTable('spvs')
    .set({ ...changes, updatedAt: kysql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
