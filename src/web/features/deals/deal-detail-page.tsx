import { ArrowLeft, FileSearch, Pencil, RefreshCw } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DealStatusBadge, DealTypeIcon } from '../../components/domain/deal';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { enumLabel } from '../../lib/i18n';
import { PackStatusCard } from '../signing/pack-status-card';
import { useDeal } from './api';
import { DealActivityList } from './deal-activity';
import { DealEditForm, draftKey } from './deal-edit-form';
import { ManagementFeeCard } from './deal-fees';
import { DealLedgerSummary } from './deal-ledger';
import { DealDocuments, DealOverview } from './deal-overview';
import { DealTermsCard } from './deal-terms';
import { DealValuations } from './deal-valuations';
import { EqualisationCard } from './equalisation-card';
import { dealsText } from './i18n';
import { OneOffFeeCard } from './one-off-fee-card';

function BackToPipeline() {
  const { t } = dealsText.useT();
  return (
    <div className="mb-4">
      <Button asChild variant="ghost" size="sm" className="-ms-3">
        <Link to="/admin/deals">
          <ArrowLeft aria-hidden="true" />
          {t('back')}
        </Link>
      </Button>
    </div>
  );
}

export default function DealDetailPage() {
  const { t } = dealsText.useT();
  const { id = '' } = useParams();
  const query = useDeal(id);
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';

  function setEditing(on: boolean) {
    if (on) {
      // A fresh edit starts from the deal as saved, not from an abandoned draft.
      sessionStorage.removeItem(`draft:${draftKey(id)}`);
      setParams({ edit: '1' });
    } else {
      setParams({}, { replace: true });
    }
  }

  if (query.isPending) {
    return (
      <>
        <BackToPipeline />
        <div role="status" className="sr-only">
          {t('detail.loading')}
        </div>
        <div className="flex flex-col gap-4">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton shape="block" className="h-48" />
          <Skeleton shape="block" className="h-32" />
        </div>
      </>
    );
  }

  if (query.isError) {
    // 400: the address's id is malformed (decision 033, amended), so no deal has it either.
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        <BackToPipeline />
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
          <FileSearch aria-hidden="true" className="size-10 text-muted" />
          <h1 className="text-xl font-semibold text-ink-900">{notFound ? t('detail.notFound') : t('detail.loadFailed')}</h1>
          <p className="max-w-md text-sm text-muted">{notFound ? t('detail.notFoundHint') : t('messages.checkConnection')}</p>
          {notFound ? (
            <Button asChild>
              <Link to="/admin/deals">{t('detail.toPipeline')}</Link>
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
              <RefreshCw aria-hidden="true" />
              {t('messages.retry')}
            </Button>
          )}
        </div>
      </>
    );
  }

  const { deal, documents, activity, valuations } = query.data;
  return (
    <>
      <BackToPipeline />
      <PageHeader
        title={deal.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <DealTypeIcon type={deal.type} className="size-7" />
            <span>{enumLabel('dealType', deal.type)}</span>
            <span aria-hidden="true">·</span>
            <span>{enumLabel('dealStage', deal.stage)}</span>
            <DealStatusBadge status={deal.status} />
          </span>
        }
        actions={
          !editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('detail.edit')}
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        {editing ? <DealEditForm deal={deal} onDone={() => setEditing(false)} /> : <DealOverview deal={deal} />}
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.documents')}</CardTitle>
            <CardDescription>{t('detail.documentsDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <DealDocuments title={deal.title} documents={documents} />
          </CardContent>
        </Card>
        <PackStatusCard
          dealId={deal.id}
          action={
            <Button asChild variant="secondary" size="sm">
              <Link to={`/admin/deals/${encodeURIComponent(deal.id)}/subscription-pack`}>{t('detail.packLink')}</Link>
            </Button>
          }
        />
        <DealTermsCard dealId={deal.id} />
        <EqualisationCard dealId={deal.id} />
        <DealValuations dealId={deal.id} valuations={valuations} />
        <ManagementFeeCard dealId={deal.id} />
        <DealLedgerSummary dealId={deal.id} />
        <OneOffFeeCard dealId={deal.id} />
        <Card>
          <CardHeader>
            <CardTitle>{t('detail.activity')}</CardTitle>
            <CardDescription>{t('detail.activityDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <DealActivityList activity={activity} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
