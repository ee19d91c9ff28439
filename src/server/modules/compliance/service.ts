import type { z } from 'zod';
import {
  type ComplianceItem,
  type ComplianceOverview,
  type ComplianceStatus,
  type complianceItemInput,
  type complianceItemUpdate,
  complianceScore,
  complianceStatus,
  type ExternalDueItem,
  nextOccurrence,
} from '../../../shared/compliance.ts';
import { DOCUMENT_EXPIRY_WARNING_DAYS } from '../../../shared/constants.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import {
  advanceSpvReturn,
  allItems,
  documentsExpiring,
  findItem,
  type ItemChanges,
  type ItemRow,
  insertItem,
  isAdmin,
  spvReturnsDue,
  updateItemColumns,
} from './repository.ts';

const toItem = (r: ItemRow, today: string): ComplianceItem => ({
  id: r.id,
  source: 'item',
  type: r.type,
  title: r.title,
  description: r.description,
  dueDate: r.dueDate,
  workflowState: r.workflowState,
  status: complianceStatus(r.workflowState, r.dueDate, today),
  assignedTo: r.assignedTo,
  assignedToName: r.assignedName,
  priority: r.priority,
  recurrence: r.recurrence,
  lastUpdated: r.lastUpdated.toISOString(),
});

/** Every item with its status on the company's `today` (decision record 020). */
export async function overview(q: Queryable, today: string): Promise<ComplianceOverview> {
  const items = (await allItems(q)).map((r) => toItem(r, today));
  const counts: Record<ComplianceStatus, number> = { overdue: 0, due_soon: 0, in_progress: 0, completed: 0 };
  for (const i of items) counts[i.status]++;
  // SPV returns (the SPV's own due date is the source of truth) and vault expiries within
  // 30 days, shown beside the items; they do not count in the score.
  const spvs = await spvReturnsDue(q, today, DOCUMENT_EXPIRY_WARNING_DAYS);
  const docs = await documentsExpiring(q, today, DOCUMENT_EXPIRY_WARNING_DAYS);
  const external: ExternalDueItem[] = [
    ...spvs.map((s) => ({
      id: `spv:${s.id}`,
      source: 'spv' as const,
      sourceId: s.id,
      title: `Annual return: ${s.name}`,
      name: s.name,
      dueDate: s.due,
      status: complianceStatus('not_started', s.due, today),
    })),
    ...docs.map((d) => ({
      id: `document:${d.id}`,
      source: 'document' as const,
      sourceId: d.id,
      title: `Document expiry: ${d.name}`,
      name: d.name,
      dueDate: d.due,
      status: complianceStatus('not_started', d.due, today),
    })),
  ];
  return { score: complianceScore(items), counts, items, external };
}

async function getItem(q: Queryable, id: string, lock = false): Promise<ItemRow> {
  const row = await findItem(q, id, lock);
  if (!row) throw notFound('Compliance item not found');
  return row;
}

async function assertAdmin(q: Queryable, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  if (!(await isAdmin(q, userId)))
    throw badRequest('Assign the item to an administrator', { assignedTo: 'Assign the item to an administrator' });
}

export async function createItem(
  q: Queryable,
  input: z.output<typeof complianceItemInput>,
  actorId: string,
  ip: string,
): Promise<ComplianceItem> {
  await assertAdmin(q, input.assignedTo);
  const id = await insertItem(q, {
    type: input.type,
    title: input.title,
    description: input.description ?? null,
    dueDate: input.dueDate,
    assignedTo: input.assignedTo ?? null,
    priority: input.priority,
    recurrence: input.recurrence ?? null,
  });
  await logActivity(q, {
    type: 'compliance_item_created',
    userId: actorId,
    targetUserId: input.assignedTo ?? null,
    details: { itemId: id, title: input.title, dueDate: input.dueDate },
    ip,
  });
  return toItem(await getItem(q, id), (await companyDayIn(q)).today);
}

/** The fields an update may set: each is its column (camelCase in the typed layer). */
const EDITABLE = [
  'type',
  'title',
  'description',
  'dueDate',
  'assignedTo',
  'priority',
  'recurrence',
] as const satisfies readonly (keyof ItemChanges)[];

export async function updateItem(
  q: Queryable,
  id: string,
  input: z.output<typeof complianceItemUpdate>,
  actorId: string,
  ip: string,
): Promise<ComplianceItem> {
  await getItem(q, id, true);
  await assertAdmin(q, input.assignedTo);
  const changes: ItemChanges = {};
  for (const key of EDITABLE) if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  if (Object.keys(changes).length > 0) {
    await updateItemColumns(q, id, changes);
    await logActivity(q, {
      type: 'compliance_item_updated',
      userId: actorId,
      details: { itemId: id, changedKeys: Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined) },
      ip,
    });
  }
  return toItem(await getItem(q, id), (await companyDayIn(q)).today);
}

export async function startItem(q: Queryable, id: string, actorId: string, ip: string): Promise<ComplianceItem> {
  const row = await getItem(q, id, true);
  if (row.workflowState !== 'not_started') throw conflict('Only an item that has not started can be started', 'INVALID_TRANSITION');
  await updateItemColumns(q, id, { workflowState: 'in_progress' });
  await logActivity(q, {
    type: 'compliance_item_updated',
    userId: actorId,
    details: { itemId: id, title: row.title, from: 'not_started', to: 'in_progress' },
    ip,
  });
  return toItem(await getItem(q, id), (await companyDayIn(q)).today);
}

/** Completes an item; a recurring one gets its next occurrence (same assignee and priority). */
export async function completeItem(
  q: Queryable,
  id: string,
  actorId: string,
  ip: string,
): Promise<{ item: ComplianceItem; next: ComplianceItem | null }> {
  const row = await getItem(q, id, true);
  if (row.workflowState === 'completed') throw conflict('This item is already completed', 'INVALID_TRANSITION');
  await updateItemColumns(q, id, { workflowState: 'completed' }, true);
  await logActivity(q, {
    type: 'compliance_item_completed',
    userId: actorId,
    details: { itemId: id, title: row.title, dueDate: row.dueDate },
    ip,
  });
  let next: ComplianceItem | null = null;
  if (row.recurrence) {
    const created = await insertItem(q, {
      type: row.type,
      title: row.title,
      description: row.description,
      dueDate: nextOccurrence(row.dueDate, row.recurrence),
      assignedTo: row.assignedTo,
      priority: row.priority,
      recurrence: row.recurrence,
    });
    next = toItem(await getItem(q, created), (await companyDayIn(q)).today);
  }
  return { item: toItem(await getItem(q, id), (await companyDayIn(q)).today), next };
}

/** Marks an SPV's annual return as filed: its due date moves a year ahead. */
export async function fileSpvReturn(q: Queryable, spvId: string, actorId: string, ip: string): Promise<string> {
  const row = await advanceSpvReturn(q, spvId);
  if (!row) throw notFound('SPV not found');
  await logActivity(q, { type: 'spv_return_filed', userId: actorId, details: { spvId, name: row.name, nextDue: row.due }, ip });
  return row.due;
}
