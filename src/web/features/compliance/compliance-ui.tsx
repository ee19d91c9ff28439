import { CircleCheck, CircleDot, Clock, type LucideIcon, TriangleAlert } from 'lucide-react';
import {
  COMPLIANCE_TYPES,
  type ComplianceItem,
  type CompliancePriority,
  type ComplianceStatus,
  type ComplianceType,
  type ExternalDueItem,
} from '../../../shared/compliance';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { complianceText } from './i18n';

// ---------------------------------------------------------------------------------------------
// Labels, tones and orders
// ---------------------------------------------------------------------------------------------

export const STATUS_TONES: Record<ComplianceStatus, BadgeTone> = {
  overdue: 'danger',
  due_soon: 'warning',
  in_progress: 'info',
  completed: 'success',
};

export const STATUS_ICONS: Record<ComplianceStatus, LucideIcon> = {
  overdue: TriangleAlert,
  due_soon: Clock,
  in_progress: CircleDot,
  completed: CircleCheck,
};

/** Sort rank: the most urgent first. */
export const STATUS_RANK: Record<ComplianceStatus, number> = { overdue: 0, due_soon: 1, in_progress: 2, completed: 3 };

export const PRIORITY_TONES: Record<CompliancePriority, BadgeTone> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  critical: 'danger',
};
export const PRIORITY_RANK: Record<CompliancePriority, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Compliance types plus the kind of an external document expiry row. */
export type RowType = ComplianceType | 'document_expiry';
export const ROW_TYPES: readonly RowType[] = [...COMPLIANCE_TYPES, 'document_expiry'];
/** A row's type in the current language (compliance types are common's; a document expiry is ours). */
export const rowTypeLabel = (type: RowType): string =>
  type === 'document_expiry' ? complianceText.t('rowType.document_expiry') : enumLabel('complianceType', type);

// ---------------------------------------------------------------------------------------------
// Rows: compliance items and external due dates in one shape
// ---------------------------------------------------------------------------------------------

interface RowBase {
  key: string;
  title: string;
  description: string | null;
  type: RowType;
  dueDate: string;
  status: ComplianceStatus;
}

export type ItemRow = RowBase & { source: 'item'; item: ComplianceItem };
export type ExternalRow = RowBase & { source: 'spv' | 'document'; ext: ExternalDueItem };
export type Row = ItemRow | ExternalRow;

export function toRows(items: ComplianceItem[], external: ExternalDueItem[]): Row[] {
  return [
    ...items.map(
      (item): Row => ({
        key: item.id,
        source: 'item',
        item,
        title: item.title,
        description: item.description,
        type: item.type,
        dueDate: item.dueDate,
        status: item.status,
      }),
    ),
    ...external.map(
      (ext): Row => ({
        key: ext.id,
        source: ext.source,
        ext,
        title: complianceText.t(ext.source === 'spv' ? 'external.annualReturn' : 'external.documentExpiry', { name: ext.name }),
        description: null,
        type: ext.source === 'spv' ? 'annual_return' : 'document_expiry',
        dueDate: ext.dueDate,
        status: ext.status,
      }),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Dates (all calendar days are UTC, as the server and the status rules count them)
// ---------------------------------------------------------------------------------------------

import { formatDay } from '../../../shared/format';

/** 'Saturday, 21 November 2026'. */
export function longDay(iso: string): string {
  return formatDay(iso, 'longDay');
}

// ---------------------------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------------------------

export function StatusBadge({ status, className }: { status: ComplianceStatus; className?: string }) {
  const Icon = STATUS_ICONS[status];
  return (
    <Badge tone={STATUS_TONES[status]} className={className} data-status={status}>
      <Icon aria-hidden="true" className="size-3.5" />
      {enumLabel('complianceStatus', status)}
    </Badge>
  );
}

export function PriorityBadge({ priority, className }: { priority: CompliancePriority; className?: string }) {
  return (
    <Badge tone={PRIORITY_TONES[priority]} className={className}>
      {enumLabel('compliancePriority', priority)}
    </Badge>
  );
}

/** Marks a row that comes from an SPV or a vault document (not a compliance item). */
export function SourceBadge({ source, className }: { source: 'spv' | 'document'; className?: string }) {
  const { t } = complianceText.useT();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded border border-ink-600/40 bg-ink-50 px-1.5 py-px text-[0.6875rem] font-semibold uppercase tracking-wide text-ink-700',
        className,
      )}
    >
      {t(`source.${source}`)}
    </span>
  );
}

/** Chip colours by status, for the calendar (text always accompanies the colour). */
export const CHIP_CLASSES: Record<ComplianceStatus, string> = {
  overdue: 'border-danger-700/30 bg-danger-100 text-danger-700 hover:border-danger-700/60',
  due_soon: 'border-warning-800/30 bg-warning-100 text-warning-800 hover:border-warning-800/60',
  in_progress: 'border-ink-800/20 bg-ink-100 text-ink-800 hover:border-ink-800/50',
  completed: 'border-success-700/30 bg-success-100 text-success-700 hover:border-success-700/60',
};
