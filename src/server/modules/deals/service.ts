import type { z } from 'zod';
import type { createDealInput, Deal, DealStage, updateDealInput } from '../../../shared/deals.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';

const DEAL_COLUMNS = `d.id, d.title, d.type, d.target_amount, d.committed_amount, d.spv_entity, d.expected_irr, d.risk_score,
  d.description, d.next_step, d.stage, d.status, d.created_by, p.name AS created_by_name, d.created_at, d.stage_entered_at, d.updated_at`;

interface DealRow {
  id: string;
  title: string;
  type: Deal['type'];
  target_amount: string | null;
  committed_amount: string;
  spv_entity: string | null;
  expected_irr: string | null;
  risk_score: string | null;
  description: string | null;
  next_step: string | null;
  stage: Deal['stage'];
  status: Deal['status'];
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  stage_entered_at: Date;
  updated_at: Date;
}

export function toDeal(r: DealRow): Deal {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    targetAmount: r.target_amount,
    committedAmount: r.committed_amount,
    spvEntity: r.spv_entity,
    expectedIrr: r.expected_irr,
    riskScore: r.risk_score,
    description: r.description,
    nextStep: r.next_step,
    stage: r.stage,
    status: r.status,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    stageEnteredAt: new Date(r.stage_entered_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listDeals(q: Queryable): Promise<Deal[]> {
  const rows = await q.query<DealRow>(
    `SELECT ${DEAL_COLUMNS} FROM deals d LEFT JOIN profiles p ON p.id = d.created_by ORDER BY d.created_at DESC, d.id DESC`,
  );
  return rows.map(toDeal);
}

export async function getDeal(q: Queryable, id: string, forUpdate = false): Promise<Deal> {
  const rows = await q.query<DealRow>(
    `SELECT ${DEAL_COLUMNS} FROM deals d LEFT JOIN profiles p ON p.id = d.created_by WHERE d.id = $1${forUpdate ? ' FOR UPDATE OF d' : ''}`,
    [id],
  );
  if (!rows[0]) throw notFound('Deal not found');
  return toDeal(rows[0]);
}

export async function createDeal(q: Queryable, input: z.output<typeof createDealInput>, userId: string, ip: string): Promise<Deal> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO deals (title, type, target_amount, spv_entity, expected_irr, risk_score, description, next_step, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      input.title,
      input.type,
      input.targetAmount ?? null,
      input.spvEntity ?? null,
      input.expectedIrr ?? null,
      input.riskScore ?? null,
      input.description ?? null,
      input.nextStep ?? null,
      userId,
    ],
  );
  const id = rows[0]?.id as string;
  await logActivity(q, { type: 'deal_created', userId, details: { dealId: id, title: input.title, type: input.type }, ip });
  return getDeal(q, id);
}

const FIELD_COLUMNS: Record<string, string> = {
  title: 'title',
  type: 'type',
  targetAmount: 'target_amount',
  spvEntity: 'spv_entity',
  expectedIrr: 'expected_irr',
  riskScore: 'risk_score',
  description: 'description',
  nextStep: 'next_step',
  status: 'status',
  stage: 'stage',
};

const same = (a: unknown, b: unknown) => (a === null || a === undefined ? null : String(a)) === (b === null || b === undefined ? null : String(b));
const sameAmount = (a: unknown, b: unknown) =>
  a === null || b === null || a === undefined || b === undefined ? same(a, b) : Number(a) === Number(b);

/** Updates the given fields; logs deal_updated with the changed fields (and from/to for a stage move). */
export async function updateDeal(
  q: Queryable,
  id: string,
  input: z.output<typeof updateDealInput>,
  userId: string,
  ip: string,
): Promise<Deal> {
  const before = await getDeal(q, id, true);
  const sets: string[] = [];
  const params: unknown[] = [id];
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, column] of Object.entries(FIELD_COLUMNS)) {
    if (!(key in input)) continue;
    const value = (input as Record<string, unknown>)[key] ?? null;
    const old = (before as unknown as Record<string, unknown>)[key] ?? null;
    const unchanged = key.endsWith('Amount') ? sameAmount(old, value) : same(old, value);
    if (unchanged) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
    changes[key] = { from: old, to: value };
  }
  if (sets.length === 0) return before;
  if (changes.stage) sets.push('stage_entered_at = now()');
  sets.push('updated_at = now()');
  await q.query(`UPDATE deals SET ${sets.join(', ')} WHERE id = $1`, params);
  const details: Record<string, unknown> = { dealId: id, title: before.title, changes };
  if (changes.stage) Object.assign(details, { from: changes.stage.from, to: changes.stage.to });
  await logActivity(q, { type: 'deal_updated', userId, details, ip });
  return getDeal(q, id);
}

export function moveDeal(q: Queryable, id: string, stage: DealStage, userId: string, ip: string): Promise<Deal> {
  return updateDeal(q, id, { stage }, userId, ip);
}

export interface DealActivity {
  id: number;
  activityType: string;
  userName: string | null;
  userDeleted: boolean;
  details: Record<string, unknown>;
  createdAt: string;
}

export async function dealActivity(q: Queryable, dealId: string): Promise<DealActivity[]> {
  const rows = await q.query<{ id: number; activity_type: string; user_id: string | null; name: string | null; details: Record<string, unknown>; created_at: Date }>(
    `SELECT a.id, a.activity_type, a.user_id, p.name, a.details, a.created_at
       FROM activity_logs a LEFT JOIN profiles p ON p.id = a.user_id
      WHERE a.details ->> 'dealId' = $1
      ORDER BY a.created_at DESC, a.id DESC LIMIT 100`,
    [dealId],
  );
  return rows.map((r) => ({
    id: r.id,
    activityType: r.activity_type,
    userName: r.name,
    userDeleted: r.user_id !== null && r.name === null,
    details: r.details,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
