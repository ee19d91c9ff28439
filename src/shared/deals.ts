import { z } from 'zod';

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
  return Math.max(0, Math.floor((now.getTime() - since) / 86_400_000));
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

/** Non-negative decimal with at most 2 decimals, as an exact string (never a float). */
export const moneyInput = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : typeof v === 'string' ? v.replace(/[,\s$]/g, '') : v),
    z
      .string()
      .regex(/^\d{1,13}(\.\d{1,2})?$/, `${label} must be a non-negative amount with at most 2 decimals`),
  );

const dealFields = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  type: z.enum(DEAL_TYPES, { error: 'Deal type is required' }),
  targetAmount: z.preprocess(emptyToNull, moneyInput('Target amount').nullable().optional()),
  expectedIrr: optionalText(20, 'Expected IRR'),
  riskScore: z.preprocess(emptyToNull, z.enum(RISK_SCORES as [string, ...string[]], { error: 'Choose a risk score from 1/10 to 10/10' }).nullable().optional()),
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

export const DEAL_MESSAGES = {
  fetchFailed: 'Failed to fetch deals',
  createFailed: 'Failed to create deal. Please try again.',
  created: 'Deal created successfully!',
  mustLogin: 'You must be logged in to create a deal',
} as const;
