import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { INVESTOR_USER_TYPES, type InvestorUserType, USER_TYPE_LABELS } from '../../../shared/constants';
import { KYC_STATUS_LABELS, KYC_STATUSES, type KycApplication, type KycCounters, type KycStatus } from '../../../shared/kyc';
import { PageHeader } from '../../components/layout/page-header';
import { Card } from '../../components/ui/card';
import { DataList } from '../../components/ui/data-list';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { FilterSummary } from '../../components/ui/filter-summary';
import { LoadError } from '../../components/ui/load-error';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { TH } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { toast } from '../../lib/toast';
import { useUrlState } from '../../lib/url-state';
import { serverMessage, useKycList } from './api';
import { KycDialog } from './kyc-dialogs';
import { type DialogState, KycCard, KycRow, MESSAGES, type Mode } from './kyc-list';

const COUNTERS: { key: keyof KycCounters; label: string }[] = [
  { key: 'total', label: 'Total Applications' },
  { key: 'pending', label: 'Pending' },
  { key: 'in_review', label: 'In Review' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
];

const STATUS_FILTERS = [{ value: 'all', label: 'All statuses' }, ...KYC_STATUSES.map((s) => ({ value: s, label: KYC_STATUS_LABELS[s] }))];
const TYPE_FILTERS = [{ value: 'all', label: 'All types' }, ...INVESTOR_USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }))];

const SKELETON_WIDTHS = ['12rem', '5rem', '5rem', '8rem', '6rem', '6rem', '9rem'] as const;

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
  // A typed approval note or rejection reason asks before the dialog closes.
  const guard = useDialogGuard();

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
        <SearchField
          ref={searchRef}
          id={`${uid}-search`}
          label="Search investors"
          placeholder="Name or email"
          value={search}
          onChange={(v) => setSearch(v, { replace: true })}
          className="sm:col-span-2 lg:col-span-1"
        />
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
        <LoadError title={MESSAGES.loadFailed} error={list.error} onRetry={() => void list.refetch()} busy={list.isFetching} />
      ) : (
        <DataList
          label="KYC applications"
          items={visible}
          loading={list.isPending}
          getKey={(a) => a.id}
          skeletonWidths={SKELETON_WIDTHS}
          head={
            <tr>
              <TH>Investor</TH>
              <TH>Type</TH>
              <TH>Status</TH>
              <TH>Completion</TH>
              <TH>Submitted</TH>
              <TH>Reviewed By</TH>
              <TH className="text-end">Actions</TH>
            </tr>
          }
          row={(a) => <KycRow app={a} onOpen={open} />}
          card={(a) => <KycCard app={a} onOpen={open} />}
          empty={
            <EmptyState
              filtered={filtered}
              onClear={clearFilters}
              empty="No KYC applications yet"
              noMatch="No applications match your filters"
            />
          }
        />
      )}

      <Dialog open={dialog !== null} onOpenChange={(o) => !o && guard.confirmClose() && setDialog(null)}>
        {dialog && (
          <KycDialog
            state={dialog}
            onMode={(mode) => setDialog((d) => (d ? { ...d, mode, fromReview: d.fromReview || d.mode === 'review' } : d))}
            onClose={() => setDialog(null)}
            onDirtyChange={guard.setDirty}
          />
        )}
      </Dialog>
    </>
  );
}
