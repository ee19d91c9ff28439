import { CalendarDays, FileText, ListChecks, Plus, RotateCw } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  COMPLIANCE_STATUS_LABELS,
  COMPLIANCE_STATUSES,
  type ComplianceItem,
  type ComplianceOverview,
  type ComplianceStatus,
  type ExternalDueItem,
  nextOccurrence,
} from '../../../shared/compliance';
import { formatDate } from '../../../shared/format';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/cn';
import { useUrlRecord, useUrlState } from '../../lib/url-state';
import { serverMessage, useCompleteComplianceItem, useComplianceOverview, useFileSpvReturn, useStartComplianceItem } from './api';
import { CalendarTab, currentMonth, type Month } from './calendar-tab';
import { RECURRENCE_LABELS, STATUS_ICONS, toRows } from './compliance-ui';
import { DEFAULT_LIBRARY_FILTERS, DocumentLibraryTab, type LibraryFilters } from './document-library-tab';
import { ComplianceItemDialog } from './item-dialog';
import { DEFAULT_FILTERS, type TrackerActions, type TrackerFilters, TrackerTab } from './tracker-tab';

export const MESSAGES = {
  loadFailed: 'Failed to load compliance items',
  started: 'Compliance item started',
  startFailed: 'Failed to start compliance item',
  completed: 'Compliance item completed',
  completeFailed: 'Failed to complete compliance item',
  nextCreated: (date: string) => `Next occurrence created for ${formatDate(date)}`,
  filed: 'Annual return marked as filed',
  fileFailed: 'Failed to mark the annual return as filed',
} as const;

const TABS = ['tracker', 'calendar', 'documents'] as const;
/** On phones the three tabs share the width and may wrap to two lines. */
const TAB_TRIGGER =
  'max-sm:h-auto! max-sm:min-h-10 max-sm:whitespace-normal! max-sm:px-2! max-sm:py-1.5 max-sm:text-center max-sm:leading-tight';
type Tab = (typeof TABS)[number];

type EditState = { item: ComplianceItem | null } | null;
type ConfirmState = { kind: 'complete'; item: ComplianceItem } | { kind: 'file'; ext: ExternalDueItem } | null;

const COUNTER_TONES: Record<ComplianceStatus, string> = {
  overdue: 'border-l-danger-700 [&_svg]:text-danger-700',
  due_soon: 'border-l-warning-800 [&_svg]:text-warning-800',
  in_progress: 'border-l-ink-700 [&_svg]:text-ink-700',
  completed: 'border-l-success-700 [&_svg]:text-success-700',
};

function isVisible(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && el.isConnected && el.offsetParent !== null;
}

const TRACKER_PARAMS = {
  q: DEFAULT_FILTERS.search,
  status: DEFAULT_FILTERS.status,
  type: DEFAULT_FILTERS.type,
  sort: DEFAULT_FILTERS.sort.key,
  dir: DEFAULT_FILTERS.sort.dir,
};
const LIBRARY_PARAMS = {
  docq: DEFAULT_LIBRARY_FILTERS.search,
  doctype: DEFAULT_LIBRARY_FILTERS.type,
  expiry: DEFAULT_LIBRARY_FILTERS.expiry,
};
const SORT_KEYS = ['dueDate', 'priority', 'status'];

/** The tracker's filters from the URL; a value that is not one of the choices reads as the default. */
function trackerFiltersOf(p: Record<keyof typeof TRACKER_PARAMS, string>): TrackerFilters {
  return {
    search: p.q,
    status: (COMPLIANCE_STATUSES as readonly string[]).includes(p.status) ? (p.status as TrackerFilters['status']) : 'all',
    type: p.type as TrackerFilters['type'],
    sort: {
      key: SORT_KEYS.includes(p.sort) ? (p.sort as TrackerFilters['sort']['key']) : DEFAULT_FILTERS.sort.key,
      dir: p.dir === 'desc' ? 'desc' : 'asc',
    },
  };
}

/** Compliance Center (/admin/compliance): score, tracker, calendar and document library. */
export default function ComplianceCenterPage() {
  const overview = useComplianceOverview();
  const start = useStartComplianceItem();
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'tracker';

  // The tracker's and the library's search and filters live in the URL: a refresh or Back keeps them.
  const [trackerParams, setTrackerParams] = useUrlRecord(TRACKER_PARAMS, ['q']);
  const filters = trackerFiltersOf(trackerParams);
  const setFilters = (f: TrackerFilters) =>
    setTrackerParams({ q: f.search, status: f.status, type: f.type, sort: f.sort.key, dir: f.sort.dir });
  const [libraryParams, setLibraryParams] = useUrlRecord(LIBRARY_PARAMS, ['docq']);
  const libraryFilters: LibraryFilters = {
    search: libraryParams.docq,
    type: libraryParams.doctype as LibraryFilters['type'],
    expiry: libraryParams.expiry as LibraryFilters['expiry'],
  };
  const setLibraryFilters = (f: LibraryFilters) => setLibraryParams({ docq: f.search, doctype: f.type, expiry: f.expiry });
  const [month, setMonth] = useState<Month>(() => currentMonth());
  const [edit, setEdit] = useState<EditState>(null);
  const [confirm, setConfirm] = useState<ConfirmState>(null);

  // Dialogs are opened from many places and have no Radix trigger: remember what had focus
  // and return there on close, or to a sensible neighbour when that control is gone.
  const opener = useRef<{ el: HTMLElement | null; itemId: string | null }>({ el: null, itemId: null });
  function rememberOpener(itemId: string | null) {
    opener.current = { el: document.activeElement instanceof HTMLElement ? document.activeElement : null, itemId };
  }
  function restoreFocus(e: Event) {
    e.preventDefault();
    const { el, itemId } = opener.current;
    if (isVisible(el)) return el.focus();
    if (itemId) {
      for (const c of document.querySelectorAll(`[data-edit-for="${CSS.escape(itemId)}"], [data-chip-for="${CSS.escape(itemId)}"]`)) {
        if (isVisible(c)) return c.focus();
      }
    }
    const activeTab = document.querySelector('[role="tab"][aria-selected="true"]');
    if (isVisible(activeTab)) activeTab.focus();
  }

  useEffect(() => {
    if (overview.isError) toast.error(MESSAGES.loadFailed, { id: 'compliance-load-failed', description: serverMessage(overview.error) });
  }, [overview.isError, overview.error]);

  const data = overview.data;
  const rows = useMemo(() => (data ? toRows(data.items, data.external) : []), [data]);
  const loading = overview.isPending;
  const failed = overview.isError && !data;

  const actions: TrackerActions = {
    edit: (item) => {
      rememberOpener(item.id);
      setEdit({ item });
    },
    start: (item) =>
      start.mutate(item.id, {
        onSuccess: () => toast.success(MESSAGES.started),
        onError: (err) => toast.error(MESSAGES.startFailed, { description: serverMessage(err) ?? 'Please try again.' }),
      }),
    complete: (item) => {
      rememberOpener(item.id);
      setConfirm({ kind: 'complete', item });
    },
    fileReturn: (ext) => {
      rememberOpener(null);
      setConfirm({ kind: 'file', ext });
    },
    startingId: start.isPending ? (start.variables ?? null) : null,
  };

  // One history entry per change of tab (Back returns to the tab before).
  const [, setTabParam] = useUrlState<string>('tab', 'tracker');
  const setTab = (next: string) => setTabParam(next);

  const errorPanel = (
    <div className="rounded-lg border border-border bg-surface p-8 text-center">
      <p role="alert" className="font-medium text-danger-700">
        {MESSAGES.loadFailed}
      </p>
      <p className="mt-1 text-sm text-muted">{serverMessage(overview.error) ?? 'Check your connection, then try again.'}</p>
      <Button variant="secondary" className="mt-4" onClick={() => void overview.refetch()} busy={overview.isFetching}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Compliance Center"
        description="Regulatory filings, tax returns, reviews and renewals in one place."
        actions={
          <Button
            onClick={() => {
              rememberOpener(null);
              setEdit({ item: null });
            }}
          >
            <Plus aria-hidden="true" />
            New Item
          </Button>
        }
      />

      <ScoreCard data={data} loading={loading} failed={failed} />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Compliance views" className="max-sm:grid! max-sm:w-full max-sm:grid-cols-3">
          <TabsTrigger className={TAB_TRIGGER} value="tracker">
            <ListChecks aria-hidden="true" className="hidden size-4 sm:block" />
            Compliance Tracker
          </TabsTrigger>
          <TabsTrigger className={TAB_TRIGGER} value="calendar">
            <CalendarDays aria-hidden="true" className="hidden size-4 sm:block" />
            Calendar View
          </TabsTrigger>
          <TabsTrigger className={TAB_TRIGGER} value="documents">
            <FileText aria-hidden="true" className="hidden size-4 sm:block" />
            Document Library
          </TabsTrigger>
        </TabsList>
        <TabsContent value="tracker">
          {failed ? errorPanel : <TrackerTab rows={rows} loading={loading} filters={filters} onFilters={setFilters} actions={actions} />}
        </TabsContent>
        <TabsContent value="calendar">
          {failed ? (
            errorPanel
          ) : (
            <CalendarTab
              rows={rows}
              loading={loading}
              month={month}
              onMonth={setMonth}
              onOpenItem={(item) => {
                rememberOpener(item.id);
                setEdit({ item });
              }}
            />
          )}
        </TabsContent>
        <TabsContent value="documents">
          <DocumentLibraryTab filters={libraryFilters} onFilters={setLibraryFilters} />
        </TabsContent>
      </Tabs>

      <Dialog open={edit !== null} onOpenChange={(o) => !o && setEdit(null)}>
        {edit && (
          <ComplianceItemDialog
            key={edit.item?.id ?? 'new'}
            item={edit.item}
            onCloseAutoFocus={restoreFocus}
            onDone={() => setEdit(null)}
          />
        )}
      </Dialog>

      <Dialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        {confirm?.kind === 'complete' && (
          <CompleteDialog item={confirm.item} onDone={() => setConfirm(null)} onCloseAutoFocus={restoreFocus} />
        )}
        {confirm?.kind === 'file' && <FileReturnDialog ext={confirm.ext} onDone={() => setConfirm(null)} onCloseAutoFocus={restoreFocus} />}
      </Dialog>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Score card
// ---------------------------------------------------------------------------------------------

function ScoreCard({ data, loading, failed }: { data: ComplianceOverview | undefined; loading: boolean; failed: boolean }) {
  const headingId = useId();
  const total = data?.items.length ?? 0;
  const completed = data?.counts.completed ?? 0;
  return (
    <Card className="mb-6 grid gap-5 p-5 lg:grid-cols-[minmax(14rem,18rem)_1fr] lg:items-center" aria-labelledby={headingId} role="region">
      <div>
        <h2 id={headingId} className="text-sm font-medium text-muted">
          Compliance Score
        </h2>
        {data && total === 0 ? (
          // No item tracked: a score of 100% would claim compliance with nothing checked.
          <p className="mt-1 text-2xl font-semibold tracking-tight text-ink-900" data-testid="compliance-score">
            Nothing tracked yet
          </p>
        ) : data ? (
          <p className="tabular mt-1 text-4xl font-semibold tracking-tight text-ink-900" data-testid="compliance-score">
            {data.score}%
          </p>
        ) : (
          <p className="mt-1 text-4xl font-semibold text-ink-900">
            {loading ? <span className="block h-10 w-24 animate-pulse rounded bg-ink-100" aria-hidden="true" /> : '—'}
            {loading && <span className="sr-only">Loading compliance score...</span>}
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
            ? 'Add compliance items to track them here.'
            : data
              ? `${completed} of ${total} item${total === 1 ? '' : 's'} completed; SPV returns and document expiries are not scored.`
              : failed
                ? 'Unavailable'
                : '\u00a0'}
        </p>
      </div>
      <ul aria-label="Compliance items by status" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {COMPLIANCE_STATUSES.map((s) => {
          const Icon = STATUS_ICONS[s];
          return (
            <li key={s}>
              <div
                className={cn(
                  'flex h-full flex-col gap-1 rounded-md border border-l-4 border-border bg-surface px-3 py-2.5',
                  COUNTER_TONES[s],
                )}
                data-testid={`compliance-counter-${s}`}
              >
                <span className="inline-flex items-center gap-1.5 text-sm text-muted">
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {COMPLIANCE_STATUS_LABELS[s]}
                </span>
                {data ? (
                  <span className="tabular text-2xl font-semibold text-ink-900">{data.counts[s]}</span>
                ) : (
                  <span className="h-8 w-8 animate-pulse rounded bg-ink-100/80" aria-hidden="true" />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Confirmations
// ---------------------------------------------------------------------------------------------

function CompleteDialog({
  item,
  onDone,
  onCloseAutoFocus,
}: {
  item: ComplianceItem;
  onDone: () => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const complete = useCompleteComplianceItem();
  async function run() {
    try {
      const { next } = await complete.mutateAsync(item.id);
      toast.success(MESSAGES.completed, { description: next ? MESSAGES.nextCreated(next.dueDate) : undefined });
      onDone();
    } catch (err) {
      toast.error(MESSAGES.completeFailed, { description: serverMessage(err) ?? 'Please try again.' });
      onDone();
    }
  }
  return (
    <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Complete compliance item</DialogTitle>
        <DialogDescription>
          Mark '{item.title}' (due {formatDate(item.dueDate)}) as completed? This cannot be undone.
        </DialogDescription>
      </DialogHeader>
      {item.recurrence && (
        <p className="rounded-md border border-border bg-ink-50 px-3 py-2 text-sm">
          {RECURRENCE_LABELS[item.recurrence]} item: the next occurrence will be created, due{' '}
          <span className="tabular font-medium">{formatDate(nextOccurrence(item.dueDate, item.recurrence))}</span>.
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={complete.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button onClick={() => void run()} busy={complete.isPending}>
          {complete.isPending ? 'Completing...' : 'Complete item'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function FileReturnDialog({
  ext,
  onDone,
  onCloseAutoFocus,
}: {
  ext: ExternalDueItem;
  onDone: () => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const file = useFileSpvReturn();
  async function run() {
    try {
      const due = await file.mutateAsync(ext.sourceId);
      toast.success(MESSAGES.filed, { description: `Next annual return due ${formatDate(due)}` });
      onDone();
    } catch (err) {
      toast.error(MESSAGES.fileFailed, { description: serverMessage(err) ?? 'Please try again.' });
      onDone();
    }
  }
  const name = ext.title.replace(/^Annual return:\s*/, '');
  return (
    <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Mark annual return as filed</DialogTitle>
        <DialogDescription>
          Record that the annual return of {name} (due {formatDate(ext.dueDate)}) has been filed? Its next return will be due{' '}
          <span className="tabular font-medium text-text">{formatDate(nextOccurrence(ext.dueDate, 'annual'))}</span>.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={file.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button onClick={() => void run()} busy={file.isPending}>
          {file.isPending ? 'Saving...' : 'Mark as filed'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
