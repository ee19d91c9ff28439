import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import { daysUntil, todayIso } from './dates.ts';

export const COMPLIANCE_TYPES = ['dfsa_filing', 'uae_tax', 'kyc_refresh', 'document_renewal', 'annual_return', 'other'] as const;
export type ComplianceType = (typeof COMPLIANCE_TYPES)[number];

export const COMPLIANCE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type CompliancePriority = (typeof COMPLIANCE_PRIORITIES)[number];

export const WORKFLOW_STATES = ['not_started', 'in_progress', 'completed'] as const;
export type WorkflowState = (typeof WORKFLOW_STATES)[number];

export const COMPLIANCE_STATUSES = ['overdue', 'due_soon', 'in_progress', 'completed'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const RECURRENCES = ['monthly', 'quarterly', 'annual'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/**
 * The displayed status, derived and never stored: completed when completed; otherwise
 * overdue when the due date has passed, due_soon within the next 7 days (today included),
 * else in_progress.
 */
export function complianceStatus(workflowState: WorkflowState, dueDate: string, today: string = todayIso()): ComplianceStatus {
  if (workflowState === 'completed') return 'completed';
  const days = daysUntil(dueDate, today);
  if (days < 0) return 'overdue';
  if (days <= 6) return 'due_soon';
  return 'in_progress';
}

/** Completed share as a rounded percent; no items score 100. */
export function complianceScore(items: { status: ComplianceStatus }[]): number {
  if (items.length === 0) return 100;
  return Math.round((items.filter((i) => i.status === 'completed').length / items.length) * 100);
}

/** The next due date of a recurring item (month arithmetic clamps to the month's last day). */
export function nextOccurrence(dueDate: string, recurrence: Recurrence): string {
  const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
  const add = recurrence === 'monthly' ? 1 : recurrence === 'quarterly' ? 3 : 12;
  const targetMonth = m - 1 + add;
  const year = y + Math.floor(targetMonth / 12);
  const month = targetMonth % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export interface ComplianceItem {
  id: string;
  source: 'item';
  type: ComplianceType;
  title: string;
  description: string | null;
  dueDate: string;
  workflowState: WorkflowState;
  status: ComplianceStatus;
  assignedTo: string | null;
  assignedToName: string | null;
  priority: CompliancePriority;
  recurrence: Recurrence | null;
  lastUpdated: string;
}

/** Things due elsewhere (an SPV's annual return, a vault document's expiry), shown beside the items, not scored. */
export interface ExternalDueItem {
  id: string;
  source: 'spv' | 'document';
  sourceId: string;
  /** "Annual return: <SPV>" / "Document expiry: <document>" (English; the web builds it from `name` in the user's language). */
  title: string;
  /** The SPV's or document's name. */
  name: string;
  dueDate: string;
  status: ComplianceStatus;
}

export interface ComplianceOverview {
  score: number;
  counts: Record<ComplianceStatus, number>;
  items: ComplianceItem[];
  external: ExternalDueItem[];
}

export const complianceItemInput = z.object({
  type: z.enum(COMPLIANCE_TYPES, { error: 'Choose a compliance type' }),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  description: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(2000).nullable().optional()),
  dueDate: isoDate('Due date is required'),
  assignedTo: z.preprocess((v) => (v === '' ? null : v), z.uuid('Choose an administrator').nullable().optional()),
  priority: z.enum(COMPLIANCE_PRIORITIES, { error: 'Choose a priority' }).default('medium'),
  recurrence: z.preprocess((v) => (v === '' ? null : v), z.enum(RECURRENCES).nullable().optional()),
});
export const complianceItemUpdate = complianceItemInput
  .extend({ priority: z.enum(COMPLIANCE_PRIORITIES, { error: 'Choose a priority' }) })
  .partial();
