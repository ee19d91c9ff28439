import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { INVESTOR_USER_TYPES, type InvestorUserType } from '../../../shared/constants';
import { formatFigure } from '../../../shared/format';
import { KYC_STATUSES, type KycApplication, type KycCounters, type KycStatus } from '../../../shared/kyc';
import { classificationText } from '../../components/domain/classification';
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
import { Skeleton } from '../../components/ui/skeleton';
import { TH } from '../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useUrlState } from '../../lib/url-state';
import { riskText } from '../risk/i18n';
import { RefreshQueueTab } from '../risk/refresh-queue';
import { serverMessage, useKycList } from './api';
import { ClassificationQueueTab } from './classification-queue';
import { kycText } from './i18n';
import { KycDialog } from './kyc-dialogs';
import { type DialogState, KycCard, KycRow, type Mode } from './kyc-list';

const COUNTERS: (keyof KycCounters)[] = ['total', 'pending', 'in_review', 'approved', 'rejected'];

const SKELETON_WIDTHS = ['12rem', '5rem', '5rem', '8rem', '6rem', '6rem', '9rem'] as const;

// ---------------------------------------------------------------------------------------------
// Page
// ---------------------------------------------------------------------------------------------

/**
 * Investor Onboarding (/admin/investors): KYC counters, the review queue, and the subscriptions
 * tab, whose panel belongs to the subscriptions feature: the app's routing passes it in.
 */
export default function InvestorOnboardingPage({ subscriptionsPanel }: { subscriptionsPanel?: ReactNode }) {
  const { t } = kycText.useT();
  const list = useKycList();
  // Tab, search and filters live in the URL: a refresh or Back keeps them.
  const [tab, setTab] = useUrlState('tab', 'kyc', ['kyc', 'classifications', 'refreshes', 'subscriptions']);

  useEffect(() => {
    if (list.isError) toast.error(kycText.t('toast.loadFailed'), { id: 'kyc-load-failed', description: serverMessage(list.error) });
  }, [list.isError, list.error]);

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <ExportCsvButton
            filename="investors"
            columns={[
              { key: 'investorName', label: t('csv.investor') },
              { key: 'email', label: t('csv.email') },
              { key: 'type', label: t('csv.type') },
              { key: 'status', label: t('csv.status') },
              { key: 'completionPercentage', label: t('csv.completion') },
              { key: 'submittedAt', label: t('csv.submitted') },
              { key: 'reviewedByName', label: t('csv.reviewedBy') },
            ]}
            rows={(list.data?.applications ?? []) as unknown as Record<string, unknown>[]}
          />
        }
      />

      <ul aria-label={t('page.countersLabel')} className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {COUNTERS.map((c, i) => (
          <li key={c} className={i === 0 ? 'col-span-2 sm:col-span-1' : undefined}>
            <Card className="flex h-full flex-col gap-1 p-4" data-testid={`kyc-counter-${c}`}>
              <span className="text-sm text-muted">{t(`counter.${c}`)}</span>
              {list.data ? (
                <span className="tabular text-2xl font-semibold text-ink-900">{formatFigure(list.data.counters[c])}</span>
              ) : (
                <Skeleton as="span" className="h-8 w-10" />
              )}
            </Card>
          </li>
        ))}
      </ul>

      <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
        <TabsList aria-label={t('page.tabsLabel')}>
          <TabsTrigger value="kyc">{t('page.tabKyc')}</TabsTrigger>
          <TabsTrigger value="classifications">{classificationText.t('queue.title')}</TabsTrigger>
          <TabsTrigger value="refreshes">{riskText.t('queue.tab')}</TabsTrigger>
          <TabsTrigger value="subscriptions">{t('page.tabSubscriptions')}</TabsTrigger>
        </TabsList>
        <TabsContent value="kyc">
          <KycApplicationsTab list={list} />
        </TabsContent>
        <TabsContent value="classifications">
          <ClassificationQueueTab />
        </TabsContent>
        <TabsContent value="refreshes">
          <RefreshQueueTab />
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
  const { t } = kycText.useT();
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
    ? t('count.showing', { visible: visible.length, count: all.length })
    : list.isError
      ? t('count.unavailable')
      : t('count.loading');
  const statusFilters = [
    { value: 'all', label: t('filter.allStatuses') },
    ...KYC_STATUSES.map((s) => ({ value: s, label: enumLabel('kycStatus', s) })),
  ];
  const typeFilters = [
    { value: 'all', label: t('filter.allTypes') },
    ...INVESTOR_USER_TYPES.map((v) => ({ value: v, label: enumLabel('userType', v) })),
  ];

  return (
    <>
      <search className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_12rem]" aria-label={t('filter.label')}>
        <SearchField
          ref={searchRef}
          id={`${uid}-search`}
          label={t('filter.search')}
          placeholder={t('filter.searchPlaceholder')}
          value={search}
          onChange={(v) => setSearch(v, { replace: true })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Field label={t('filter.status')} htmlFor={`${uid}-status`}>
          <NativeSelect
            id={`${uid}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            options={statusFilters}
          />
        </Field>
        <Field label={t('filter.type')} htmlFor={`${uid}-type`}>
          <NativeSelect id={`${uid}-type`} value={type} onChange={(e) => setType(e.target.value as typeof type)} options={typeFilters} />
        </Field>
      </search>

      <FilterSummary text={countText} filtered={filtered} onClear={clearFilters} testId="kyc-count" />

      {list.isError && !list.data ? (
        <LoadError title={t('toast.loadFailed')} error={list.error} onRetry={() => void list.refetch()} busy={list.isFetching} />
      ) : (
        <DataList
          label={t('list.label')}
          items={visible}
          loading={list.isPending}
          getKey={(a) => a.id}
          skeletonWidths={SKELETON_WIDTHS}
          head={
            <tr>
              <TH>{t('column.investor')}</TH>
              <TH>{t('column.type')}</TH>
              <TH>{t('column.status')}</TH>
              <TH>{t('column.completion')}</TH>
              <TH>{t('column.submitted')}</TH>
              <TH>{t('column.reviewedBy')}</TH>
              <TH className="text-end">{t('column.actions')}</TH>
            </tr>
          }
          row={(a) => <KycRow app={a} onOpen={open} />}
          card={(a) => <KycCard app={a} onOpen={open} />}
          empty={<EmptyState filtered={filtered} onClear={clearFilters} empty={t('list.empty')} noMatch={t('list.noMatch')} />}
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
