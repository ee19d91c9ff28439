import { ArrowRightLeft, FilePlus2, History, PencilLine, Sparkles } from 'lucide-react';
import { Trans } from 'react-i18next';
import { formatDateTimeZoned, formatUSD } from '../../../shared/format';
import { activityTypeLabel, activityTypesText } from '../../lib/activity-labels';
import { enumLabel } from '../../lib/i18n';
import type { DealActivityEntry } from './api';
import { dealsText } from './i18n';

const FIELDS = [
  'title',
  'type',
  'targetAmount',
  'committedAmount',
  'spvEntity',
  'expectedIrr',
  'riskScore',
  'description',
  'nextStep',
  'status',
  'stage',
] as const;
type KnownField = (typeof FIELDS)[number];
const isKnown = (field: string): field is KnownField => (FIELDS as readonly string[]).includes(field);
const fieldLabel = (field: string) => (isKnown(field) ? dealsText.t(`activity.field.${field}`) : field);
const fieldLower = (field: string) => (isKnown(field) ? dealsText.t(`activity.fieldLower.${field}`) : field.toLowerCase());
const ENUM_FIELDS = { stage: 'dealStage', status: 'dealStatus', type: 'dealType' } as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function valueText(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return dealsText.t('activity.empty');
  if (field.endsWith('Amount')) return formatUSD(v as string | number);
  if (field in ENUM_FIELDS) return enumLabel(ENUM_FIELDS[field as keyof typeof ENUM_FIELDS], String(v));
  const s = String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function changeText(field: string, change: unknown): string {
  const label = fieldLabel(field);
  // Long free text is named, not quoted.
  if (field === 'description' || !isRecord(change)) return dealsText.t('activity.changed', { field: label });
  return dealsText.t('activity.changedFromTo', { field: label, from: valueText(field, change.from), to: valueText(field, change.to) });
}

/** A readable sentence (and the changed fields) for one activity entry of a deal. */
export function describeActivity(entry: DealActivityEntry): {
  title: string;
  changes: string[];
  kind: 'created' | 'moved' | 'updated' | 'document' | 'other';
} {
  const d = entry.details ?? {};
  switch (entry.activityType) {
    case 'deal_created':
      return { title: dealsText.t('activity.created'), changes: [], kind: 'created' };
    case 'deal_updated': {
      const changes = isRecord(d.changes) ? d.changes : {};
      const fields = Object.keys(changes);
      const stageMove = isRecord(changes.stage)
        ? changes.stage
        : d.from !== undefined || d.to !== undefined
          ? { from: d.from, to: d.to }
          : null;
      if (stageMove && fields.filter((f) => f !== 'stage').length === 0) {
        return {
          title: dealsText.t('activity.stageChanged', { from: valueText('stage', stageMove.from), to: valueText('stage', stageMove.to) }),
          changes: [],
          kind: 'moved',
        };
      }
      if (fields.length === 0) return { title: dealsText.t('activity.updated'), changes: [], kind: 'updated' };
      if (fields.length === 1 && fields[0]) return { title: changeText(fields[0], changes[fields[0]]), changes: [], kind: 'updated' };
      return {
        title: dealsText.t('activity.updatedFields', { fields: fields.map(fieldLower).join(dealsText.t('activity.listSeparator')) }),
        changes: fields.map((f) => changeText(f, changes[f])),
        kind: 'updated',
      };
    }
    case 'document_uploaded':
      return {
        title:
          typeof d.name === 'string'
            ? dealsText.t('activity.documentUploadedName', { name: d.name })
            : dealsText.t('activity.documentUploaded'),
        changes: [],
        kind: 'document',
      };
    default: {
      const label = activityTypeLabel(entry.activityType);
      const words = entry.activityType.replace(/_/g, ' ');
      const title = label ?? words.charAt(0).toUpperCase() + words.slice(1);
      return { title, changes: [], kind: 'other' };
    }
  }
}

/** 'Unknown' for a user who no longer exists, 'System' when no user is recorded (spec section 8). */
export function activityActor(entry: DealActivityEntry): string {
  if (entry.userName) return entry.userName;
  return entry.userDeleted ? dealsText.t('activity.unknown') : dealsText.t('activity.system');
}

const KIND_ICONS = { created: Sparkles, moved: ArrowRightLeft, updated: PencilLine, document: FilePlus2, other: History } as const;

export function DealActivityList({ activity }: { activity: DealActivityEntry[] }) {
  const { t } = dealsText.useT();
  // The activity types' labels (the activity-logs catalogue), loaded in Arabic too.
  activityTypesText.useT();
  if (activity.length === 0) return <p className="py-6 text-center text-sm text-muted">{t('activity.none')}</p>;
  return (
    <ol className="flex flex-col">
      {activity.map((entry, i) => {
        const { title, changes, kind } = describeActivity(entry);
        const Icon = KIND_ICONS[kind];
        return (
          <li key={entry.id} className="relative flex gap-3 pb-5 last:pb-0">
            {i < activity.length - 1 && <span aria-hidden="true" className="absolute top-8 bottom-0 start-4 w-px bg-border" />}
            <span
              aria-hidden="true"
              className="relative flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-100 text-ink-800"
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="text-sm font-medium break-words text-ink-900">{title}</p>
              {changes.length > 0 && (
                <ul className="mt-1 flex flex-col gap-0.5 text-sm break-words text-text">
                  {changes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              )}
              <p className="mt-1 text-xs text-muted">
                <Trans
                  t={t}
                  i18nKey="activity.by"
                  values={{ name: activityActor(entry), time: formatDateTimeZoned(entry.createdAt) }}
                  components={[<time key="0" dateTime={entry.createdAt} />]}
                />
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
