import { formatBytes, formatUSD } from '../../../shared/format';
import en from '../../../shared/i18n/en/activity-logs.json';
import { currentLanguage, enumLabel, i18next } from '../../lib/i18n';
import { activityLogsText } from './i18n';

const t = activityLogsText.t;

/** One readable line of an activity log's details: 'Status: pending → active'. */
export interface DetailLine {
  label: string;
  value: string;
}

const ACRONYMS: Record<string, string> = {
  smtp: 'SMTP',
  api: 'API',
  ip: 'IP',
  irr: 'IRR',
  spv: 'SPV',
  url: 'URL',
  kyc: 'KYC',
  dfsa: 'DFSA',
  id: 'ID',
};

/** Key names the details use that have a label in the catalogue (`key.*`); others are spelled out from the key. */
const hasKeyLabel = (key: string): key is keyof typeof en.key => Object.hasOwn(en.key, key);

/** 'smtpPort' → 'SMTP port', 'dealId' → 'Deal ID'. */
export function humanizeKey(key: string): string {
  if (hasKeyLabel(key)) return t(`key.${key}`);
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((w) => w.toLowerCase());
  return words.map((w, i) => ACRONYMS[w] ?? (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

const hasReasonLabel = (code: string): code is keyof typeof en.reason => Object.hasOwn(en.reason, code);

/** 'invalid_credentials' → 'Invalid credentials', 'account_pending' → 'Account pending' (the catalogue's, else spelled out). */
function humanizeCode(code: string): string {
  if (hasReasonLabel(code)) return t(`reason.${code}`);
  const text = code.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChange = (v: unknown): v is { from: unknown; to: unknown } => isRecord(v) && 'from' in v && 'to' in v;

/** Keys that hold internal identifiers: noise to a reader (the row already names the users). */
const isIdKey = (key: string) => key === 'id' || /Id$/.test(key) || /_id$/.test(key);

/**
 * A stored status, stage, role or priority in another language: the first enum that knows the
 * value. English shows the stored value as it is ('pending → active'), as it always has.
 */
const STATUS_GROUPS = [
  'accountStatus',
  'dealStatus',
  'dealStage',
  'subscriptionStatus',
  'kycStatus',
  'role',
  'compliancePriority',
  'workflowState',
] as const;
function statusLabel(value: string): string {
  if (currentLanguage() === 'en') return value;
  for (const group of STATUS_GROUPS) {
    const english = i18next.getResource('en', 'common', `enum.${group}.${value}`);
    if (typeof english === 'string') return enumLabel(group, value);
  }
  return value;
}

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('detail.yes') : t('detail.no');
  if (/Amount$/.test(key) && (typeof value === 'string' || typeof value === 'number')) return formatUSD(value);
  if (key === 'userType' && typeof value === 'string') return enumLabel('userType', value);
  if (typeof value === 'string' && (key === 'status' || key === 'stage' || key === 'role' || key === 'priority')) return statusLabel(value);
  if (key === 'size' && typeof value === 'number') return formatBytes(value);
  // A change made through an API token (issue 34): the token's name and its first characters.
  if (key === 'apiToken' && isRecord(value) && typeof value.name === 'string')
    return typeof value.hint === 'string' ? `${value.name} (${value.hint}…)` : value.name;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return t('detail.none');
    return value.map((v) => (key === 'changedKeys' && typeof v === 'string' ? humanizeKey(v) : formatValue('', v))).join(', ');
  }
  if (isChange(value)) return `${formatValue(key, value.from)} → ${formatValue(key, value.to)}`;
  if (isRecord(value)) {
    const parts = ordered(value)
      .filter(([k]) => !isIdKey(k))
      .map(([k, v]) => `${humanizeKey(k)}: ${formatValue(k, v)}`);
    return parts.length ? parts.join('; ') : '—';
  }
  return String(value);
}

/**
 * The order lines read in. The database (jsonb) does not keep the order keys were written in,
 * so the most telling keys come first and the rest follow alphabetically.
 */
const KEY_ORDER = ['title', 'name', 'email', 'role', 'stage', 'status', 'userType', 'type', 'reason', 'changes', 'changedKeys', 'size'];
function ordered(obj: Record<string, unknown>): [string, unknown][] {
  const rank = (k: string) => {
    const i = KEY_ORDER.indexOf(k);
    return i === -1 ? KEY_ORDER.length : i;
  };
  return Object.entries(obj).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Generic lines: one per key, ids left out, nested from/to pairs as 'a → b'. */
function genericLines(details: Record<string, unknown>, skip: ReadonlySet<string> = new Set()): DetailLine[] {
  const lines: DetailLine[] = [];
  for (const [key, value] of ordered(details)) {
    if (skip.has(key) || isIdKey(key)) continue;
    if (key === 'changes' && isRecord(value)) {
      for (const [k, v] of ordered(value)) lines.push({ label: humanizeKey(k), value: formatValue(k, v) });
      continue;
    }
    if (key === 'reason' && typeof value === 'string') {
      lines.push({ label: t('detail.reason'), value: humanizeCode(value) });
      continue;
    }
    lines.push({ label: humanizeKey(key), value: formatValue(key, value) });
  }
  return lines;
}

/**
 * Turns a log entry's details object into readable lines (never raw JSON), e.g.
 * 'Status: pending → active', 'Email: a@b.com', 'Stage: Sourcing → Execution',
 * 'Changed: Company name, Session timeout'.
 */
export function formatDetails(activityType: string, details: unknown): DetailLine[] {
  if (!isRecord(details)) {
    if (details === null || details === undefined || details === '') return [];
    return [{ label: t('detail.details'), value: formatValue('', details) }];
  }
  switch (activityType) {
    case 'user_status_change':
      if ('from' in details || 'to' in details) {
        return [
          { label: t('detail.status'), value: `${formatValue('status', details.from)} → ${formatValue('status', details.to)}` },
          ...genericLines(details, new Set(['from', 'to'])),
        ];
      }
      break;
    case 'deal_created':
    case 'deal_updated': {
      const lines: DetailLine[] = [];
      if (typeof details.title === 'string') lines.push({ label: t('detail.deal'), value: details.title });
      // The stage move repeats as top-level from/to; show it once, from the changes.
      const changes = isRecord(details.changes) ? details.changes : null;
      const skip = new Set(['title']);
      if (changes?.stage || ('from' in details && 'to' in details && activityType === 'deal_updated')) {
        if (!changes?.stage)
          lines.push({ label: t('detail.stage'), value: `${formatValue('stage', details.from)} → ${formatValue('stage', details.to)}` });
        skip.add('from');
        skip.add('to');
      }
      return [...lines, ...genericLines(details, skip)];
    }
    case 'document_uploaded':
    case 'document_deleted': {
      const lines: DetailLine[] = [];
      if (typeof details.name === 'string') lines.push({ label: t('detail.document'), value: details.name });
      return [...lines, ...genericLines(details, new Set(['name']))];
    }
    case 'settings_updated':
      if (Array.isArray(details.changedKeys)) {
        return [
          { label: t('detail.changed'), value: formatValue('changedKeys', details.changedKeys) },
          ...genericLines(details, new Set(['changedKeys'])),
        ];
      }
      break;
  }
  return genericLines(details);
}

/** The details as one line of text (for titles and tests). */
export function detailsText(activityType: string, details: unknown): string {
  return formatDetails(activityType, details)
    .map((l) => `${l.label}: ${l.value}`)
    .join('; ');
}
