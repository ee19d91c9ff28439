import { ClipboardList } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { formatDate, formatUSDExact } from '../../../shared/format';
import type { Subscription } from '../../../shared/portal';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { SUBSCRIPTION_TEXT, serverMessage, useCancelSubscription, useMySubscriptions } from './api';
import { SubscriptionProgress, SubscriptionStatusBadge } from './subscription-ui';

export function SubscriptionList() {
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
      toast.success(SUBSCRIPTION_TEXT.cancelled);
    } catch (err) {
      toast.error(SUBSCRIPTION_TEXT.cancelFailed, { description: serverMessage(err) });
    }
    setCancelling(null);
  }

  const subs = list.data ?? [];

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-center gap-2">
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-lg font-semibold text-ink-900 focus:outline-none">
          Your Subscriptions
        </h2>
      </div>

      {list.isPending ? (
        <ListSkeleton label="Loading your subscriptions..." rowClassName="h-24" />
      ) : list.isError ? (
        <LoadError title={SUBSCRIPTION_TEXT.loadFailed} error={list.error} busy={list.isFetching} onRetry={() => void list.refetch()} />
      ) : subs.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 border-dashed p-10 text-center">
          <ClipboardList aria-hidden="true" className="size-8 text-muted" />
          <p className="font-medium text-ink-900">You have no subscriptions yet</p>
          <p className="max-w-md text-sm text-muted">Subscriptions you submit appear here with their status and progress.</p>
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
            <DialogTitle>Cancel this subscription?</DialogTitle>
            <DialogDescription>
              {cancelling && (
                <>
                  Your <span className="tabular font-medium text-text">{formatUSDExact(cancelling.amount)}</span> subscription to{' '}
                  <span className="font-medium text-text">{cancelling.dealTitle}</span> will be cancelled and its reserved capacity
                  released. This cannot be undone.
                </>
              )}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={cancel.isPending}>
                Keep Subscription
              </Button>
            </DialogClose>
            <Button variant="danger" busy={cancel.isPending} onClick={() => void confirmCancel()}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

export function SubscriptionItem({ sub, onCancel }: { sub: Subscription; onCancel: () => void }) {
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
            {sub.dealTitle}
          </h3>
          <p className="text-sm text-muted">{sub.dealType}</p>
        </div>
        <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4 lg:items-center">
          <div>
            <dt className="text-xs text-muted">Amount</dt>
            <dd className="tabular font-semibold text-ink-900" data-testid="subscription-amount">
              {formatUSDExact(sub.amount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Status</dt>
            <dd>
              <SubscriptionStatusBadge status={sub.status} />
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-muted">Progress</dt>
            <dd className="pt-1">
              <SubscriptionProgress value={sub.progress} label={`Progress of your subscription to ${sub.dealTitle}`} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Submitted</dt>
            <dd className="tabular text-ink-900">{formatDate(sub.createdAt)}</dd>
          </div>
          {sub.status === 'Rejected' && (
            <div className="col-span-2 rounded-md bg-danger-100/60 px-3 py-2 sm:col-span-4">
              <dt className="text-xs font-medium text-danger-700">Rejection reason</dt>
              <dd className="text-sm break-words whitespace-pre-line text-text" data-testid="rejection-reason">
                {sub.rejectionReason || 'No reason was given.'}
              </dd>
            </div>
          )}
        </dl>
        <div className="flex justify-end lg:w-28">
          {sub.status === 'Pending' && (
            <Button
              variant="secondary"
              size="sm"
              data-cancel-for={sub.id}
              onClick={onCancel}
              aria-label={`Cancel subscription to ${sub.dealTitle}`}
            >
              Cancel
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
