import { CalendarDays, FileText, ListChecks, Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COMPLIANCE_STATUSES, type ComplianceItem, type ExternalDueItem } from '../../../shared/compliance';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { toast } from '../../lib/toast';
import { useUrlRecord, useUrlState } from '../../lib/url-state';
import { TaxExportCard } from '../tax/tax-export-card';
import { serverMessage, useComplianceOverview, useStartComplianceItem } from './api';
import { CalendarTab, currentMonth, type Month } from './calendar-tab';
import { MESSAGES } from './compliance-messages';
import { toRows } from './compliance-ui';
import { CompleteDialog, FileReturnDialog } from './confirm-dialogs';
import { DEFAULT_LIBRARY_FILTERS, DocumentLibraryTab, type LibraryFilters } from './document-library-tab';
import { complianceText } from './i18n';
import { ComplianceItemDialog } from './item-dialog';
import { ScoreCard } from './score-card';
import { DEFAULT_FILTERS, type TrackerActions, type TrackerFilters, TrackerTab } from './tracker-tab';

const TABS = ['tracker', 'calendar', 'documents'] as const;
/** On phones the three tabs share the width and may wrap to two lines. */
const tabTriggerClass =
  'max-sm:h-auto! max-sm:min-h-10 max-sm:whitespace-normal! max-sm:px-2! max-sm:py-1.5 max-sm:text-center max-sm:leading-tight';
type Tab = (typeof TABS)[number];

type EditState = { item: ComplianceItem | null } | null;
type ConfirmState = { kind: 'complete'; item: ComplianceItem } | { kind: 'file'; ext: ExternalDueItem } | null;

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
  const { t } = complianceText.useT();
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
  // A New or Edit Item dialog with unsaved input asks before it closes.
  const itemGuard = useDialogGuard();

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
    if (overview.isError) toast.error(MESSAGES.loadFailed(), { id: 'compliance-load-failed', description: serverMessage(overview.error) });
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
        onSuccess: () => toast.success(MESSAGES.started()),
        onError: (err) => toast.error(MESSAGES.startFailed(), { description: serverMessage(err) ?? MESSAGES.tryAgain() }),
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
    <LoadError title={t('toast.loadFailed')} error={overview.error} onRetry={() => void overview.refetch()} busy={overview.isFetching} />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            onClick={() => {
              rememberOpener(null);
              setEdit({ item: null });
            }}
          >
            <Plus aria-hidden="true" />
            {t('newItem')}
          </Button>
        }
      />

      <ScoreCard data={data} loading={loading} failed={failed} />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t('tabs.label')} className="max-sm:grid! max-sm:w-full max-sm:grid-cols-3">
          <TabsTrigger className={tabTriggerClass} value="tracker">
            <ListChecks aria-hidden="true" className="hidden size-4 sm:block" />
            {t('tabs.tracker')}
          </TabsTrigger>
          <TabsTrigger className={tabTriggerClass} value="calendar">
            <CalendarDays aria-hidden="true" className="hidden size-4 sm:block" />
            {t('tabs.calendar')}
          </TabsTrigger>
          <TabsTrigger className={tabTriggerClass} value="documents">
            <FileText aria-hidden="true" className="hidden size-4 sm:block" />
            {t('tabs.documents')}
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
          <TaxExportCard />
          <DocumentLibraryTab filters={libraryFilters} onFilters={setLibraryFilters} />
        </TabsContent>
      </Tabs>

      <Dialog open={edit !== null} onOpenChange={(o) => !o && itemGuard.confirmClose() && setEdit(null)}>
        {edit && (
          <ComplianceItemDialog
            key={edit.item?.id ?? 'new'}
            item={edit.item}
            onCloseAutoFocus={restoreFocus}
            onDone={() => setEdit(null)}
            onDirtyChange={itemGuard.setDirty}
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
