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
import { sql } from '../../db/sql.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { companyDayIn } from '../settings/clock.ts';

interface ItemRow {
  id: string;
  type: ComplianceItem['type'];
  title: string;
  description: string | null;
  due_date: string;
  workflow_state: ComplianceItem['workflowState'];
  assigned_to: string | null;
  assigned_name: string | null;
  priority: ComplianceItem['priority'];
  recurrence: ComplianceItem['recurrence'];
  last_updated: Date;
}

const SELECT = `SELECT c.id, c.type, c.title, c.description, to_char(c.due_date, 'YYYY-MM-DD') AS due_date, c.workflow_state,
    c.assigned_to, p.name AS assigned_name, c.priority, c.recurrence, c.last_updated
  FROM compliance_items c LEFT JOIN profiles p ON p.id = c.assigned_to`;

const toItem = (r: ItemRow, today: string): ComplianceItem => ({
  id: r.id,
  source: 'item',
  type: r.type,
  title: r.title,
  description: r.description,
  dueDate: r.due_date,
  workflowState: r.workflow_state,
  status: complianceStatus(r.workflow_state, r.due_date, today),
  assignedTo: r.assigned_to,
  assignedToName: r.assigned_name,
  priority: r.priority,
  recurrence: r.recurrence,
  lastUpdated: new Date(r.last_updated).toISOString(),
});

/** Every item with its status on the company's `today` (decision record 020). */
export async function overview(q: Queryable, today: string): Promise<ComplianceOverview> {
  const items = (await sql<ItemRow>(`${SELECT} ORDER BY c.due_date, c.title`).all(q)).map((r) => toItem(r, today));
  const counts: Record<ComplianceStatus, number> = { overdue: 0, due_soon: 0, in_progress: 0, completed: 0 };
  for (const i of items) counts[i.status]++;
  // SPV returns (the SPV's own due date is the source of truth) and vault expiries within
  // 30 days, shown beside the items; they do not count in the score.
  const spvs = await sql<{
    id: string;
    name: string;
    due: string;
  }>(`SELECT id, name, to_char(annual_return_due, 'YYYY-MM-DD') AS due FROM spvs
      WHERE status = 'Active' AND annual_return_due <= $2::date + $1::int ORDER BY annual_return_due`).all(q, [
    DOCUMENT_EXPIRY_WARNING_DAYS,
    today,
  ]);
  const docs = await sql<{
    id: string;
    name: string;
    due: string;
  }>(`SELECT id, name, to_char(expiration_date, 'YYYY-MM-DD') AS due FROM documents
      WHERE expiration_date IS NOT NULL AND expiration_date <= $2::date + $1::int ORDER BY expiration_date`).all(q, [
    DOCUMENT_EXPIRY_WARNING_DAYS,
    today,
  ]);
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
  const row = await sql<ItemRow>(`${SELECT} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`).first(q, [id]);
  if (!row) throw notFound('Compliance item not found');
  return row;
}

async function assertAdmin(q: Queryable, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const ok = await q.query("SELECT 1 FROM profiles WHERE id = $1 AND role = 'admin'", [userId]);
  if (ok.length === 0) throw badRequest('Assign the item to an administrator', { assignedTo: 'Assign the item to an administrator' });
}

export async function createItem(
  q: Queryable,
  input: z.output<typeof complianceItemInput>,
  actorId: string,
  ip: string,
): Promise<ComplianceItem> {
  await assertAdmin(q, input.assignedTo);
  const rows = await sql<{
    id: string;
  }>(`INSERT INTO compliance_items (type, title, description, due_date, assigned_to, priority, recurrence)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`).all(q, [
    input.type,
    input.title,
    input.description ?? null,
    input.dueDate,
    input.assignedTo ?? null,
    input.priority,
    input.recurrence ?? null,
  ]);
  const id = rows[0]?.id as string;
  await logActivity(q, {
    type: 'compliance_item_created',
    userId: actorId,
    targetUserId: input.assignedTo ?? null,
    details: { itemId: id, title: input.title, dueDate: input.dueDate },
    ip,
  });
  return toItem(await getItem(q, id), (await companyDayIn(q)).today);
}

const COLUMN_OF: Record<string, string> = {
  type: 'type',
  title: 'title',
  description: 'description',
  dueDate: 'due_date',
  assignedTo: 'assigned_to',
  priority: 'priority',
  recurrence: 'recurrence',
};

export async function updateItem(
  q: Queryable,
  id: string,
  input: z.output<typeof complianceItemUpdate>,
  actorId: string,
  ip: string,
): Promise<ComplianceItem> {
  await getItem(q, id, true);
  await assertAdmin(q, input.assignedTo);
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(COLUMN_OF)) {
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length > 0) {
    await q.query(`UPDATE compliance_items SET ${sets.join(', ')}, last_updated = now() WHERE id = $1`, params);
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
  if (row.workflow_state !== 'not_started') throw conflict('Only an item that has not started can be started', 'INVALID_TRANSITION');
  await q.query("UPDATE compliance_items SET workflow_state = 'in_progress', last_updated = now() WHERE id = $1", [id]);
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
  if (row.workflow_state === 'completed') throw conflict('This item is already completed', 'INVALID_TRANSITION');
  await q.query("UPDATE compliance_items SET workflow_state = 'completed', completed_at = now(), last_updated = now() WHERE id = $1", [id]);
  await logActivity(q, {
    type: 'compliance_item_completed',
    userId: actorId,
    details: { itemId: id, title: row.title, dueDate: row.due_date },
    ip,
  });
  let next: ComplianceItem | null = null;
  if (row.recurrence) {
    const created = await sql<{
      id: string;
    }>(`INSERT INTO compliance_items (type, title, description, due_date, assigned_to, priority, recurrence)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`).all(q, [
      row.type,
      row.title,
      row.description,
      nextOccurrence(row.due_date, row.recurrence),
      row.assigned_to,
      row.priority,
      row.recurrence,
    ]);
    next = toItem(await getItem(q, created[0]?.id as string), (await companyDayIn(q)).today);
  }
  return { item: toItem(await getItem(q, id), (await companyDayIn(q)).today), next };
}

/** Marks an SPV's annual return as filed: its due date moves a year ahead. */
export async function fileSpvReturn(q: Queryable, spvId: string, actorId: string, ip: string): Promise<string> {
  const rows = await sql<{
    due: string;
    name: string;
  }>(`UPDATE spvs SET annual_return_due = annual_return_due + interval '1 year', updated_at = now() WHERE id = $1
     RETURNING to_char(annual_return_due, 'YYYY-MM-DD') AS due, name`).all(q, [spvId]);
  if (!rows[0]) throw notFound('SPV not found');
  await logActivity(q, { type: 'spv_return_filed', userId: actorId, details: { spvId, name: rows[0].name, nextDue: rows[0].due }, ip });
  return rows[0].due;
}
