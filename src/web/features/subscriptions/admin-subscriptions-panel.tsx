import { CheckCircle2, Eye, RotateCw, XCircle } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { formatDate, formatUSD } from '../../../shared/format';
import { SUBSCRIPTION_STATUSES, type Subscription, type SubscriptionStatus } from '../../../shared/portal';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, useAllSubscriptions, useTransitionSubscription } from './api';
import { subscriptionsText } from './i18n';
import { CompleteBody, RejectBody } from './subscription-action-dialogs';
import { SubscriptionProgress, SubscriptionStatusBadge } from './subscription-ui';

const ACTIVE: SubscriptionStatus[] = ['Pending', 'Under Review'];
type DialogState = { mode: 'complete' | 'reject'; sub: Subscription } | null;

/** The toast after an admin action: investor, deal and the new status. */
const updatedDetail = (sub: Subscription, status: SubscriptionStatus) =>
  subscriptionsText.t('toast.updatedDetail', {
    investor: sub.investorName,
    deal: sub.dealTitle,
    status: enumLabel('subscriptionStatus', status),
  });

/** After an action, focus the row's next action, or the table when the row has none left. */
function focusAfter(id: string, fallback: HTMLElement | null) {
  const next = document.querySelector<HTMLButtonElement>(`[data-actions-for="${CSS.escape(id)}"] button:not([disabled])`);
  (next ?? fallback)?.focus();
}

/**
 * Investor Onboarding's Subscriptions tab: every investor's subscriptions, filterable by status
 * and text, with the admin actions Take Under Review, Mark Completed and Reject (with a reason).
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
      window.setTimeout(() => focusAfter(sub.id, tableRef.current?.parentElement ?? null), 0);
    }
  }

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
        <Table ref={tableRef} aria-label={t('admin.tableLabel')} aria-busy={list.isPending || undefined}>
          <THead>
            <tr>
              <TH>{t('column.investor')}</TH>
              <TH>{t('column.deal')}</TH>
              <TH className="text-end">{t('column.amount')}</TH>
              <TH>{t('column.statusProgress')}</TH>
              <TH>{t('column.submitted')}</TH>
              <TH>{t('column.actions')}</TH>
            </tr>
          </THead>
          <TBody>
            {list.isPending ? (
              [0, 1, 2, 3].map((i) => (
                <tr key={i}>
                  {[0, 1, 2, 3, 4, 5].map((c) => (
                    <TD key={c}>
                      {i === 0 && c === 0 && (
                        <span role="status" className="sr-only">
                          {t('admin.loading')}
                        </span>
                      )}
                      <span aria-hidden="true" className="block h-4 w-full max-w-32 animate-pulse rounded bg-ink-100/80" />
                    </TD>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <EmptyRow colSpan={6}>{all.length === 0 ? t('admin.empty') : t('admin.noMatch')}</EmptyRow>
            ) : (
              rows.map((s) => (
                <TR key={s.id} data-testid="subscription-row" data-subscription-id={s.id}>
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
                  </TD>
                  <TD className="tabular whitespace-nowrap">{formatDate(s.createdAt)}</TD>
                  <TD>
                    {ACTIVE.includes(s.status) ? (
                      <div className="flex w-max flex-col items-stretch gap-1.5 [&>button]:justify-start" data-actions-for={s.id}>
                        {s.status === 'Pending' && (
                          <Button
                            variant="secondary"
                            size="sm"
                            busy={reviewing === s.id}
                            disabled={reviewing !== null && reviewing !== s.id}
                            onClick={() => void takeUnderReview(s)}
                            aria-label={t('admin.takeUnderReviewLabel', { investor: s.investorName, deal: s.dealTitle })}
                          >
                            {reviewing !== s.id && <Eye aria-hidden="true" />}
                            {t('admin.takeUnderReview')}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          disabled={reviewing === s.id}
                          onClick={() => setDialog({ mode: 'complete', sub: s })}
                          aria-label={t('admin.markCompletedLabel', { investor: s.investorName, deal: s.dealTitle })}
                        >
                          <CheckCircle2 aria-hidden="true" />
                          {t('admin.markCompleted')}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-danger-700"
                          disabled={reviewing === s.id}
                          onClick={() => setDialog({ mode: 'reject', sub: s })}
                          aria-label={t('admin.rejectLabel', { investor: s.investorName, deal: s.dealTitle })}
                        >
                          <XCircle aria-hidden="true" />
                          {t('admin.reject')}
                        </Button>
                      </div>
                    ) : (
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
                    )}
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
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
              focusAfter(id, tableRef.current?.parentElement ?? null);
            }}
          >
            {dialog.mode === 'complete' ? (
              <CompleteBody
                sub={dialog.sub}
                busy={transition.isPending}
                onConfirm={async () => {
                  lastId.current = dialog.sub.id;
                  try {
                    await transition.mutateAsync({ id: dialog.sub.id, action: 'complete' });
                    toast.success(subscriptionsText.t('toast.updated'), { description: updatedDetail(dialog.sub, 'Completed') });
                  } catch (err) {
                    toast.error(subscriptionsText.t('toast.updateFailed'), { description: serverMessage(err) });
                  }
                  setDialog(null);
                }}
              />
            ) : (
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
