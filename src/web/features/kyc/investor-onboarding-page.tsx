import { ArrowRight, Check, CircleDashed, ClipboardList, RotateCw, Search, ShieldCheck, ShieldX, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { INVESTOR_USER_TYPES, type InvestorUserType, USER_TYPE_LABELS } from '../../../shared/constants';
import { formatBytes, formatDate, formatDateTime } from '../../../shared/format';
import {
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_LABELS,
  KYC_STATUS_LABELS,
  KYC_STATUSES,
  type KycApplication,
  type KycCounters,
  type KycStatus,
  rejectKycInput,
} from '../../../shared/kyc';
import { KycFileActions, KycStatusBadge } from '../../components/domain/kyc';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field, fieldProps } from '../../components/ui/field';
import { FilterSummary } from '../../components/ui/filter-summary';
import { Input, Textarea } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api';
import { useUrlState } from '../../lib/url-state';
import { serverMessage, useKycDetail, useKycList, useReviewKyc } from './api';

// ---------------------------------------------------------------------------------------------
// Labels and helpers
// ---------------------------------------------------------------------------------------------

const MESSAGES = {
  approved: 'KYC application approved',
  rejected: 'KYC application rejected',
  approveFailed: 'Failed to approve KYC application',
  rejectFailed: 'Failed to reject KYC application',
  loadFailed: 'Failed to load KYC applications',
  reasonRequired: 'A reason is required to reject an application',
} as const;

const COUNTERS: { key: keyof KycCounters; label: string }[] = [
  { key: 'total', label: 'Total Applications' },
  { key: 'pending', label: 'Pending' },
  { key: 'in_review', label: 'In Review' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
];

const STATUS_FILTERS = [{ value: 'all', label: 'All statuses' }, ...KYC_STATUSES.map((s) => ({ value: s, label: KYC_STATUS_LABELS[s] }))];
const TYPE_FILTERS = [{ value: 'all', label: 'All types' }, ...INVESTOR_USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }))];

const typeLabel = (a: KycApplication) => (a.type ? USER_TYPE_LABELS[a.type] : '—');

const SKELETON_WIDTHS = ['12rem', '5rem', '5rem', '8rem', '6rem', '6rem', '9rem'] as const;

type Mode = 'review' | 'approve' | 'reject';
type DialogState = { mode: Mode; app: KycApplication; fromReview: boolean } | null;

/** After a dialog closes, focus the application's visible 'Review' button (its Approve button may be gone). */
function focusReviewButton(id: string) {
  const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-review-for="${CSS.escape(id)}"]`);
  for (const b of buttons) {
    if (b.offsetParent !== null) {
      b.focus();
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Page
// ---------------------------------------------------------------------------------------------

/**
 * Investor Onboarding (/admin/investors): KYC counters, the review queue, and the subscriptions
 * tab, whose panel belongs to the subscriptions feature: the app's routing passes it in.
 */
export default function InvestorOnboardingPage({ subscriptionsPanel }: { subscriptionsPanel?: ReactNode }) {
  const list = useKycList();
  // Tab, search and filters live in the URL: a refresh or Back keeps them.
  const [tab, setTab] = useUrlState('tab', 'kyc', ['kyc', 'subscriptions']);

  useEffect(() => {
    if (list.isError) toast.error(MESSAGES.loadFailed, { id: 'kyc-load-failed', description: serverMessage(list.error) });
  }, [list.isError, list.error]);

  return (
    <>
      <PageHeader
        title="Investor Onboarding"
        description="Review investors' KYC applications and track their onboarding."
        actions={
          <ExportCsvButton
            filename="investors"
            columns={[
              { key: 'investorName', label: 'Investor' },
              { key: 'email', label: 'E-mail' },
              { key: 'type', label: 'Type' },
              { key: 'status', label: 'KYC status' },
              { key: 'completionPercentage', label: 'Completion %' },
              { key: 'submittedAt', label: 'Submitted' },
              { key: 'reviewedByName', label: 'Reviewed by' },
            ]}
            rows={(list.data?.applications ?? []) as unknown as Record<string, unknown>[]}
          />
        }
      />

      <ul aria-label="KYC applications by status" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {COUNTERS.map((c, i) => (
          <li key={c.key} className={i === 0 ? 'col-span-2 sm:col-span-1' : undefined}>
            <Card className="flex h-full flex-col gap-1 p-4" data-testid={`kyc-counter-${c.key}`}>
              <span className="text-sm text-muted">{c.label}</span>
              {list.data ? (
                <span className="tabular text-2xl font-semibold text-ink-900">{list.data.counters[c.key]}</span>
              ) : (
                <span className="h-8 w-10 animate-pulse rounded bg-ink-100/80" aria-hidden="true" />
              )}
            </Card>
          </li>
        ))}
      </ul>

      <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
        <TabsList aria-label="Onboarding views">
          <TabsTrigger value="kyc">KYC Applications</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
        </TabsList>
        <TabsContent value="kyc">
          <KycApplicationsTab list={list} />
        </TabsContent>
        <TabsContent value="subscriptions">{subscriptionsPanel}</TabsContent>
      </Tabs>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// KYC Applications tab
// ---------------------------------------------------------------------------------------------

function KycApplicationsTab({ list }: { list: ReturnType<typeof useKycList> }) {
  const [search, setSearch] = useUrlState<string>('q', '');
  const [status, setStatus] = useUrlState<'all' | KycStatus>('status', 'all', ['all', ...KYC_STATUSES]);
  const [type, setType] = useUrlState<'all' | InvestorUserType>('type', 'all', ['all', ...INVESTOR_USER_TYPES]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const uid = useId();

  const all = list.data?.applications ?? [];
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (list.data?.applications ?? []).filter(
      (a) =>
        (status === 'all' || a.status === status) &&
        (type === 'all' || a.type === type) &&
        (q === '' || a.investorName.toLowerCase().includes(q) || a.email.toLowerCase().includes(q)),
    );
  }, [list.data, search, status, type]);
  const filtered = search.trim() !== '' || status !== 'all' || type !== 'all';

  function clearFilters() {
    // One history entry for the whole reset.
    setSearch('');
    setStatus('all', { replace: true });
    setType('all', { replace: true });
    searchRef.current?.focus();
  }

  const open = (mode: Mode, app: KycApplication) => setDialog({ mode, app, fromReview: false });
  const countText = list.data
    ? `Showing ${visible.length} of ${all.length} application${all.length === 1 ? '' : 's'}`
    : list.isError
      ? 'Applications unavailable'
      : 'Loading applications...';

  return (
    <>
      <search className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_12rem]" aria-label="Filter KYC applications">
        <Field label="Search investors" htmlFor={`${uid}-search`} className="sm:col-span-2 lg:col-span-1">
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <Input
              ref={searchRef}
              id={`${uid}-search`}
              type="search"
              placeholder="Name or email"
              autoComplete="off"
              value={search}
              onChange={(e) => setSearch(e.target.value, { replace: true })}
              className="pl-9"
            />
          </div>
        </Field>
        <Field label="Status" htmlFor={`${uid}-status`}>
          <NativeSelect
            id={`${uid}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            options={STATUS_FILTERS}
          />
        </Field>
        <Field label="Type" htmlFor={`${uid}-type`}>
          <NativeSelect id={`${uid}-type`} value={type} onChange={(e) => setType(e.target.value as typeof type)} options={TYPE_FILTERS} />
        </Field>
      </search>

      <FilterSummary text={countText} filtered={filtered} onClear={clearFilters} testId="kyc-count" />

      {list.isError && !list.data ? (
        <div className="rounded-lg border border-border bg-surface p-8 text-center">
          <p role="alert" className="font-medium text-danger-700">
            {MESSAGES.loadFailed}
          </p>
          <p className="mt-1 text-sm text-muted">{serverMessage(list.error) ?? 'Check your connection, then try again.'}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void list.refetch()} busy={list.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          {/* Tablet and desktop: the table. */}
          <div className="hidden md:block">
            <Table aria-label="KYC applications" aria-busy={list.isPending || undefined}>
              <THead>
                <tr>
                  <TH>Investor</TH>
                  <TH>Type</TH>
                  <TH>Status</TH>
                  <TH>Completion</TH>
                  <TH>Submitted</TH>
                  <TH>Reviewed By</TH>
                  <TH className="text-right">Actions</TH>
                </tr>
              </THead>
              <TBody>
                {list.isPending ? (
                  [0, 1, 2, 3].map((i) => (
                    <tr key={i}>
                      {SKELETON_WIDTHS.map((w, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
                        <TD key={j}>
                          <div className="h-4 animate-pulse rounded bg-ink-100/80" style={{ width: w }} />
                        </TD>
                      ))}
                    </tr>
                  ))
                ) : visible.length === 0 ? (
                  <EmptyRow colSpan={7}>
                    <EmptyText filtered={filtered} onClear={clearFilters} />
                  </EmptyRow>
                ) : (
                  visible.map((a) => (
                    <TR key={a.id} data-testid="kyc-row">
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
                        <Progress value={a.completionPercentage} label={`KYC completion for ${a.investorName}`} showValue />
                      </TD>
                      <TD className="tabular whitespace-nowrap">{a.submittedAt ? formatDate(a.submittedAt) : '—'}</TD>
                      <TD className="min-w-24">{a.reviewedByName ?? '—'}</TD>
                      <TD>
                        <RowActions app={a} onOpen={open} compact />
                      </TD>
                    </TR>
                  ))
                )}
              </TBody>
            </Table>
          </div>

          {/* Phones: one card per application. */}
          <div className="md:hidden">
            {list.isPending ? (
              <div className="flex flex-col gap-3" aria-hidden="true">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="h-40 animate-pulse rounded-lg border border-border bg-ink-100/60" />
                ))}
              </div>
            ) : visible.length === 0 ? (
              <div className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-sm text-muted">
                <EmptyText filtered={filtered} onClear={clearFilters} />
              </div>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="KYC applications">
                {visible.map((a) => (
                  <li key={a.id} data-testid="kyc-card">
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
                      <Progress className="mt-3" value={a.completionPercentage} label={`KYC completion for ${a.investorName}`} showValue />
                      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                        <dt className="text-muted">Type</dt>
                        <dd>{typeLabel(a)}</dd>
                        <dt className="text-muted">Submitted</dt>
                        <dd className="tabular">{a.submittedAt ? formatDate(a.submittedAt) : '—'}</dd>
                        <dt className="text-muted">Reviewed By</dt>
                        <dd>{a.reviewedByName ?? '—'}</dd>
                      </dl>
                      <div className="mt-3 border-t border-border pt-3">
                        <RowActions app={a} onOpen={open} />
                      </div>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}

      <Dialog open={dialog !== null} onOpenChange={(o) => !o && setDialog(null)}>
        {dialog && (
          <KycDialog
            state={dialog}
            onMode={(mode) => setDialog((d) => (d ? { ...d, mode, fromReview: d.fromReview || d.mode === 'review' } : d))}
            onClose={() => setDialog(null)}
          />
        )}
      </Dialog>
    </>
  );
}

function EmptyText({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (!filtered) return <span>No KYC applications yet</span>;
  return (
    <span className="inline-flex flex-col items-center gap-2">
      <span>No applications match your filters</span>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Clear filters
      </Button>
    </span>
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
  const reviewable = app.status === 'in_review';
  const label = compact ? 'sr-only 2xl:not-sr-only' : undefined;
  return (
    <div className={compact ? 'flex flex-nowrap items-center justify-end gap-2' : 'flex flex-wrap items-center gap-2'}>
      <Button variant="secondary" size="sm" data-review-for={app.id} onClick={() => onOpen('review', app)}>
        {!compact && <ClipboardList aria-hidden="true" />}
        Review
        <span className="sr-only"> {app.investorName}</span>
      </Button>
      {reviewable && (
        <>
          <Button size="sm" onClick={() => onOpen('approve', app)} title={compact ? 'Approve' : undefined}>
            <Check aria-hidden="true" />
            <span className={label}>Approve</span>
            <span className="sr-only"> {app.investorName}</span>
          </Button>
          <Button variant="danger" size="sm" onClick={() => onOpen('reject', app)} title={compact ? 'Reject' : undefined}>
            <X aria-hidden="true" />
            <span className={label}>Reject</span>
            <span className="sr-only"> {app.investorName}</span>
          </Button>
        </>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Dialogs: review, approve, reject (one dialog whose content switches)
// ---------------------------------------------------------------------------------------------

function KycDialog({ state, onMode, onClose }: { state: NonNullable<DialogState>; onMode: (m: Mode) => void; onClose: () => void }) {
  const id = state.app.id;
  return (
    <DialogContent
      size={state.mode === 'review' ? 'lg' : 'md'}
      onCloseAutoFocus={(e) => {
        if (focusReviewButton(id)) e.preventDefault();
      }}
    >
      {state.mode === 'review' ? (
        <ReviewBody app={state.app} onMode={onMode} />
      ) : (
        <DecisionBody
          key={state.mode}
          mode={state.mode}
          app={state.app}
          onCancel={() => (state.fromReview ? onMode('review') : onClose())}
          onDone={onClose}
        />
      )}
    </DialogContent>
  );
}

function ReviewBody({ app: row, onMode }: { app: KycApplication; onMode: (m: Mode) => void }) {
  const detail = useKycDetail(row.id);
  const app = detail.data ?? null;
  const status = app?.status ?? row.status;
  const historyId = useId();
  const docsId = useId();

  return (
    <>
      <DialogHeader>
        <DialogTitle>KYC application: {row.investorName}</DialogTitle>
        <DialogDescription>
          {row.email}
          {row.type ? ` · ${USER_TYPE_LABELS[row.type]}` : ''}
        </DialogDescription>
      </DialogHeader>

      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted">Status</dt>
        <dd>
          <KycStatusBadge status={status} />
        </dd>
        <dt className="text-muted">Completion</dt>
        <dd className="min-w-28">
          <Progress value={app?.completionPercentage ?? row.completionPercentage} label="Completion" showValue />
        </dd>
        <dt className="text-muted">Submitted</dt>
        <dd className="tabular">{formatDateTime(app?.submittedAt ?? row.submittedAt)}</dd>
        <dt className="text-muted">Reviewed By</dt>
        <dd>
          {(app ?? row).reviewedByName ?? '—'}
          {(app ?? row).reviewedAt && <span className="tabular text-muted"> · {formatDateTime((app ?? row).reviewedAt)}</span>}
        </dd>
      </dl>

      {(app ?? row).reviewNote && (
        <div
          className={
            status === 'rejected'
              ? 'rounded-md border border-danger-700/25 bg-danger-100 px-3 py-2 text-sm text-danger-700'
              : 'rounded-md border border-border bg-ink-50 px-3 py-2 text-sm text-text'
          }
        >
          <p className="font-medium">{status === 'rejected' ? 'Reason for rejection' : 'Review note'}</p>
          <p className="mt-0.5 break-words whitespace-pre-line">{(app ?? row).reviewNote}</p>
        </div>
      )}

      {detail.isPending ? (
        <div className="flex items-center gap-2 py-6 text-sm text-muted">
          <Spinner label="Loading application..." />
          <span aria-hidden="true">Loading application...</span>
        </div>
      ) : detail.isError || !app ? (
        <div className="rounded-md border border-border p-4 text-sm">
          <p role="alert" className="font-medium text-danger-700">
            Failed to load the application
          </p>
          <p className="mt-1 text-muted">{serverMessage(detail.error) ?? 'Check your connection, then try again.'}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void detail.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby={docsId}>
            <h3 id={docsId} className="mb-2 text-sm font-semibold text-ink-900">
              Documents
            </h3>
            <ul className="divide-y divide-border rounded-md border border-border">
              {KYC_DOCUMENT_KINDS.map((kind) => {
                const doc = app.documents.find((d) => d.kind === kind);
                return (
                  <li
                    key={kind}
                    className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                    data-testid={`kyc-doc-${kind}`}
                  >
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 font-medium text-ink-900">
                        {doc ? (
                          <Check aria-hidden="true" className="size-4 shrink-0 text-success-700" />
                        ) : (
                          <CircleDashed aria-hidden="true" className="size-4 shrink-0 text-muted" />
                        )}
                        {KYC_DOCUMENT_LABELS[kind]}
                      </p>
                      <p className="truncate pl-6 text-xs text-muted" title={doc?.originalName}>
                        {doc ? (
                          <>
                            <span className="tabular">{formatDate(doc.uploadedAt)}</span> · {doc.originalName} · {formatBytes(doc.byteSize)}
                          </>
                        ) : (
                          'Not uploaded'
                        )}
                      </p>
                    </div>
                    {doc && <KycFileActions owner={{ applicationId: app.id }} kind={kind} doc={doc} className="pl-6 sm:pl-0" />}
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby={historyId}>
            <h3 id={historyId} className="mb-2 text-sm font-semibold text-ink-900">
              History
            </h3>
            {app.history.length === 0 ? (
              <p className="text-sm text-muted">No history yet</p>
            ) : (
              <ol className="flex flex-col gap-2 border-l-2 border-border pl-4" data-testid="kyc-history">
                {app.history.map((h) => (
                  <li key={h.id} className="text-sm">
                    <p className="flex flex-wrap items-center gap-1.5">
                      {h.fromStatus ? (
                        <>
                          <KycStatusBadge status={h.fromStatus} />
                          <ArrowRight aria-hidden="true" className="size-3.5 text-muted" />
                          <span className="sr-only">to</span>
                        </>
                      ) : null}
                      <KycStatusBadge status={h.toStatus} />
                    </p>
                    <p className="mt-0.5 text-muted">
                      {h.actorName ?? 'System'} · <span className="tabular">{formatDateTime(h.createdAt)}</span>
                    </p>
                    {h.note && <p className="mt-0.5 break-words whitespace-pre-line text-text">“{h.note}”</p>}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
        {status === 'in_review' && (
          <>
            <Button variant="danger" onClick={() => onMode('reject')}>
              <ShieldX aria-hidden="true" />
              Reject
            </Button>
            <Button onClick={() => onMode('approve')}>
              <ShieldCheck aria-hidden="true" />
              Approve
            </Button>
          </>
        )}
      </DialogFooter>
    </>
  );
}

function DecisionBody({
  mode,
  app,
  onCancel,
  onDone,
}: {
  mode: 'approve' | 'reject';
  app: KycApplication;
  onCancel: () => void;
  onDone: () => void;
}) {
  const review = useReviewKyc();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const uid = useId();
  const fieldId = `${uid}-text`;
  const approve = mode === 'approve';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (review.isPending) return;
    let reason = '';
    if (!approve) {
      const parsed = rejectKycInput.safeParse({ reason: text });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? MESSAGES.reasonRequired);
        document.getElementById(fieldId)?.focus();
        return;
      }
      reason = parsed.data.reason;
    }
    try {
      await review.mutateAsync(
        approve ? { id: app.id, decision: 'approve', note: text.trim() || undefined } : { id: app.id, decision: 'reject', reason },
      );
      toast.success(approve ? MESSAGES.approved : MESSAGES.rejected, { description: app.investorName });
      onDone();
    } catch (err) {
      toast.error(approve ? MESSAGES.approveFailed : MESSAGES.rejectFailed, { description: serverMessage(err) });
      if (err instanceof ApiError && err.fields?.reason) setError(err.fields.reason);
      // The application moved on meanwhile (e.g. another admin decided): the list refreshes; close.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onDone();
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={approve ? 'Approve KYC application' : 'Reject KYC application'}
    >
      <DialogHeader>
        <DialogTitle>{approve ? 'Approve KYC application' : 'Reject KYC application'}</DialogTitle>
        <DialogDescription>
          {approve
            ? `Approve ${app.investorName}'s KYC application. The investor sees the outcome in the portal.`
            : `Reject ${app.investorName}'s KYC application. The investor sees your reason and can correct and resubmit.`}
        </DialogDescription>
      </DialogHeader>
      <Field
        label={approve ? 'Note (optional)' : 'Reason'}
        htmlFor={fieldId}
        required={!approve}
        error={error}
        hint={approve ? 'Kept in the application history.' : 'Shown to the investor.'}
      >
        <Textarea
          {...fieldProps(fieldId, error, true)}
          autoFocus
          maxLength={2000}
          required={!approve}
          disabled={review.isPending}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="secondary" disabled={review.isPending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={approve ? 'primary' : 'danger'} busy={review.isPending}>
          {approve ? (review.isPending ? 'Approving...' : 'Approve') : review.isPending ? 'Rejecting...' : 'Reject'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The investor's latest suitability review fails the DFSA professional-client criteria: subscriptions are on hold. */
function ReviewRequiredBadge({ app }: { app: KycApplication }) {
  if (!app.suitabilityReviewRequired) return null;
  return (
    <Badge tone="danger" title="The latest suitability review fails the DFSA Professional Client criteria; new subscriptions are on hold.">
      Review required
    </Badge>
  );
}
