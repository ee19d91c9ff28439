import { Check, ClipboardList, X } from 'lucide-react';
import { formatDate } from '../../../shared/format';
import type { KycApplication } from '../../../shared/kyc';
import { KycStatusBadge } from '../../components/domain/kyc';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { TD, TR } from '../../components/ui/table';
import { enumLabel } from '../../lib/i18n';
import { kycText } from './i18n';

const typeLabel = (a: KycApplication) => (a.type ? enumLabel('userType', a.type) : '—');

export type Mode = 'review' | 'approve' | 'reject';
export type DialogState = { mode: Mode; app: KycApplication; fromReview: boolean } | null;
type OnOpen = (mode: Mode, app: KycApplication) => void;

/** One application in the table (tablets and desktops). */
export function KycRow({ app: a, onOpen: open }: { app: KycApplication; onOpen: OnOpen }) {
  const { t } = kycText.useT();
  return (
    <TR data-testid="kyc-row">
      <TD className="max-w-44 min-w-36">
        <span className="block truncate font-medium text-ink-900" title={a.investorName}>
          {a.investorName}
        </span>
        <span className="block truncate text-xs text-muted" title={a.email}>
          {a.email}
        </span>
      </TD>
      <TD className="whitespace-nowrap">{typeLabel(a)}</TD>
      <TD>
        <span className="flex flex-wrap items-center gap-1.5">
          <KycStatusBadge status={a.status} />
          <ReviewRequiredBadge app={a} />
        </span>
      </TD>
      <TD className="min-w-32">
        <Progress value={a.completionPercentage} label={t('row.completionFor', { name: a.investorName })} showValue />
      </TD>
      <TD className="tabular whitespace-nowrap">{a.submittedAt ? formatDate(a.submittedAt) : '—'}</TD>
      <TD className="min-w-24">{a.reviewedByName ?? '—'}</TD>
      <TD>
        <RowActions app={a} onOpen={open} compact />
      </TD>
    </TR>
  );
}

/** One application as a card (phones). */
export function KycCard({ app: a, onOpen: open }: { app: KycApplication; onOpen: OnOpen }) {
  const { t } = kycText.useT();
  return (
    <li data-testid="kyc-card">
      <Card className="p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-medium break-words text-ink-900">{a.investorName}</p>
            <p className="text-sm break-all text-muted">{a.email}</p>
          </div>
          <span className="mt-0.5 flex flex-col items-end gap-1.5">
            <KycStatusBadge status={a.status} />
            <ReviewRequiredBadge app={a} />
          </span>
        </div>
        <Progress className="mt-3" value={a.completionPercentage} label={t('row.completionFor', { name: a.investorName })} showValue />
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">{t('column.type')}</dt>
          <dd>{typeLabel(a)}</dd>
          <dt className="text-muted">{t('column.submitted')}</dt>
          <dd className="tabular">{a.submittedAt ? formatDate(a.submittedAt) : '—'}</dd>
          <dt className="text-muted">{t('column.reviewedBy')}</dt>
          <dd>{a.reviewedByName ?? '—'}</dd>
        </dl>
        <div className="mt-3 border-t border-border pt-3">
          <RowActions app={a} onOpen={open} />
        </div>
      </Card>
    </li>
  );
}

function RowActions({
  app,
  onOpen,
  compact = false,
}: {
  app: KycApplication;
  onOpen: (mode: Mode, app: KycApplication) => void;
  /** In the table: Approve and Reject show their labels from 2xl up (icon and tooltip below, names kept for assistive tech). */
  compact?: boolean;
}) {
  const { t } = kycText.useT();
  const reviewable = app.status === 'in_review';
  const label = compact ? 'sr-only 2xl:not-sr-only' : undefined;
  return (
    <div className={compact ? 'flex flex-nowrap items-center justify-end gap-2' : 'flex flex-wrap items-center gap-2'}>
      <Button variant="secondary" size="sm" data-review-for={app.id} onClick={() => onOpen('review', app)}>
        {!compact && <ClipboardList aria-hidden="true" />}
        {t('row.review')}
        <span className="sr-only">
          {' '}
          <bdi>{app.investorName}</bdi>
        </span>
      </Button>
      {reviewable && (
        <>
          <Button size="sm" onClick={() => onOpen('approve', app)} title={compact ? t('row.approve') : undefined}>
            <Check aria-hidden="true" />
            <span className={label}>{t('row.approve')}</span>
            <span className="sr-only">
              {' '}
              <bdi>{app.investorName}</bdi>
            </span>
          </Button>
          <Button variant="danger" size="sm" onClick={() => onOpen('reject', app)} title={compact ? t('row.reject') : undefined}>
            <X aria-hidden="true" />
            <span className={label}>{t('row.reject')}</span>
            <span className="sr-only">
              {' '}
              <bdi>{app.investorName}</bdi>
            </span>
          </Button>
        </>
      )}
    </div>
  );
}

/** The investor's latest suitability review fails the DFSA professional-client criteria: subscriptions are on hold. */
function ReviewRequiredBadge({ app }: { app: KycApplication }) {
  const { t } = kycText.useT();
  if (!app.suitabilityReviewRequired) return null;
  return (
    <Badge tone="danger" title={t('row.reviewRequiredHint')}>
      {t('row.reviewRequired')}
    </Badge>
  );
}
