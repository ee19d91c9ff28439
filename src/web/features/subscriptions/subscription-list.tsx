import { ClipboardList } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatUSDExact } from '../../../shared/format';
import type { Subscription } from '../../../shared/subscriptions';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, useCancelSubscription, useMySubscriptions } from './api';
import { subscriptionsText } from './i18n';
import { SubscriptionProgress, SubscriptionStatusBadge } from './subscription-ui';

export function SubscriptionList() {
  const { t } = subscriptionsText.useT();
  const list = useMySubscriptions();
  const cancel = useCancelSubscription();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const lastCancelled = useRef<string | null>(null);

  async function confirmCancel() {
    if (!cancelling) return;
    lastCancelled.current = cancelling.id;
    try {
      await cancel.mutateAsync(cancelling.id);
      toast.success(subscriptionsText.t('toast.cancelled'));
    } catch (err) {
      toast.error(subscriptionsText.t('toast.cancelFailed'), { description: serverMessage(err) });
    }
    setCancelling(null);
  }

  const subs = list.data ?? [];

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-center gap-2">
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-lg font-semibold text-ink-900 focus:outline-none">
          {t('list.title')}
        </h2>
      </div>

      {list.isPending ? (
        <ListSkeleton label={t('list.loading')} rowClassName="h-24" />
      ) : list.isError ? (
        <LoadError title={t('toast.loadFailed')} error={list.error} busy={list.isFetching} onRetry={() => void list.refetch()} />
      ) : subs.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 border-dashed p-10 text-center">
          <ClipboardList aria-hidden="true" className="size-8 text-muted" />
          <p className="font-medium text-ink-900">{t('list.empty')}</p>
          <p className="max-w-md text-sm text-muted">{t('list.emptyHint')}</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby={headingId}>
          {subs.map((s) => (
            <SubscriptionItem key={s.id} sub={s} onCancel={() => setCancelling(s)} />
          ))}
        </ul>
      )}

      <Dialog open={cancelling !== null} onOpenChange={(o) => !o && !cancel.isPending && setCancelling(null)}>
        <DialogContent
          size="sm"
          onCloseAutoFocus={(e) => {
            // The Cancel button is gone once the subscription is cancelled: fall back to the list heading.
            const id = lastCancelled.current;
            const button = id ? document.querySelector<HTMLButtonElement>(`[data-cancel-for="${CSS.escape(id)}"]`) : null;
            if (button) return;
            e.preventDefault();
            headingRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('cancel.title')}</DialogTitle>
            <DialogDescription>
              {cancelling && (
                <Trans
                  t={t}
                  i18nKey="cancel.description"
                  values={{ amount: formatUSDExact(cancelling.amount), deal: cancelling.dealTitle }}
                  components={{
                    amount: <span className="tabular font-medium text-text" />,
                    deal: <span className="font-medium text-text" />,
                  }}
                />
              )}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={cancel.isPending}>
                {t('cancel.keep')}
              </Button>
            </DialogClose>
            <Button variant="danger" busy={cancel.isPending} onClick={() => void confirmCancel()}>
              {cancel.isPending ? t('cancel.busy') : t('cancel.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

export function SubscriptionItem({ sub, onCancel }: { sub: Subscription; onCancel: () => void }) {
  const { t } = subscriptionsText.useT();
  const titleId = useId();
  return (
    <li>
      <Card
        role="group"
        aria-labelledby={titleId}
        data-testid="subscription-item"
        data-subscription-id={sub.id}
        className="flex flex-col gap-4 p-4 lg:flex-row lg:items-center"
      >
        <div className="min-w-0 lg:w-1/4">
          <h3 id={titleId} className="font-semibold break-words text-ink-900">
            <bdi>{sub.dealTitle}</bdi>
          </h3>
          <p className="text-sm text-muted">{enumLabel('dealType', sub.dealType)}</p>
        </div>
        <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4 lg:items-center">
          <div>
            <dt className="text-xs text-muted">{t('list.amount')}</dt>
            <dd className="tabular font-semibold text-ink-900" data-testid="subscription-amount">
              {formatUSDExact(sub.amount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('list.status')}</dt>
            <dd>
              <SubscriptionStatusBadge status={sub.status} />
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-muted">{t('list.progress')}</dt>
            <dd className="pt-1">
              <SubscriptionProgress value={sub.progress} label={t('list.progressLabel', { deal: sub.dealTitle })} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('list.submitted')}</dt>
            <dd className="tabular text-ink-900">{formatDate(sub.createdAt)}</dd>
          </div>
          {sub.status === 'Rejected' && (
            <div className="col-span-2 rounded-md bg-danger-100/60 px-3 py-2 sm:col-span-4">
              <dt className="text-xs font-medium text-danger-700">{t('list.rejectionReason')}</dt>
              <dd className="text-sm break-words whitespace-pre-line text-text" data-testid="rejection-reason">
                {sub.rejectionReason || t('list.noReason')}
              </dd>
            </div>
          )}
        </dl>
        <div className="flex flex-wrap justify-end gap-2 lg:w-40">
          {sub.signsAgreement && sub.status !== 'Cancelled' && sub.status !== 'Rejected' && (
            <Link
              to={`/investor/subscriptions/${sub.id}/sign`}
              className={buttonClass({ variant: sub.status === 'Completed' ? 'secondary' : 'primary', size: 'sm' })}
              aria-label={t(sub.status === 'Completed' ? 'list.viewLabel' : 'list.signLabel', { deal: sub.dealTitle })}
            >
              {t(sub.status === 'Completed' ? 'list.view' : 'list.sign')}
            </Link>
          )}
          {sub.status === 'Pending' && (
            <Button
              variant="secondary"
              size="sm"
              data-cancel-for={sub.id}
              onClick={onCancel}
              aria-label={t('list.cancelLabel', { deal: sub.dealTitle })}
            >
              {t('list.cancel')}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
