import { Eye, PenLine, XCircle } from 'lucide-react';
import { Trans } from 'react-i18next';
import { formatDate, formatUSD } from '../../../shared/format';
import type { Subscription, SubscriptionStatus } from '../../../shared/subscriptions';
import { Button } from '../../components/ui/button';
import { TD, TR } from '../../components/ui/table';
import { enumLabel } from '../../lib/i18n';
import { subscriptionsText } from './i18n';
import { SubscriptionProgress, SubscriptionStatusBadge } from './subscription-ui';

const ACTIVE: SubscriptionStatus[] = ['Pending', 'Under Review'];

export interface AdminItemProps {
  sub: Subscription;
  /** The subscription being taken under review (its buttons wait), if any. */
  reviewing: string | null;
  onReview: (sub: Subscription) => void;
  onDialog: (mode: 'reject', sub: Subscription) => void;
}

/**
 * Moves to the subscription's agreement in the countersignature queue below the list (issue 30):
 * its first field, so the admin can countersign at once.
 */
function goToCountersign(subscriptionId: string) {
  const item = document.querySelector<HTMLElement>(`[data-countersign-for="${CSS.escape(subscriptionId)}"]`);
  item?.scrollIntoView({ block: 'center' });
  (item?.querySelector<HTMLElement>('input') ?? item)?.focus();
}

/**
 * After an action, focus the row's (or card's) next action, or `fallback` when none is left.
 * The table and the cards are both in the page; only the one on screen has a layout.
 */
export function focusAfter(id: string, fallback: () => HTMLElement | null) {
  const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-actions-for="${CSS.escape(id)}"] button:not([disabled])`);
  const next = Array.from(buttons).find((b) => b.offsetParent !== null);
  (next ?? fallback())?.focus();
}

/**
 * Take Under Review, Countersign (once the investor has signed: a subscription completes only by
 * the countersignature, issue 30) and Reject; once done, the completion date or "no actions".
 * An open subscription not yet signed says where its agreement stands instead of Countersign.
 */
function Actions({ sub: s, reviewing, onReview, onDialog }: AdminItemProps) {
  const { t } = subscriptionsText.useT();
  if (!ACTIVE.includes(s.status)) {
    return (
      <span className="text-xs text-muted">
        {s.status === 'Completed' && s.completedAt ? (
          <Trans
            t={t}
            i18nKey="admin.completedOn"
            values={{ date: formatDate(s.completedAt) }}
            components={{ date: <span className="tabular" /> }}
          />
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t('admin.noActions')}</span>
          </>
        )}
      </span>
    );
  }
  const who = { investor: s.investorName, deal: s.dealTitle };
  return (
    <>
      {s.status === 'Pending' && (
        <Button
          variant="secondary"
          size="sm"
          busy={reviewing === s.id}
          disabled={reviewing !== null && reviewing !== s.id}
          onClick={() => onReview(s)}
          aria-label={t('admin.takeUnderReviewLabel', who)}
        >
          {reviewing !== s.id && <Eye aria-hidden="true" />}
          {t('admin.takeUnderReview')}
        </Button>
      )}
      {s.agreementStatus === 'signed' ? (
        <Button size="sm" disabled={reviewing === s.id} onClick={() => goToCountersign(s.id)} aria-label={t('admin.countersignLabel', who)}>
          <PenLine aria-hidden="true" />
          {t('admin.countersign')}
        </Button>
      ) : (
        <span className="max-w-44 text-xs text-muted" data-testid="agreement-state">
          {t(`admin.agreement.${s.agreementStatus ?? 'none'}`)}
        </span>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="text-danger-700"
        disabled={reviewing === s.id}
        onClick={() => onDialog('reject', s)}
        aria-label={t('admin.rejectLabel', who)}
      >
        <XCircle aria-hidden="true" />
        {t('admin.reject')}
      </Button>
    </>
  );
}

function StatusAndProgress({ sub: s }: { sub: Subscription }) {
  const { t } = subscriptionsText.useT();
  return (
    <>
      <SubscriptionStatusBadge status={s.status} />
      <SubscriptionProgress
        className="mt-2"
        value={s.progress}
        label={t('admin.progressLabel', { investor: s.investorName, deal: s.dealTitle })}
      />
      {s.status === 'Rejected' && s.rejectionReason && (
        <span className="mt-1 block max-w-60 text-xs break-words text-muted" data-testid="rejection-reason">
          {t('admin.reason', { reason: s.rejectionReason })}
        </span>
      )}
    </>
  );
}

/** One subscription as a table row (tablets and desktops). */
export function AdminSubscriptionRow(props: AdminItemProps) {
  const s = props.sub;
  return (
    <TR data-testid="subscription-row" data-subscription-id={s.id}>
      <TD className="min-w-40">
        <bdi className="block font-medium text-ink-900">{s.investorName}</bdi>
        <bdi className="block text-xs break-words text-muted">{s.investorEmail}</bdi>
      </TD>
      <TD className="min-w-36">
        <bdi className="block font-medium text-ink-900">{s.dealTitle}</bdi>
        <span className="block text-xs text-muted">{enumLabel('dealType', s.dealType)}</span>
      </TD>
      <TD className="tabular text-end font-medium whitespace-nowrap">{formatUSD(s.amount)}</TD>
      <TD className="w-44 min-w-44">
        <StatusAndProgress sub={s} />
      </TD>
      <TD className="tabular whitespace-nowrap">{formatDate(s.createdAt)}</TD>
      <TD>
        {ACTIVE.includes(s.status) ? (
          <div className="flex w-max flex-col items-stretch gap-1.5 [&>button]:justify-start" data-actions-for={s.id}>
            <Actions {...props} />
          </div>
        ) : (
          <Actions {...props} />
        )}
      </TD>
    </TR>
  );
}

/** One subscription as a card (phones): every column of the row, the actions below. */
export function AdminSubscriptionCard(props: AdminItemProps) {
  const { t } = subscriptionsText.useT();
  const s = props.sub;
  return (
    <li
      className="rounded-lg border border-border bg-surface p-4 shadow-sm focus-visible:outline-2 focus-visible:outline-gold-600"
      data-testid="subscription-card"
      data-subscription-id={s.id}
      tabIndex={-1}
    >
      <div className="min-w-0">
        <bdi className="block font-semibold break-words text-ink-900">{s.investorName}</bdi>
        <bdi className="block text-sm break-words text-muted">{s.investorEmail}</bdi>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="col-span-2">
          <dt className="text-muted">{t('column.deal')}</dt>
          <dd>
            <bdi className="font-medium text-ink-900">{s.dealTitle}</bdi>
            <span className="block text-xs text-muted">{enumLabel('dealType', s.dealType)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('column.amount')}</dt>
          <dd className="tabular font-medium text-ink-900">{formatUSD(s.amount)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('column.submitted')}</dt>
          <dd className="tabular font-medium text-ink-900">{formatDate(s.createdAt)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t('column.statusProgress')}</dt>
          <dd className="mt-1">
            <StatusAndProgress sub={s} />
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3" data-actions-for={s.id}>
        <Actions {...props} />
      </div>
    </li>
  );
}
