import { CheckCircle2, Eye, RotateCw, Search, XCircle } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { formatDate, formatUSD } from '../../../shared/format';
import { rejectSubscriptionInput, SUBSCRIPTION_STATUSES, type Subscription, type SubscriptionStatus } from '../../../shared/portal';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { useDealOptions } from '../../lib/queries/deals';
import { toast } from '../../lib/toast';
import { decimalToCents } from './amount';
import { SUBSCRIPTION_TEXT, serverMessage, useAllSubscriptions, useTransitionSubscription } from './api';
import { SubscriptionProgress, SubscriptionStatusBadge } from './subscription-ui';

const ACTIVE: SubscriptionStatus[] = ['Pending', 'Under Review'];
type DialogState = { mode: 'complete' | 'reject'; sub: Subscription } | null;

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
        (!q || [s.investorName, s.investorEmail, s.dealTitle].some((t) => t.toLowerCase().includes(q))),
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
      toast.success(SUBSCRIPTION_TEXT.updated, { description: `${sub.investorName} · ${sub.dealTitle}: Under Review` });
    } catch (err) {
      toast.error(SUBSCRIPTION_TEXT.updateFailed, { description: serverMessage(err) });
    } finally {
      setReviewing(null);
      // Let the row re-render with its new actions first.
      window.setTimeout(() => focusAfter(sub.id, tableRef.current?.parentElement ?? null), 0);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="admin-subscriptions-panel">
      <h2 id={headingId} className="sr-only">
        Subscriptions
      </h2>

      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="grid flex-1 gap-3 sm:grid-cols-2 md:max-w-2xl">
          <Field label="Search" htmlFor="subs-search">
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted" />
              <Input
                id="subs-search"
                type="search"
                placeholder="Investor, e-mail or deal"
                className="ps-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </Field>
          <Field label="Status" htmlFor="subs-status">
            <NativeSelect id="subs-status" value={status} onChange={(e) => setStatus(e.target.value as 'all' | SubscriptionStatus)}>
              <option value="all">All statuses ({all.length})</option>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s} ({counts[s]})
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <p className="text-sm text-muted" aria-live="polite" data-testid="subs-count">
          {list.isSuccess ? `Showing ${rows.length} of ${all.length} ${all.length === 1 ? 'subscription' : 'subscriptions'}` : '\u00a0'}
        </p>
        <ExportCsvButton
          filename="subscriptions"
          columns={[
            { key: 'investorName', label: 'Investor' },
            { key: 'investorEmail', label: 'E-mail' },
            { key: 'dealTitle', label: 'Deal' },
            { key: 'amount', label: 'Amount' },
            { key: 'status', label: 'Status' },
            { key: 'createdAt', label: 'Created' },
            { key: 'completedAt', label: 'Completed' },
          ]}
          rows={rows as unknown as Record<string, unknown>[]}
        />
      </div>

      {list.isError ? (
        <Card className="p-8 text-center">
          <p role="alert" className="font-medium text-danger-700">
            {SUBSCRIPTION_TEXT.loadFailed}
          </p>
          <p className="mt-1 text-sm text-muted">{serverMessage(list.error) ?? 'Check your connection, then try again.'}</p>
          <Button variant="secondary" className="mt-4" busy={list.isFetching} onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </Card>
      ) : (
        <Table ref={tableRef} aria-label="Subscriptions" aria-busy={list.isPending || undefined}>
          <THead>
            <tr>
              <TH>Investor</TH>
              <TH>Deal</TH>
              <TH className="text-end">Amount</TH>
              <TH>Status &amp; Progress</TH>
              <TH>Submitted</TH>
              <TH>Actions</TH>
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
                          Loading subscriptions...
                        </span>
                      )}
                      <span aria-hidden="true" className="block h-4 w-full max-w-32 animate-pulse rounded bg-ink-100/80" />
                    </TD>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <EmptyRow colSpan={6}>{all.length === 0 ? 'No subscriptions yet' : 'No subscriptions match the filters'}</EmptyRow>
            ) : (
              rows.map((s) => (
                <TR key={s.id} data-testid="subscription-row" data-subscription-id={s.id}>
                  <TD className="min-w-40">
                    <span className="block font-medium text-ink-900">{s.investorName}</span>
                    <span className="block text-xs break-words text-muted">{s.investorEmail}</span>
                  </TD>
                  <TD className="min-w-36">
                    <span className="block font-medium text-ink-900">{s.dealTitle}</span>
                    <span className="block text-xs text-muted">{s.dealType}</span>
                  </TD>
                  <TD className="tabular text-end font-medium whitespace-nowrap">{formatUSD(s.amount)}</TD>
                  <TD className="w-44 min-w-44">
                    <SubscriptionStatusBadge status={s.status} />
                    <SubscriptionProgress
                      className="mt-2"
                      value={s.progress}
                      label={`Progress of ${s.investorName}'s subscription to ${s.dealTitle}`}
                    />
                    {s.status === 'Rejected' && s.rejectionReason && (
                      <span className="mt-1 block max-w-60 text-xs break-words text-muted" data-testid="rejection-reason">
                        Reason: {s.rejectionReason}
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
                            aria-label={`Take Under Review: ${s.investorName}, ${s.dealTitle}`}
                          >
                            {reviewing !== s.id && <Eye aria-hidden="true" />}
                            Take Under Review
                          </Button>
                        )}
                        <Button
                          size="sm"
                          disabled={reviewing === s.id}
                          onClick={() => setDialog({ mode: 'complete', sub: s })}
                          aria-label={`Mark Completed: ${s.investorName}, ${s.dealTitle}`}
                        >
                          <CheckCircle2 aria-hidden="true" />
                          Mark Completed
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-danger-700"
                          disabled={reviewing === s.id}
                          onClick={() => setDialog({ mode: 'reject', sub: s })}
                          aria-label={`Reject: ${s.investorName}, ${s.dealTitle}`}
                        >
                          <XCircle aria-hidden="true" />
                          Reject
                        </Button>
                      </div>
                    ) : (
                      <span className="text-xs text-muted">
                        {s.status === 'Completed' && s.completedAt ? (
                          <>
                            Completed <span className="tabular">{formatDate(s.completedAt)}</span>
                          </>
                        ) : (
                          <>
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">No actions</span>
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
                    toast.success(SUBSCRIPTION_TEXT.updated, {
                      description: `${dialog.sub.investorName} · ${dialog.sub.dealTitle}: Completed`,
                    });
                  } catch (err) {
                    toast.error(SUBSCRIPTION_TEXT.updateFailed, { description: serverMessage(err) });
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
                    toast.success(SUBSCRIPTION_TEXT.updated, {
                      description: `${dialog.sub.investorName} · ${dialog.sub.dealTitle}: Rejected`,
                    });
                  } catch (err) {
                    toast.error(SUBSCRIPTION_TEXT.updateFailed, { description: serverMessage(err) });
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

function CompleteBody({ sub, busy, onConfirm }: { sub: Subscription; busy: boolean; onConfirm: () => Promise<void> }) {
  const deals = useDealOptions();
  const deal = deals.data?.find((d) => d.id === sub.dealId);
  const after = deal ? decimalToCents(deal.committedAmount) + decimalToCents(sub.amount) : null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Mark subscription completed?</DialogTitle>
        <DialogDescription>
          {sub.investorName}&apos;s <span className="tabular font-medium text-text">{formatUSD(sub.amount)}</span> subscription to{' '}
          <span className="font-medium text-text">{sub.dealTitle}</span> will be marked Completed as funded.
        </DialogDescription>
      </DialogHeader>
      <p className="rounded-md border border-gold-400/60 bg-gold-100/60 p-3 text-sm text-text" data-testid="committed-note">
        The deal&apos;s committed amount will rise by <span className="tabular font-semibold">{formatUSD(sub.amount)}</span>
        {deal && after !== null && (
          <>
            , from <span className="tabular font-semibold">{formatUSD(deal.committedAmount)}</span> to{' '}
            <span className="tabular font-semibold">{formatUSD(Number(after) / 100)}</span>
          </>
        )}
        . This cannot be undone.
      </p>
      <DialogActions
        busy={busy}
        busyLabel="Completing..."
        onSubmit={() => void onConfirm()}
        submit={
          <>
            <CheckCircle2 aria-hidden="true" />
            Mark Completed
          </>
        }
      />
    </>
  );
}

function RejectBody({ sub, busy, onConfirm }: { sub: Subscription; busy: boolean; onConfirm: (reason: string) => Promise<void> }) {
  const form = useZodForm(rejectSubscriptionInput, { defaultValues: { reason: '' } });
  useClearErrorOnChange(form);
  const submit = form.handleSubmit(({ reason }) => void onConfirm(reason));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Reject subscription</DialogTitle>
        <DialogDescription>
          Reject {sub.investorName}&apos;s <span className="tabular font-medium text-text">{formatUSD(sub.amount)}</span> subscription to{' '}
          <span className="font-medium text-text">{sub.dealTitle}</span>. The investor sees the reason in their Subscription Portal, and the
          reserved capacity is released.
        </DialogDescription>
      </DialogHeader>
      <Field label="Reason" htmlFor="subs-reject-reason" error={form.errorOf('reason')} required>
        <Textarea {...form.field('reason', 'subs-reject-reason')} maxLength={2000} />
      </Field>
      <DialogActions
        variant="danger"
        busy={busy}
        busyLabel="Rejecting..."
        submit={
          <>
            <XCircle aria-hidden="true" />
            Reject Subscription
          </>
        }
      />
    </form>
  );
}
