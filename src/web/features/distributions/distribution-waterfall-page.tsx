import { BadgeCheck, ChevronDown, CircleCheck, HandCoins, Landmark, ListChecks, RotateCw, Timer } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { WaterfallPreview } from '../../../shared/deal-terms';
import type { DealOption } from '../../../shared/deals';
import { formatDate, formatPercent, formatUSD } from '../../../shared/format';
import { fromCents, toCents } from '../../../shared/money';
import { DISTRIBUTION_TYPES, type DistributionEvent, type DistributionStatus, recordDistributionInput } from '../../../shared/portal';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDraft } from '../../lib/draft';
import {
  DISTRIBUTION_TEXT,
  type RecordDistributionBody,
  serverMessage,
  useConfirmPayment,
  useDealChoices,
  useDistributionEvents,
  usePreviewDistribution,
  useRecordDistribution,
} from './api';
import { DealWaterfallSummaries } from './deal-waterfall-summaries';
import { DistributionStatusBadge, Fact, formatUSDExact, relativeDay, Skeletons } from './distribution-ui';
import { InvestorTiersTable, cents as tierCents, WaterfallChart } from './waterfall-ui';

type Filter = 'All' | DistributionStatus;
const FILTERS: Filter[] = ['All', 'Scheduled', 'Pending', 'Paid'];

/** Unpaid first (soonest first, so the ones waiting for confirmation lead), then paid, newest first. */
function byWorkOrder(a: DistributionEvent, b: DistributionEvent): number {
  const ap = a.status === 'Paid';
  const bp = b.status === 'Paid';
  if (ap !== bp) return ap ? 1 : -1;
  if (a.paymentDate !== b.paymentDate) return ap ? (a.paymentDate < b.paymentDate ? 1 : -1) : a.paymentDate < b.paymentDate ? -1 : 1;
  return a.createdAt < b.createdAt ? 1 : -1;
}

/** Distribution Waterfall (/admin/distributions): record distributions, see their allocations, confirm payment. */
export default function DistributionWaterfallPage() {
  const events = useDistributionEvents();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [filter, setFilter] = useState<Filter>('All');
  const [confirming, setConfirming] = useState<DistributionEvent | null>(null);
  const listId = useId();

  const toggle = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const sorted = useMemo(() => [...(events.data ?? [])].sort(byWorkOrder), [events.data]);
  const shown = filter === 'All' ? sorted : sorted.filter((e) => e.status === filter);
  const totals = useMemo(() => {
    const t: Record<DistributionStatus, { count: number; cents: bigint }> = {
      Scheduled: { count: 0, cents: 0n },
      Pending: { count: 0, cents: 0n },
      Paid: { count: 0, cents: 0n },
    };
    for (const e of events.data ?? []) {
      t[e.status].count += 1;
      t[e.status].cents += toCents(e.totalAmount);
    }
    return t;
  }, [events.data]);

  return (
    <>
      <PageHeader
        title="Distribution Waterfall"
        description="Record distributions for a deal, review how they are allocated to investors, and confirm payment."
        actions={
          <ExportCsvButton
            filename="distributions"
            columns={[
              { key: 'dealTitle', label: 'Deal' },
              { key: 'type', label: 'Type' },
              { key: 'investorName', label: 'Investor' },
              { key: 'amount', label: 'Amount' },
              { key: 'totalAmount', label: 'Distribution total' },
              { key: 'recordDate', label: 'Record date' },
              { key: 'paymentDate', label: 'Payment date' },
              { key: 'status', label: 'Status' },
            ]}
            rows={(events.data ?? []).flatMap((e) => e.allocations.map((a) => ({ ...e, investorName: a.investorName, amount: a.amount })))}
          />
        }
      />

      <section aria-label="Distribution totals" className="mb-6 grid gap-4 sm:grid-cols-3">
        <TotalCard
          label="Scheduled"
          icon={<Timer aria-hidden="true" className="size-5" />}
          value={events.data ? formatUSD(fromCents(totals.Scheduled.cents)) : undefined}
          caption={`${totals.Scheduled.count} ${totals.Scheduled.count === 1 ? 'distribution' : 'distributions'} with a future date`}
        />
        <TotalCard
          label="Awaiting confirmation"
          icon={<HandCoins aria-hidden="true" className="size-5" />}
          value={events.data ? formatUSD(fromCents(totals.Pending.cents)) : undefined}
          caption={`${totals.Pending.count} due and not yet confirmed as paid`}
          accent={totals.Pending.count > 0}
        />
        <TotalCard
          label="Paid"
          icon={<BadgeCheck aria-hidden="true" className="size-5" />}
          value={events.data ? formatUSD(fromCents(totals.Paid.cents)) : undefined}
          caption={`${totals.Paid.count} confirmed ${totals.Paid.count === 1 ? 'payment' : 'payments'}`}
        />
      </section>

      <DealWaterfallSummaries />

      <div className="grid items-start gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
        <RecordDistributionCard
          onRecorded={(ev) => {
            setFilter('All');
            setExpanded((s) => new Set(s).add(ev.id));
          }}
        />

        <section aria-labelledby={listId} className="min-w-0">
          <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id={listId} className="text-lg font-semibold text-ink-900">
                Distribution Events
              </h2>
              <p className="text-sm text-muted">Open an event to see each investor's allocation.</p>
            </div>
            <Field label="Show" htmlFor="dist-filter" className="w-44">
              <NativeSelect
                id="dist-filter"
                value={filter}
                onChange={(e) => setFilter(e.target.value as Filter)}
                options={FILTERS.map((f) => ({ value: f, label: f === 'All' ? 'All statuses' : f }))}
              />
            </Field>
          </div>

          {events.isPending ? (
            <Skeletons count={3} className="h-40" label="Loading distributions..." />
          ) : events.isError ? (
            <Card className="p-8 text-center">
              <p role="alert" className="font-medium text-danger-700">
                {DISTRIBUTION_TEXT.eventsFailed}
              </p>
              <p className="mt-1 text-sm text-muted">{serverMessage(events.error) ?? 'Check your connection, then try again.'}</p>
              <Button variant="secondary" className="mt-4" busy={events.isFetching} onClick={() => void events.refetch()}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            </Card>
          ) : shown.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 p-10 text-center">
              <Landmark aria-hidden="true" className="size-8 text-muted" />
              <p className="font-medium text-ink-900">
                {filter === 'All' ? 'No distributions recorded yet' : `No ${filter.toLowerCase()} distributions`}
              </p>
              <p className="max-w-md text-sm text-muted">
                {filter === 'All'
                  ? 'Record a distribution for a deal with completed subscriptions; it is allocated to its investors automatically.'
                  : 'Choose another status to see the other distributions.'}
              </p>
            </Card>
          ) : (
            <ul className="flex flex-col gap-3">
              {shown.map((ev) => (
                <EventItem
                  key={ev.id}
                  event={ev}
                  open={expanded.has(ev.id)}
                  onToggle={() => toggle(ev.id)}
                  onConfirm={() => setConfirming(ev)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <ConfirmPaymentDialog event={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

function TotalCard({
  label,
  value,
  caption,
  icon,
  accent,
}: {
  label: string;
  value: string | undefined;
  caption: string;
  icon: ReactNode;
  accent?: boolean;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="flex items-start justify-between gap-3 p-5">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-muted">
          {label}
        </p>
        {value === undefined ? (
          <span aria-hidden="true" className="mt-2 block h-8 w-28 animate-pulse rounded bg-ink-100/70" />
        ) : (
          <p className="tabular mt-1 text-2xl font-semibold text-ink-900">{value}</p>
        )}
        <p className="mt-1 text-sm text-muted">{value === undefined ? '\u00a0' : caption}</p>
      </div>
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          accent ? 'bg-gold-100 text-gold-700' : 'bg-ink-100 text-ink-700',
        )}
      >
        {icon}
      </span>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Record Distribution
// ---------------------------------------------------------------------------------------------

const EMPTY_FORM = { dealId: '', type: 'Income', totalAmount: '', paymentDate: '', recordDate: '' };
type FormState = typeof EMPTY_FORM;

function RecordDistributionCard({ onRecorded }: { onRecorded: (ev: DistributionEvent) => void }) {
  const deals = useDealChoices();
  const record = useRecordDistribution();
  const preview = usePreviewDistribution();
  const [pending, setPending] = useState<{ body: RecordDistributionBody; preview: WaterfallPreview } | null>(null);
  const [form, setForm, clearForm] = useDraft<FormState>('record-distribution', EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const explainId = useId();
  const titleId = useId();

  const dealList = deals.data ?? [];
  const withHolders = dealList.filter((d) => Number(d.committedAmount) > 0).sort((a, b) => a.title.localeCompare(b.title));
  const withoutHolders = dealList.filter((d) => !(Number(d.committedAmount) > 0)).sort((a, b) => a.title.localeCompare(b.title));
  const selected = dealList.find((d) => d.id === form.dealId);

  const set = (k: keyof FormState, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    // Empty fields are missing values (so they get the 'required' messages, not format ones).
    const blank = (v: string) => (v.trim() === '' ? undefined : v);
    const parsed = recordDistributionInput.safeParse({
      dealId: blank(form.dealId),
      type: blank(form.type),
      totalAmount: blank(form.totalAmount),
      paymentDate: blank(form.paymentDate),
      recordDate: blank(form.recordDate),
    });
    if (!parsed.success || !parsed.data.recordDate) {
      if (parsed.success) {
        setErrors({ recordDate: 'Record date is required' });
        document.getElementById('dist-recordDate')?.focus();
        return;
      }
      const errs: Partial<Record<keyof FormState, string>> = {};
      if (!blank(form.totalAmount)) errs.totalAmount = 'Total amount is required';
      if (!blank(form.recordDate)) errs.recordDate = 'Record date is required';
      for (const issue of parsed.error.issues) errs[String(issue.path[0]) as keyof FormState] ??= issue.message;
      setErrors(errs);
      const first = (['dealId', 'type', 'totalAmount', 'recordDate', 'paymentDate'] as const).find((k) => errs[k]);
      if (first) document.getElementById(`dist-${first}`)?.focus();
      return;
    }
    setErrors({});
    const body = {
      dealId: parsed.data.dealId,
      type: parsed.data.type,
      totalAmount: parsed.data.totalAmount,
      paymentDate: parsed.data.paymentDate,
      recordDate: parsed.data.recordDate,
    };
    preview.mutate(body, {
      onSuccess: (p) => setPending({ body, preview: p }),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<keyof FormState, string>>);
        toast.error(serverMessage(err) ?? DISTRIBUTION_TEXT.previewFailed);
      },
    });
  }

  function confirmRecord() {
    if (!pending) return;
    record.mutate(pending.body, {
      onSuccess: (ev) => {
        toast.success(DISTRIBUTION_TEXT.recorded);
        setPending(null);
        clearForm();
        onRecorded(ev);
      },
      onError: (err) => {
        toast.error(serverMessage(err) ?? DISTRIBUTION_TEXT.recordFailed);
        if (err instanceof ApiError && err.status === 409) setPending(null);
      },
    });
  }

  const dealHint = selected ? <DealHint deal={selected} /> : undefined;

  return (
    <Card className="xl:sticky xl:top-20">
      <CardHeader>
        <CardTitle id={titleId}>Record Distribution</CardTitle>
        <CardDescription id={explainId}>
          The total runs through the deal's waterfall (return of capital, preferred return, catch-up, carried interest); the investors' part
          is allocated pro rata to the capital each investor had contributed on the record date, to the cent. You see the preview before
          anything is recorded.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-labelledby={titleId} aria-describedby={explainId} className="flex flex-col gap-4">
          <Field label="Deal" htmlFor="dist-dealId" error={errors.dealId} hint={dealHint} required>
            <NativeSelect
              {...fieldProps('dist-dealId', errors.dealId, Boolean(dealHint))}
              value={form.dealId}
              onChange={(e) => set('dealId', e.target.value)}
              disabled={deals.isPending}
              placeholder={deals.isPending ? 'Loading deals...' : deals.isError ? 'Deals could not be loaded' : 'Choose a deal'}
            >
              {withHolders.length > 0 && (
                <optgroup label="With completed subscriptions">
                  {withHolders.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </optgroup>
              )}
              {withoutHolders.length > 0 && (
                <optgroup label="No completed subscriptions yet">
                  {withoutHolders.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </optgroup>
              )}
            </NativeSelect>
          </Field>
          <Field label="Distribution Type" htmlFor="dist-type" error={errors.type} required>
            <NativeSelect
              {...fieldProps('dist-type', errors.type)}
              value={form.type}
              onChange={(e) => set('type', e.target.value)}
              options={DISTRIBUTION_TYPES.map((t) => ({ value: t, label: t }))}
            />
          </Field>
          <Field label="Total Amount (USD)" htmlFor="dist-totalAmount" error={errors.totalAmount} required>
            <Input
              {...fieldProps('dist-totalAmount', errors.totalAmount)}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 43,750.00"
              className="tabular"
              value={form.totalAmount}
              onChange={(e) => set('totalAmount', e.target.value)}
            />
          </Field>
          <Field label="Record Date" htmlFor="dist-recordDate" error={errors.recordDate} required>
            <DateInput
              {...fieldProps('dist-recordDate', errors.recordDate)}
              value={form.recordDate}
              onChange={(e) => set('recordDate', e.target.value)}
            />
          </Field>
          <Field label="Payment Date" htmlFor="dist-paymentDate" error={errors.paymentDate} required>
            <DateInput
              {...fieldProps('dist-paymentDate', errors.paymentDate)}
              value={form.paymentDate}
              onChange={(e) => set('paymentDate', e.target.value)}
            />
          </Field>
          <Button type="submit" busy={preview.isPending} className="w-full">
            {preview.isPending ? 'Computing...' : 'Preview Distribution'}
          </Button>
        </form>
      </CardContent>
      <PreviewDialog
        pending={pending}
        busy={record.isPending}
        onCancel={() => !record.isPending && setPending(null)}
        onConfirm={confirmRecord}
      />
    </Card>
  );
}

function DealHint({ deal }: { deal: DealOption }) {
  if (!(Number(deal.committedAmount) > 0)) {
    return <span className="text-warning-800">This deal has no completed subscriptions yet, so there is no one to allocate to.</span>;
  }
  return (
    <span>
      Allocated across <span className="tabular font-medium text-text">{formatUSD(deal.committedAmount)}</span> of completed subscriptions
      {deal.spvEntity ? (
        <>
          {' '}
          · paid by <span className="font-medium text-text">{deal.spvEntity}</span>
        </>
      ) : null}
      .
    </span>
  );
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

function EventItem({
  event,
  open,
  onToggle,
  onConfirm,
}: {
  event: DistributionEvent;
  open: boolean;
  onToggle: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const panelId = useId();
  const n = event.allocations.length;
  return (
    <li aria-labelledby={titleId} data-testid="distribution-event" className="rounded-lg border border-border bg-surface shadow-sm">
      <div className="p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="break-words font-semibold text-ink-900">
              {event.dealTitle}
            </h3>
            <p className="text-sm text-muted">{event.type}</p>
          </div>
          <DistributionStatusBadge status={event.status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-[7.5rem_8.5rem_8.5rem_minmax(0,1fr)_5rem]">
          <Fact label="Total">
            <span className="tabular text-base font-semibold text-ink-900">{formatUSD(event.totalAmount)}</span>
          </Fact>
          <Fact label="Payment Date">
            <span className="tabular">{formatDate(event.paymentDate)}</span>
            {event.status !== 'Paid' && <span className="block text-xs text-muted">{relativeDay(event.paymentDate)}</span>}
          </Fact>
          <Fact label="Record Date">
            <span className="tabular">{formatDate(event.recordDate)}</span>
          </Fact>
          <Fact label="SPV Entity">{event.spvEntity ?? <span className="text-muted">Not assigned</span>}</Fact>
          <Fact label="Investors">
            <span className="tabular">{n}</span>
          </Fact>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} aria-describedby={titleId} onClick={onToggle}>
            <ChevronDown aria-hidden="true" className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
            {open ? 'Hide allocations' : 'Show allocations'}
          </Button>
          {event.status !== 'Paid' && (
            <Button size="sm" variant={event.status === 'Pending' ? 'primary' : 'secondary'} aria-describedby={titleId} onClick={onConfirm}>
              <CircleCheck aria-hidden="true" />
              Confirm Payment
            </Button>
          )}
        </div>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-border bg-ink-50/60 p-4 sm:p-5">
        {open && <Allocations event={event} />}
      </div>
    </li>
  );
}

function Allocations({ event }: { event: DistributionEvent }) {
  const total = toCents(event.totalAmount);
  const sum = event.allocations.reduce((s, a) => s + toCents(a.amount), 0n);
  const matches = sum === total;
  // Exact: the share is computed on cents (integers), one decimal.
  const share = (amount: string) => (total > 0n ? formatPercent({ part: toCents(amount), whole: total }) : '—');
  const wf = event.waterfall;
  return (
    <>
      {wf && (
        <div className="mb-4 flex flex-col gap-3">
          <p className="text-sm text-text">
            <span className="font-medium">Terms{wf.termsVersion ? ` (version ${wf.termsVersion})` : ''}:</span> {wf.termsSummary}. Investors{' '}
            <span className="tabular font-medium">{formatUSDExact(wf.lpTotal)}</span>, GP{' '}
            <span className="tabular font-medium">{formatUSDExact(wf.gp)}</span>
            {wf.carry.length > 0 && <> ({wf.carry.map((c) => `${c.name} ${formatUSDExact(c.amount)}`).join(', ')})</>}.
          </p>
          <WaterfallChart
            tiers={wf.tiers}
            total={event.totalAmount}
            gpCatchUp={tierCents(wf.gp) - tierCents(wf.tiers.carriedInterestGp)}
            caption={`Waterfall of ${event.dealTitle} ${event.type} on ${formatDate(event.paymentDate)}`}
          />
        </div>
      )}
      <h4 className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink-900">
        <ListChecks aria-hidden="true" className="size-4 text-ink-700" />
        Allocations
      </h4>
      <Table aria-label={`Allocations of ${event.dealTitle} ${event.type} on ${formatDate(event.paymentDate)}`} maxHeight="none">
        <THead>
          <TR>
            <TH>Investor</TH>
            <TH className="text-right">Share</TH>
            <TH className="text-right">Amount</TH>
          </TR>
        </THead>
        <TBody>
          {event.allocations.map((a) => (
            <TR key={a.investorId}>
              <TD className="font-medium">{a.investorName}</TD>
              <TD className="tabular text-right text-muted">{share(a.amount)}</TD>
              <TD className="tabular text-right">{formatUSDExact(a.amount)}</TD>
            </TR>
          ))}
        </TBody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="border-t border-border px-3 py-2.5 text-left text-sm font-semibold text-ink-900">
              Total allocated
            </th>
            <td
              data-testid="allocation-sum"
              className="tabular border-t border-border px-3 py-2.5 text-right text-sm font-semibold text-ink-900"
            >
              {formatUSDExact(fromCents(sum))}
            </td>
          </tr>
        </tfoot>
      </Table>
      <p className={cn('mt-2 flex items-center gap-1.5 text-sm', matches ? 'text-success-700' : 'text-danger-700')}>
        {matches ? <CircleCheck aria-hidden="true" className="size-4" /> : null}
        {matches
          ? `Equals the distribution total of ${formatUSDExact(event.totalAmount)}.`
          : `Does not equal the distribution total of ${formatUSDExact(event.totalAmount)}; reload the page and check again.`}
      </p>
    </>
  );
}

function ConfirmPaymentDialog({ event, onClose }: { event: DistributionEvent | null; onClose: () => void }) {
  const pay = useConfirmPayment();
  // Keep the last event while the dialog animates closed.
  const [shown, setShown] = useState<DistributionEvent | null>(event);
  if (event && event !== shown) setShown(event);
  const ev = event ?? shown;

  function confirm() {
    if (!ev) return;
    pay.mutate(ev.id, {
      onSuccess: () => {
        toast.success(DISTRIBUTION_TEXT.paid);
        onClose();
      },
      onError: (err) => {
        toast.error(serverMessage(err) ?? DISTRIBUTION_TEXT.payFailed);
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onClose();
      },
    });
  }

  return (
    <Dialog open={event !== null} onOpenChange={(o) => !o && !pay.isPending && onClose()}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Confirm Payment</DialogTitle>
          <DialogDescription>
            {ev
              ? `Mark the ${ev.type.toLowerCase()} distribution of ${formatUSD(ev.totalAmount)} for ${ev.dealTitle}, dated ${formatDate(ev.paymentDate)}, as paid? Its ${ev.allocations.length} ${ev.allocations.length === 1 ? 'investor sees' : 'investors see'} it as Paid. This cannot be undone.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={pay.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button busy={pay.isPending} onClick={confirm}>
            {pay.isPending ? 'Confirming...' : 'Confirm Payment'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewDialog({
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: { body: RecordDistributionBody; preview: WaterfallPreview } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Keep the last preview while the dialog animates closed.
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);
  const p = (pending ?? shown)?.preview;
  const type = (pending ?? shown)?.body.type ?? '';
  return (
    <Dialog open={pending !== null} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Distribution Preview</DialogTitle>
          <DialogDescription>
            {p
              ? `${type} of ${formatUSDExact(p.totalAmount)} for ${p.dealTitle}, dated ${formatDate(p.paymentDate)}. Nothing is recorded until you confirm.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {p && (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
              <Fact label="Terms" className="col-span-2">
                {p.terms ? `Version ${p.terms.version}: ` : ''}
                {p.termsSummary}
              </Fact>
              <Fact label="Investors">
                <span className="tabular font-semibold" data-testid="preview-lp">
                  {formatUSDExact(p.lpTotal)}
                </span>
              </Fact>
              <Fact label="GP (carried interest)">
                <span className="tabular font-semibold" data-testid="preview-gp">
                  {formatUSDExact(p.gp)}
                </span>
              </Fact>
              {tierCents(p.feeDeducted) > 0n && (
                <Fact label="Management fees deducted" className="col-span-2 md:col-span-4">
                  <span className="tabular" data-testid="preview-fees">
                    {formatUSDExact(p.feeDeducted)} of accrued fees are taken from the investors' amounts; they are paid{' '}
                    {formatUSDExact(p.netToInvestors)}.
                  </span>
                </Fact>
              )}
              <Fact label="Hurdle before" className="col-span-2 md:col-span-2">
                <span className="tabular">
                  {tierCents(p.hurdleBefore) > 0n ? `Investors needed ${formatUSDExact(p.hurdleBefore)} to reach it` : 'Already reached'}
                </span>
              </Fact>
              <Fact label="Hurdle after" className="col-span-2 md:col-span-2">
                <span className="tabular">
                  {tierCents(p.hurdleAfter) > 0n ? `${formatUSDExact(p.hurdleAfter)} still to go` : 'Reached'}
                </span>
              </Fact>
            </dl>
            <WaterfallChart tiers={p.tiers} total={p.totalAmount} gpCatchUp={tierCents(p.gpCatchUp)} caption="Waterfall tiers" />
            {p.carry.length > 0 && (
              <Table aria-label="Carry recipients" maxHeight="none">
                <THead>
                  <TR>
                    <TH>Carry Recipient</TH>
                    <TH className="text-right">Amount</TH>
                  </TR>
                </THead>
                <TBody>
                  {p.carry.map((c) => (
                    <TR key={`${c.kind}-${c.userId ?? c.name}`}>
                      <TD className="font-medium">{c.name}</TD>
                      <TD className="tabular text-right">{formatUSDExact(c.amount)}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            <InvestorTiersTable investors={p.investors} caption="Each investor's amount" />
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Back
            </Button>
          </DialogClose>
          <Button busy={busy} onClick={onConfirm}>
            {busy ? 'Recording...' : 'Record Distribution'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
