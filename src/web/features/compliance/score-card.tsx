import { useId } from 'react';
import { COMPLIANCE_STATUSES, type ComplianceOverview, type ComplianceStatus } from '../../../shared/compliance';
import { formatFigure, formatNumber } from '../../../shared/format';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { STATUS_ICONS } from './compliance-ui';
import { complianceText } from './i18n';

const COUNTER_TONES: Record<ComplianceStatus, string> = {
  overdue: 'border-s-danger-700 [&_svg]:text-danger-700',
  due_soon: 'border-s-warning-800 [&_svg]:text-warning-800',
  in_progress: 'border-s-ink-700 [&_svg]:text-ink-700',
  completed: 'border-s-success-700 [&_svg]:text-success-700',
};

/** The Compliance Score (items only) and the counters by status. */
export function ScoreCard({ data, loading, failed }: { data: ComplianceOverview | undefined; loading: boolean; failed: boolean }) {
  const { t } = complianceText.useT();
  const headingId = useId();
  const total = data?.items.length ?? 0;
  const completed = data?.counts.completed ?? 0;
  return (
    <Card className="mb-6 grid gap-5 p-5 lg:grid-cols-[minmax(14rem,18rem)_1fr] lg:items-center" aria-labelledby={headingId} role="region">
      <div>
        <h2 id={headingId} className="text-sm font-medium text-muted">
          {t('score.title')}
        </h2>
        {data && total === 0 ? (
          // No item tracked: a score of 100% would claim compliance with nothing checked.
          <p className="mt-1 text-2xl font-semibold tracking-tight text-ink-900" data-testid="compliance-score">
            {t('score.nothingTracked')}
          </p>
        ) : data ? (
          <p className="tabular mt-1 text-4xl font-semibold tracking-tight text-ink-900" data-testid="compliance-score">
            {t('score.value', { score: formatNumber(data.score) })}
          </p>
        ) : (
          <p className="mt-1 text-4xl font-semibold text-ink-900">
            {loading ? <Skeleton as="span" className="h-10 w-24" /> : '—'}
            {loading && <span className="sr-only">{t('score.loading')}</span>}
          </p>
        )}
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
          <div
            className="h-full rounded-full bg-gold-500 transition-[width]"
            style={{ width: `${total === 0 ? 0 : (data?.score ?? 0)}%` }}
          />
        </div>
        <p className="tabular mt-2 text-xs text-muted">
          {data && total === 0
            ? t('score.addItems')
            : data
              ? t('score.summary', { completed: formatNumber(completed), count: total })
              : failed
                ? t('score.unavailable')
                : '\u00a0'}
        </p>
      </div>
      <ul aria-label={t('score.byStatus')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {COMPLIANCE_STATUSES.map((s) => {
          const Icon = STATUS_ICONS[s];
          return (
            <li key={s}>
              <div
                className={cn(
                  'flex h-full flex-col gap-1 rounded-md border border-s-4 border-border bg-surface px-3 py-2.5',
                  COUNTER_TONES[s],
                )}
                data-testid={`compliance-counter-${s}`}
              >
                <span className="inline-flex items-center gap-1.5 text-sm text-muted">
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {enumLabel('complianceStatus', s)}
                </span>
                {data ? (
                  <span className="tabular text-2xl font-semibold text-ink-900">{formatFigure(data.counts[s])}</span>
                ) : (
                  <Skeleton as="span" className="h-8 w-8" />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
