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
import { conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import {
  cappedStageCounts,
  type DealChanges,
  dealLog,
  dealOptions,
  findDeal,
  firstPages,
  insertDealLogged,
  type PagedRow,
  stagePageRows,
  toDeal,
  updateDealColumns,
} from './repository.ts';

export { toDeal };

/** Keeps the first `limit` rows; the cursor points past the last kept row when more exist. */
function toPage(rows: PagedRow[], limit: number): { deals: Deal[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  const nextCursor = rows.length > limit && last ? encodeDealCursor({ createdAt: last.cursorAt, id: last.id }) : null;
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
    // One branch per stage: the page's ids from the stage index, then the rows by primary key.
    firstPages(q, DEAL_STAGES, limit + 1),
    // Capped counts along the same index: at most CAP + 1 entries per stage.
    cappedStageCounts(q, DEAL_STAGES, DEAL_STAGE_TOTAL_CAP + 1),
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
  const rows = await stagePageRows(q, stage, cursor, limit + 1);
  return { stage, ...toPage(rows, limit) };
}

/** Every deal for a deal select: a few narrow columns, no join, ordered by title. */
export function listDealOptions(q: Queryable): Promise<DealOption[]> {
  return dealOptions(q);
}

export async function getDeal(q: Queryable, id: string, forUpdate = false): Promise<Deal> {
  const row = await findDeal(q, id, forUpdate);
  if (!row) throw notFound('Deal not found');
  return toDeal(row);
}

/**
 * Inserts the deal and its deal_created log entry (details { dealId, title, type }, as
 * logActivity writes them) and returns the deal from the INSERT's RETURNING with its creator's
 * name: one statement, atomic on its own, so it needs no transaction around it.
 */
export async function createDeal(q: Queryable, input: z.output<typeof createDealInput>, userId: string, ip: string): Promise<Deal> {
  // Always Pending (whatever the column's default): POST /api/deals relies on a new deal not being
  // open for investment, so that creating one owes no deal-open alert.
  const row = await insertDealLogged(
    q,
    {
      title: input.title,
      type: input.type,
      targetAmount: input.targetAmount ?? null,
      spvEntity: input.spvEntity ?? null,
      expectedIrr: input.expectedIrr ?? null,
      riskScore: input.riskScore ?? null,
      description: input.description ?? null,
      nextStep: input.nextStep ?? null,
      createdBy: userId,
    },
    ip,
  );
  return toDeal(row);
}

/** The fields PATCH may change, in the order they are compared and logged (each is its column, camelCase). */
const FIELDS = [
  'title',
  'type',
  'targetAmount',
  'spvEntity',
  'expectedIrr',
  'riskScore',
  'description',
  'nextStep',
  'status',
  'stage',
] as const satisfies readonly (keyof DealChanges)[];

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
  const set: Record<string, unknown> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of FIELDS) {
    if (!(key in input)) continue;
    const value = (input as Record<string, unknown>)[key] ?? null;
    const old = (before as unknown as Record<string, unknown>)[key] ?? null;
    const unchanged = key.endsWith('Amount') ? sameAmount(old, value) : same(old, value);
    if (unchanged) continue;
    set[key] = value;
    changes[key] = { from: old, to: value };
  }
  if (Object.keys(set).length === 0) return before;
  // The deal row is locked (getDeal above), so no completion can slip in between check and update.
  const target = changes.targetAmount?.to;
  if (target !== undefined && target !== null && toCents(String(target)) < toCents(before.committedAmount)) {
    throw conflict(
      `The target cannot be set below the ${formatUsdExact(before.committedAmount)} already committed to this deal`,
      'TARGET_BELOW_COMMITTED',
    );
  }
  // The updated deal comes back from the UPDATE itself (no read-back); the log entry does not change
  // it. updated_at is set, and stage_entered_at on a stage move (updateDealColumns).
  // The values passed zod's updateDealInput, the same schema as the columns' types.
  const updated = await updateDealColumns(q, id, set as DealChanges);
  if (!updated) throw notFound('Deal not found');
  const details: Record<string, unknown> = { dealId: id, title: before.title, changes };
  if (changes.stage) Object.assign(details, { from: changes.stage.from, to: changes.stage.to });
  await logActivity(q, { type: 'deal_updated', userId, details, ip });
  return toDeal(updated);
}

export function moveDeal(q: Queryable, id: string, stage: DealStage, userId: string, ip: string): Promise<Deal> {
  return updateDeal(q, id, { stage }, userId, ip);
}

export function dealActivity(q: Queryable, dealId: string): Promise<DealActivity[]> {
  return dealLog(q, dealId);
}
