import type { ReactNode } from 'react';
import { type DistributionStatus, distributionTone } from '../../../shared/distributions';
import { formatDay } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { currentLanguage } from '../../lib/i18n';
import { distributionsText } from './i18n';

/** Paid green, Scheduled blue (info), Pending yellow; the status is always written out. */
export function DistributionStatusBadge({ status }: { status: DistributionStatus }) {
  const { t } = distributionsText.useT();
  return <Badge tone={distributionTone(status)}>{t(`status.${status}`)}</Badge>;
}

const TERMS =
  /^(?:no preferred return|([\d.]+)% preferred return), (?:no catch-up|(full) catch-up|([\d.]+)% catch-up), ([\d.]+)% carried interest$/;

/**
 * A deal's terms line as the server writes it (describeTerms: '8% preferred return, full
 * catch-up, 20% carried interest') in the current language; a line of another shape stays as sent.
 */
export function termsText(summary: string): string {
  if (currentLanguage() === 'en') return summary;
  const t = distributionsText.t;
  if (summary === 'No terms set: distributions go 100% to investors') return t('terms.none');
  const m = TERMS.exec(summary);
  if (!m) return summary;
  const [, hurdle, full, catchUp, carry = ''] = m;
  return t('terms.summary', {
    hurdle: hurdle ? t('terms.hurdle', { rate: hurdle }) : t('terms.noHurdle'),
    catchUp: full ? t('terms.fullCatchUp') : catchUp ? t('terms.catchUp', { rate: catchUp }) : t('terms.noCatchUp'),
    carry,
    interpolation: { escapeValue: false },
  });
}

/** '2025-12-16' -> { monthDay: 'Dec 16', year: '2025' } (the Next Payment Date card). */
export function splitPaymentDate(iso: string): { monthDay: string; year: string } {
  return { monthDay: formatDay(iso, 'monthDay'), year: iso.slice(0, 4) };
}

export { daysUntil as daysFromToday, relativeDay } from '../../../shared/dates';

/** A label/value pair inside a <dl>. */
export function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-text">{children}</dd>
    </div>
  );
}
