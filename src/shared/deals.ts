import { z } from 'zod';
import { DAY_MS } from './dates.ts';
import type { VaultDocument } from './documents.ts';
import { moneyInput } from './money-input.ts';
import type { Valuation } from './performance.ts';

export const DEAL_TYPES = ['Oil Trading', 'Distressed Real Estate', 'PPP', 'AI & Tech', 'Infrastructure'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

export const DEAL_STAGES = ['Sourcing', 'Execution', 'Post-Investment', 'Exit'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

export const DEAL_STATUSES = ['Pending', 'Active', 'On Hold', 'Closed'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** '1/10 (Very Low)' .. '10/10 (Extreme)': the value stored is the 'n/10' part. */
const RISK_WORDS = ['Very Low', 'Low', 'Low-Moderate', 'Moderate', 'Moderate', 'Moderate-High', 'High', 'High', 'Very High', 'Extreme'];
export const RISK_SCORES = Array.from({ length: 10 }, (_, i) => `${i + 1}/10`);
export const RISK_OPTIONS = RISK_SCORES.map((value, i) => ({ value, label: `${value} (${RISK_WORDS[i]})` }));

/** Status badge colours (spec section 4): Active green, Pending yellow, anything else grey. */
export function dealStatusTone(status: string): 'success' | 'warning' | 'neutral' {
  if (status === 'Active') return 'success';
  if (status === 'Pending') return 'warning';
  return 'neutral';
}

/** Whole days since the deal entered its current stage (see decision 003). */
export function daysInStage(stageEnteredAt: string | Date, now: Date = new Date()): number {
  const since = new Date(stageEnteredAt).getTime();
  return Math.max(0, Math.floor((now.getTime() - since) / DAY_MS));
}

export interface Deal {
  id: string;
  title: string;
  type: DealType;
  /** Exact decimal as a string, or null when no target is set. */
  targetAmount: string | null;
  committedAmount: string;
  spvEntity: string | null;
  expectedIrr: string | null;
  riskScore: string | null;
  description: string | null;
  nextStep: string | null;
  stage: DealStage;
  status: DealStatus;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  stageEnteredAt: string;
  updatedAt: string;
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, label: string) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional());

const dealFields = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  type: z.enum(DEAL_TYPES, { error: 'Deal type is required' }),
  targetAmount: z.preprocess(emptyToNull, moneyInput('Target amount').nullable().optional()),
  expectedIrr: optionalText(20, 'Expected IRR'),
  riskScore: z.preprocess(
    emptyToNull,
    z
      .enum(RISK_SCORES as [string, ...string[]], { error: 'Choose a risk score from 1/10 to 10/10' })
      .nullable()
      .optional(),
  ),
  spvEntity: optionalText(200, 'SPV entity'),
  description: optionalText(5000, 'Description'),
  nextStep: optionalText(300, 'Next step'),
};

/** The New Deal Registration form and POST /api/deals share this schema. */
export const createDealInput = z.object(dealFields);
export type CreateDealInput = z.input<typeof createDealInput>;

/**
 * PATCH /api/deals/:id: every field, including status and next step. The committed amount
 * is not among them: the server keeps it as the sum of the deal's completed subscriptions.
 */
export const updateDealInput = z
  .object({
    ...dealFields,
    status: z.enum(DEAL_STATUSES, { error: 'Choose a valid status' }),
    stage: z.enum(DEAL_STAGES, { error: 'Choose a valid stage' }),
  })
  .partial();
export type UpdateDealInput = z.input<typeof updateDealInput>;

export const moveDealInput = z.object({ stage: z.enum(DEAL_STAGES, { error: 'Choose a valid stage' }) });

// ---------------------------------------------------------------------------------------------
// Pipeline paging (GET /api/deals). Each stage is paged on its own, newest first
// (created_at DESC, id DESC), with an opaque keyset cursor: the cost of a page grows with the
// page size, not with the number of deals.

/** Cards per stage on the first load and per "Show more". */
export const DEAL_PAGE_SIZE = 50;
/** The largest `limit` the list endpoint accepts. */
export const DEAL_PAGE_MAX = 100;

/**
 * Each stage's total is a capped count: the server counts at most DEAL_STAGE_TOTAL_CAP + 1 deals
 * of a stage, so its cost is bounded by the cap, not by the table.
 */
export const DEAL_STAGE_TOTAL_CAP = 1_000;

/**
 * One stage of GET /api/deals: its total (exact up to DEAL_STAGE_TOTAL_CAP) and the cursor of
 * its second page (null: no more).
 */
export interface DealStageSummary {
  stage: DealStage;
  /** The number of deals in the stage; DEAL_STAGE_TOTAL_CAP when `totalCapped`. */
  total: number;
  /** True when the stage holds more than `total` deals (the badge shows '1,000+'). */
  totalCapped: boolean;
  nextCursor: string | null;
}

/**
 * GET /api/deals (no `stage`): the pipeline's first page of every stage.
 * `deals` holds up to `limit` deals of each stage, all ordered by created_at DESC, id DESC;
 * `stages` holds the four stages in DEAL_STAGES order.
 */
export interface DealPipeline {
  deals: Deal[];
  stages: DealStageSummary[];
}

/** GET /api/deals?stage=...&cursor=...&limit=...: one page of one stage. */
export interface DealStagePage {
  stage: DealStage;
  deals: Deal[];
  nextCursor: string | null;
}

/** GET /api/deals/options: every deal, lean, for a deal select (ordered by title). */
export type DealOption = Pick<Deal, 'id' | 'title' | 'stage' | 'status' | 'committedAmount' | 'spvEntity'>;

/** The position of a deal in its stage's order; a cursor points just past it. */
export interface DealCursor {
  /** created_at in UTC with microseconds, e.g. '2026-01-02T03:04:05.123456Z'. */
  createdAt: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeDealCursor(c: DealCursor): string {
  return toBase64Url(JSON.stringify([c.createdAt, c.id]));
}

/** The cursor's position, or null when the text is not a cursor this server made. */
export function decodeDealCursor(text: string): DealCursor | null {
  const json = fromBase64Url(text);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string') return null;
  if (!CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !UUID_TEXT.test(id)) return null;
  return { createdAt, id: id.toLowerCase() };
}

/** 'execution', 'POST-INVESTMENT' and 'Post-Investment' all name the same stage. */
const stageParam = z.preprocess(
  (v) => (typeof v === 'string' ? (DEAL_STAGES.find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
  z.enum(DEAL_STAGES, { error: `Stage must be one of ${DEAL_STAGES.join(', ')}` }),
);

/** Query of GET /api/deals. A cursor needs its stage; the limit is 1..DEAL_PAGE_MAX (default DEAL_PAGE_SIZE). */
export const dealListQuery = z
  .object({
    stage: stageParam.optional(),
    cursor: z
      .string({ error: 'Invalid cursor' })
      .max(200, 'Invalid cursor')
      .transform((text, ctx) => {
        const cursor = decodeDealCursor(text);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: 'Invalid cursor' });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
    limit: z
      .string({ error: `Limit must be a whole number from 1 to ${DEAL_PAGE_MAX}` })
      .regex(/^\d{1,4}$/, `Limit must be a whole number from 1 to ${DEAL_PAGE_MAX}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, `Limit must be a whole number from 1 to ${DEAL_PAGE_MAX}`)
          .max(DEAL_PAGE_MAX, `Limit must be a whole number from 1 to ${DEAL_PAGE_MAX}`),
      )
      .optional(),
  })
  .refine((q) => q.cursor === undefined || q.stage !== undefined, { message: 'A cursor needs its stage', path: ['cursor'] });

/** One activity entry of a deal (GET /api/deals/:id). */
export interface DealActivity {
  id: number;
  activityType: string;
  /** Null for a system entry, or when the user no longer exists (then `userDeleted` is true). */
  userName: string | null;
  userDeleted: boolean;
  details: Record<string, unknown>;
  createdAt: string;
}

/** GET /api/deals/:id: the deal with its documents, its last 100 activity entries and its valuations. */
export interface DealDetail {
  deal: Deal;
  documents: VaultDocument[];
  activity: DealActivity[];
  valuations: Valuation[];
}
