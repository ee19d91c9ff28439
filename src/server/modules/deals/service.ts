import type { z } from 'zod';
import {
  type createDealInput,
  DEAL_PAGE_SIZE,
  DEAL_STAGE_TOTAL_CAP,
  DEAL_STAGES,
  type Deal,
  type DealActivity,
  type DealCursor,
  type DealOption,
  type DealPipeline,
  type DealStage,
  type DealStagePage,
  type DealStageSummary,
  encodeDealCursor,
  type updateDealInput,
} from '../../../shared/deals.ts';
import { formatUsdExact, toCents } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';

/**
 * A deal's columns (the table aliased d) and its creator's name. The name is a correlated lookup,
 * never a join: it runs once per row returned, by primary key, after any LIMIT (a join to
 * profiles may be planned as a hash join that reads every profile).
 */
const DEAL_COLUMNS = `d.id, d.title, d.type, d.target_amount, d.committed_amount, d.spv_entity, d.expected_irr, d.risk_score,
  d.description, d.next_step, d.stage, d.status, d.created_by, (SELECT p.name FROM profiles p WHERE p.id = d.created_by) AS created_by_name,
  d.created_at, d.stage_entered_at, d.updated_at`;

/**
 * The ids of one page of a stage, newest first, as an index-only scan of (stage, created_at DESC,
 * id DESC). Selecting only indexed columns makes that index the cheapest path by far: asked for
 * whole rows, the planner may walk the created_at index and filter by stage, which for a stage
 * whose deals are all older than the newest of the others reads most of the table (measured:
 * 22 ms instead of 0.8 ms at 1M deals).
 */
const STAGE_PAGE_IDS = (stage: string, after: string, limit: string) =>
  `SELECT s.id FROM deals s WHERE s.stage = ${stage} ${after} ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit}`;

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

/** The exact position of a row (microseconds, UTC) for the keyset cursor; JS dates keep only milliseconds. */
const CURSOR_AT = `to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

type PagedRow = DealRow & { cursor_at: string };

/** Keeps the first `limit` rows; the cursor points past the last kept row when more exist. */
function toPage(rows: PagedRow[], limit: number): { deals: Deal[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  const nextCursor = rows.length > limit && last ? encodeDealCursor({ createdAt: last.cursor_at, id: last.id }) : null;
  return { deals: kept.map(toDeal), nextCursor };
}

/**
 * The pipeline's first load: for each stage its total and its first `limit` deals
 * (created_at DESC, id DESC). Each stage's page is an index range scan on
 * deals (stage, created_at DESC, id DESC), so its cost grows with `limit`, not with the table;
 * the creators' names are looked up for those rows only. Each stage's total is a capped count
 * along the same index: at most DEAL_STAGE_TOTAL_CAP + 1 entries per stage, so it is exact up to
 * the cap and otherwise reported as the cap with `totalCapped`.
 */
export async function listDealPipeline(q: Queryable, limit: number = DEAL_PAGE_SIZE): Promise<DealPipeline> {
  const [rows, totals] = await Promise.all([
    // One branch per stage: the page's ids from the stage index, then the rows by primary key
    // (see STAGE_PAGE_IDS).
    sql<PagedRow>(`SELECT ${DEAL_COLUMNS}, ${CURSOR_AT}
         FROM (${DEAL_STAGES.map(
           (_, i) => `(SELECT x.* FROM (${STAGE_PAGE_IDS(`$${i + 2}`, '', '$1')}) k JOIN deals x ON x.id = k.id)`,
         ).join(' UNION ALL ')}) d
        ORDER BY d.created_at DESC, d.id DESC`).all(q, [limit + 1, ...DEAL_STAGES]),
    // Capped counts, one branch per stage (its value visible to the planner, as above), each an
    // index-only range scan on (stage, created_at, id) that stops after CAP + 1 entries.
    sql<{ stage: DealStage; total: number }>(
      DEAL_STAGES.map(
        (_, i) =>
          `SELECT $${i + 2}::text AS stage, count(*)::int AS total
             FROM (SELECT 1 FROM deals x WHERE x.stage = $${i + 2} ORDER BY x.created_at DESC, x.id DESC LIMIT $1) c`,
      ).join(' UNION ALL '),
    ).all(q, [DEAL_STAGE_TOTAL_CAP + 1, ...DEAL_STAGES]),
  ]);
  const deals: Deal[] = [];
  const stages: DealStageSummary[] = DEAL_STAGES.map((stage) => {
    const page = toPage(
      rows.filter((r) => r.stage === stage),
      limit,
    );
    deals.push(...page.deals);
    const counted = totals.find((t) => t.stage === stage)?.total ?? 0;
    const totalCapped = counted > DEAL_STAGE_TOTAL_CAP;
    // The count ran beside the page query: never report fewer than the deals returned.
    const total = totalCapped ? DEAL_STAGE_TOTAL_CAP : Math.max(counted, page.deals.length + (page.nextCursor ? 1 : 0));
    return { stage, total, totalCapped, nextCursor: page.nextCursor };
  });
  // One list, newest first across the stages (as before paging).
  const order = new Map(rows.map((r, i) => [r.id, i]));
  deals.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { deals, stages };
}

/** The deals of one stage after `cursor` (or its first page), newest first. */
export async function listDealStagePage(
  q: Queryable,
  stage: DealStage,
  cursor: DealCursor | undefined,
  limit: number = DEAL_PAGE_SIZE,
): Promise<DealStagePage> {
  const params: unknown[] = [stage, limit + 1];
  let after = '';
  if (cursor) {
    params.push(cursor.createdAt, cursor.id);
    after = 'AND (s.created_at, s.id) < ($3::timestamptz, $4::uuid)';
  }
  const rows = await sql<PagedRow>(`SELECT ${DEAL_COLUMNS}, ${CURSOR_AT}
       FROM (SELECT x.* FROM (${STAGE_PAGE_IDS('$1', after, '$2')}) k JOIN deals x ON x.id = k.id) d
      ORDER BY d.created_at DESC, d.id DESC`).all(q, params);
  return { stage, ...toPage(rows, limit) };
}

/** Every deal for a deal select: a few narrow columns, no join, ordered by title. */
export async function listDealOptions(q: Queryable): Promise<DealOption[]> {
  const rows = await sql<{
    id: string;
    title: string;
    stage: DealStage;
    status: Deal['status'];
    committed_amount: string;
    spv_entity: string | null;
  }>('SELECT id, title, stage, status, committed_amount, spv_entity FROM deals ORDER BY title, id').all(q);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    stage: r.stage,
    status: r.status,
    committedAmount: r.committed_amount,
    spvEntity: r.spv_entity,
  }));
}

export async function getDeal(q: Queryable, id: string, forUpdate = false): Promise<Deal> {
  const rows = await sql<DealRow>(`SELECT ${DEAL_COLUMNS} FROM deals d WHERE d.id = $1${forUpdate ? ' FOR UPDATE OF d' : ''}`).all(q, [id]);
  if (!rows[0]) throw notFound('Deal not found');
  return toDeal(rows[0]);
}

/**
 * Inserts the deal and its deal_created log entry (details { dealId, title, type }, as
 * logActivity writes them) and returns the deal from the INSERT's RETURNING with its creator's
 * name: one statement, atomic on its own, so it needs no transaction around it.
 */
export async function createDeal(q: Queryable, input: z.output<typeof createDealInput>, userId: string, ip: string): Promise<Deal> {
  // Always Pending (whatever the column's default): POST /api/deals relies on a new deal not being
  // open for investment, so that creating one owes no deal-open alert.
  const rows = await sql<DealRow>(`WITH d AS (
       INSERT INTO deals (title, type, target_amount, spv_entity, expected_irr, risk_score, description, next_step, created_by, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Pending')
       RETURNING *
     ), logged AS (
       INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, ip_address)
       SELECT 'deal_created', $9, NULL, jsonb_build_object('dealId', d.id, 'title', d.title, 'type', d.type), $10 FROM d
     )
     SELECT ${DEAL_COLUMNS} FROM d`).all(q, [
    input.title,
    input.type,
    input.targetAmount ?? null,
    input.spvEntity ?? null,
    input.expectedIrr ?? null,
    input.riskScore ?? null,
    input.description ?? null,
    input.nextStep ?? null,
    userId,
    ip,
  ]);
  const row = rows[0];
  if (!row) throw new Error('INSERT INTO deals returned no row');
  return toDeal(row);
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

const same = (a: unknown, b: unknown) =>
  (a === null || a === undefined ? null : String(a)) === (b === null || b === undefined ? null : String(b));
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
  // The deal row is locked (getDeal above), so no completion can slip in between check and update.
  const target = changes.targetAmount?.to;
  if (target !== undefined && target !== null && toCents(String(target)) < toCents(before.committedAmount)) {
    throw conflict(
      `The target cannot be set below the ${formatUsdExact(before.committedAmount)} already committed to this deal`,
      'TARGET_BELOW_COMMITTED',
    );
  }
  if (changes.stage) sets.push('stage_entered_at = now()');
  sets.push('updated_at = now()');
  // The updated deal comes back from the UPDATE itself (no read-back); the log entry does not change it.
  const rows = await sql<DealRow>(`UPDATE deals d SET ${sets.join(', ')} WHERE d.id = $1 RETURNING ${DEAL_COLUMNS}`).all(q, params);
  if (!rows[0]) throw notFound('Deal not found');
  const details: Record<string, unknown> = { dealId: id, title: before.title, changes };
  if (changes.stage) Object.assign(details, { from: changes.stage.from, to: changes.stage.to });
  await logActivity(q, { type: 'deal_updated', userId, details, ip });
  return toDeal(rows[0]);
}

export function moveDeal(q: Queryable, id: string, stage: DealStage, userId: string, ip: string): Promise<Deal> {
  return updateDeal(q, id, { stage }, userId, ip);
}

export async function dealActivity(q: Queryable, dealId: string): Promise<DealActivity[]> {
  const rows = await sql<{
    id: number;
    activity_type: string;
    user_id: string | null;
    name: string | null;
    details: Record<string, unknown>;
    created_at: Date;
  }>(`SELECT a.id, a.activity_type, a.user_id, (SELECT p.name FROM profiles p WHERE p.id = a.user_id) AS name, a.details, a.created_at
       FROM activity_logs a
      WHERE a.details ? 'dealId' AND a.details ->> 'dealId' = $1
      ORDER BY a.details ->> 'dealId', a.created_at DESC, a.id DESC LIMIT 100`).all(q, [dealId]);
  return rows.map((r) => ({
    id: r.id,
    activityType: r.activity_type,
    userName: r.name,
    userDeleted: r.user_id !== null && r.name === null,
    details: r.details,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
