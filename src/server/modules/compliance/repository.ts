import { type Insertable, sql as kysql, type Updateable } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import type { ComplianceItemsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The compliance queries (decision 035), typed from schema.generated.ts. */

const selectItems = (q: Queryable) =>
  typed(q)
    .selectFrom('compliance_items as c')
    .leftJoin('profiles as p', 'p.id', 'c.assignedTo')
    .select([
      'c.id',
      'c.type',
      'c.title',
      'c.description',
      'c.dueDate',
      'c.workflowState',
      'c.assignedTo',
      'p.name as assignedName',
      'c.priority',
      'c.recurrence',
      'c.lastUpdated',
    ]);

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

export function allItems(q: Queryable): Promise<ItemRow[]> {
  return selectItems(q).orderBy('c.dueDate').orderBy('c.title').execute();
}

/** One item (locked until the transaction ends with `lock`). */
export function findItem(q: Queryable, id: string, lock: boolean): Promise<ItemRow | undefined> {
  return selectItems(q)
    .where('c.id', '=', id)
    .$if(lock, (qb) => qb.forUpdate(['c']))
    .executeTakeFirst();
}

const within = (today: string, days: number) => kysql<string>`${today}::date + ${days}::int`;

/** Active SPVs whose annual return is due on or before today + days, soonest first. */
export function spvReturnsDue(q: Queryable, today: string, days: number) {
  return typed(q)
    .selectFrom('spvs')
    .select(['id', 'name', 'annualReturnDue as due'])
    .where('status', '=', 'Active')
    .where('annualReturnDue', '<=', within(today, days))
    .orderBy('annualReturnDue')
    .execute();
}

/** Vault documents expiring on or before today + days, soonest first. */
export async function documentsExpiring(q: Queryable, today: string, days: number): Promise<{ id: string; name: string; due: string }[]> {
  return typed(q)
    .selectFrom('documents')
    .select(['id', 'name', 'expirationDate as due'])
    .where('expirationDate', 'is not', null)
    .where('expirationDate', '<=', within(today, days))
    .orderBy('expirationDate')
    .$narrowType<{ due: string }>()
    .execute();
}

export async function isAdmin(q: Queryable, userId: string): Promise<boolean> {
  const row = await typed(q).selectFrom('profiles').select('id').where('id', '=', userId).where('role', '=', 'admin').executeTakeFirst();
  return row !== undefined;
}

export type NewItem = Pick<Insertable<ComplianceItemsTable>, 'type' | 'title' | 'description' | 'dueDate' | 'assignedTo' | 'recurrence'> & {
  priority: ItemRow['priority'];
};

export async function insertItem(q: Queryable, item: NewItem): Promise<string> {
  return (await typed(q).insertInto('compliance_items').values(item).returning('id').executeTakeFirstOrThrow()).id;
}

export type ItemChanges = Pick<
  Updateable<ComplianceItemsTable>,
  'type' | 'title' | 'description' | 'dueDate' | 'assignedTo' | 'priority' | 'recurrence' | 'workflowState'
>;

/** Sets the given columns and last_updated (completed_at too when `completed`). */
export async function updateItemColumns(q: Queryable, id: string, changes: ItemChanges, completed = false): Promise<void> {
  const now = kysql<Date>`now()`;
  await typed(q)
    .updateTable('compliance_items')
    .set({ ...changes, lastUpdated: now, ...(completed ? { completedAt: now } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Moves an SPV's annual return a year ahead; its new due date and name, or undefined when there is no such SPV. */
export function advanceSpvReturn(q: Queryable, spvId: string) {
  return typed(q)
    .updateTable('spvs')
    .set({ annualReturnDue: kysql<string>`${kysql.ref('annualReturnDue')} + interval '1 year'`, updatedAt: kysql<Date>`now()` })
    .where('id', '=', spvId)
    .returning(['annualReturnDue as due', 'name'])
    .executeTakeFirst();
}
