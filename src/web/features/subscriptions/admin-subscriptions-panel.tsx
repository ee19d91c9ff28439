import { RotateCw } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { SUBSCRIPTION_STATUSES, type Subscription, type SubscriptionStatus } from '../../../shared/subscriptions';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataList } from '../../components/ui/data-list';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { TH } from '../../components/ui/table';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { AdminSubscriptionCard, AdminSubscriptionRow, focusAfter } from './admin-subscription-items';
import { serverMessage, useAllSubscriptions, useTransitionSubscription } from './api';
import { subscriptionsText } from './i18n';
import { RejectBody } from './subscription-action-dialogs';

type DialogState = { mode: 'reject'; sub: Subscription } | null;

/** The toast after an admin action: investor, deal and the new status. */
const updatedDetail = (sub: Subscription, status: SubscriptionStatus) =>
  subscriptionsText.t('toast.updatedDetail', {
    investor: sub.investorName,
    deal: sub.dealTitle,
    status: enumLabel('subscriptionStatus', status),
  });

/**
 * Investor Onboarding's Subscriptions tab: every investor's subscriptions, filterable by status
 * and text, with the admin actions Take Under Review, Countersign (to the queue below: only the
 * countersignature completes a subscription, issue 30) and Reject (with a reason).
 * It has no page header of its own: it sits inside the onboarding screen's tabs.
 */
export function AdminSubscriptionsPanel() {
  const { t } = subscriptionsText.useT();
  const list = useAllSubscriptions();
  const transition = useTransitionSubscription();
  const [status, setStatus] = useState<'all' | SubscriptionStatus>('all');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const lastId = useRef<string | null>(null);
  const headingId = useId();

  const all = list.data ?? [];
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (s) =>
        (status === 'all' || s.status === status) &&
        (!q || [s.investorName, s.investorEmail, s.dealTitle].some((v) => v.toLowerCase().includes(q))),
    );
  }, [all, status, search]);

  const counts = useMemo(() => {
    const c: Record<SubscriptionStatus, number> = { Pending: 0, 'Under Review': 0, Completed: 0, Rejected: 0, Cancelled: 0 };
    for (const s of all) c[s.status]++;
    return c;
  }, [all]);

  async function takeUnderReview(sub: Subscription) {
    setReviewing(sub.id);
    try {
      await transition.mutateAsync({ id: sub.id, action: 'review' });
      toast.success(subscriptionsText.t('toast.updated'), { description: updatedDetail(sub, 'Under Review') });
    } catch (err) {
      toast.error(subscriptionsText.t('toast.updateFailed'), { description: serverMessage(err) });
    } finally {
      setReviewing(null);
      // Let the row re-render with its new actions first.
      window.setTimeout(() => focusAfter(sub.id, () => fallbackFocus(sub.id)), 0);
    }
  }

  /** When a subscription has no action left: the table (desktop) or its card (phone). */
  function fallbackFocus(id: string): HTMLElement | null {
    const region = tableRef.current?.parentElement ?? null;
    if (region?.offsetParent) return region;
    return document.querySelector<HTMLElement>(`[data-testid="subscription-card"][data-subscription-id="${CSS.escape(id)}"]`);
  }

  const itemProps = {
    reviewing,
    onReview: (sub: Subscription) => void takeUnderReview(sub),
    onDialog: (mode: 'reject', sub: Subscription) => setDialog({ mode, sub }),
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="admin-subscriptions-panel">
      <h2 id={headingId} className="sr-only">
        {t('admin.heading')}
      </h2>

      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="grid flex-1 gap-3 sm:grid-cols-2 md:max-w-2xl">
          <SearchField
            id="subs-search"
            label={t('admin.search')}
            placeholder={t('admin.searchPlaceholder')}
            value={search}
            onChange={setSearch}
          />
          <Field label={t('admin.status')} htmlFor="subs-status">
            <NativeSelect id="subs-status" value={status} onChange={(e) => setStatus(e.target.value as 'all' | SubscriptionStatus)}>
              <option value="all">{t('admin.allStatuses', { n: all.length })}</option>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t('admin.statusOption', { status: enumLabel('subscriptionStatus', s), n: counts[s] })}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <p className="text-sm text-muted" aria-live="polite" data-testid="subs-count">
          {list.isSuccess ? t('admin.showing', { visible: rows.length, count: all.length }) : '\u00a0'}
        </p>
        <ExportCsvButton
          filename="subscriptions"
          columns={[
            { key: 'investorName', label: t('csv.investor') },
            { key: 'investorEmail', label: t('csv.email') },
            { key: 'dealTitle', label: t('csv.deal') },
            { key: 'amount', label: t('csv.amount') },
            { key: 'status', label: t('csv.status') },
            { key: 'createdAt', label: t('csv.created') },
            { key: 'completedAt', label: t('csv.completed') },
          ]}
          rows={rows as unknown as Record<string, unknown>[]}
        />
      </div>

      {list.isError ? (
        <Card className="p-8 text-center">
          <p role="alert" className="font-medium text-danger-700">
            {t('toast.loadFailed')}
          </p>
          <p className="mt-1 text-sm text-muted">{serverMessage(list.error) ?? t('admin.checkConnection')}</p>
          <Button variant="secondary" className="mt-4" busy={list.isFetching} onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" />
            {t('admin.tryAgain')}
          </Button>
        </Card>
      ) : (
        <DataList
          label={t('admin.tableLabel')}
          items={rows}
          loading={list.isPending}
          loadingLabel={t('admin.loading')}
          getKey={(s) => s.id}
          tableRef={tableRef}
          skeletonWidths={['8rem', '8rem', '6rem', '8rem', '6rem', '8rem']}
          cardSkeletonClass="h-56"
          empty={all.length === 0 ? t('admin.empty') : t('admin.noMatch')}
          head={
            <tr>
              <TH>{t('column.investor')}</TH>
              <TH>{t('column.deal')}</TH>
              <TH className="text-end">{t('column.amount')}</TH>
              <TH>{t('column.statusProgress')}</TH>
              <TH>{t('column.submitted')}</TH>
              <TH>{t('column.actions')}</TH>
            </tr>
          }
          row={(s) => <AdminSubscriptionRow sub={s} {...itemProps} />}
          card={(s) => <AdminSubscriptionCard sub={s} {...itemProps} />}
        />
      )}

      <Dialog
        open={dialog !== null}
        onOpenChange={(o) => {
          if (!o && !transition.isPending) setDialog(null);
        }}
      >
        {dialog && (
          <DialogContent
            size="md"
            onCloseAutoFocus={(e) => {
              const id = lastId.current ?? dialog.sub.id;
              e.preventDefault();
              focusAfter(id, () => fallbackFocus(id));
            }}
          >
            {dialog.mode === 'reject' && (
              <RejectBody
                sub={dialog.sub}
                busy={transition.isPending}
                onConfirm={async (reason) => {
                  lastId.current = dialog.sub.id;
                  try {
                    await transition.mutateAsync({ id: dialog.sub.id, action: 'reject', reason });
                    toast.success(subscriptionsText.t('toast.updated'), { description: updatedDetail(dialog.sub, 'Rejected') });
                  } catch (err) {
                    toast.error(subscriptionsText.t('toast.updateFailed'), { description: serverMessage(err) });
                  }
                  setDialog(null);
                }}
              />
            )}
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}
