import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatUSDCents } from '../../../shared/format';
import type { CapitalCall } from '../../../shared/ledger';
import { sumAmounts } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataList } from '../../components/ui/data-list';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { LoadError } from '../../components/ui/load-error';
import { TD, TH, TR } from '../../components/ui/table';
import { useCapitalCalls } from './api';
import { CallStatusBadge } from './call-ui';
import { capitalCallsText } from './i18n';
import { NewCallDialog } from './new-call-dialog';
import { StatementRunCard } from './statement-run-card';

/** Capital Calls (/admin/capital-calls): every call with its totals and status; issue a new one. */
export default function CapitalCallsPage() {
  const { t } = capitalCallsText.useT();
  const calls = useCapitalCalls();
  const [open, setOpen] = useState(false);
  const list = calls.data ?? [];
  const totals = {
    called: sumAmounts(list.map((c) => c.totalAmount)),
    received: sumAmounts(list.map((c) => c.received)),
    outstanding: sumAmounts(list.map((c) => c.outstanding)),
  };
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ExportCsvButton
              filename="capital-calls"
              columns={[
                { key: 'dealTitle', label: t('column.deal') },
                { key: 'callDate', label: t('column.callDate') },
                { key: 'dueDate', label: t('column.dueDate') },
                { key: 'purpose', label: t('column.purpose') },
                { key: 'totalAmount', label: t('column.amountCalled') },
                { key: 'received', label: t('column.received') },
                { key: 'outstanding', label: t('column.outstanding') },
                { key: 'status', label: t('column.status') },
              ]}
              rows={list as unknown as Record<string, unknown>[]}
            />
            <Button onClick={() => setOpen(true)}>
              <Plus aria-hidden="true" />
              {t('newCall')}
            </Button>
          </>
        }
      />
      <section aria-label={t('totals')} className="mb-6 grid gap-4 sm:grid-cols-3">
        {(
          [
            [t('column.called'), totals.called],
            [t('column.received'), totals.received],
            [t('column.outstanding'), totals.outstanding],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} role="group" aria-label={label} className="p-4">
            <p className="text-sm text-muted">{label}</p>
            <p className="tabular mt-1 text-xl font-semibold text-ink-900">{calls.data ? formatUSDCents(value) : '—'}</p>
          </Card>
        ))}
      </section>
      <StatementRunCard />
      {calls.isError ? (
        <LoadError title={t('loadFailed')} error={calls.error} onRetry={() => calls.refetch()} busy={calls.isFetching} />
      ) : (
        <DataList
          label={t('table')}
          items={list}
          loading={calls.isPending}
          loadingLabel={t('loading')}
          getKey={(c) => c.id}
          skeletonWidths={['10rem', '6rem', '6rem', '6rem', '6rem', '6rem', '5rem']}
          skeletonRows={3}
          cardSkeletonClass="h-48"
          empty={t('empty')}
          head={
            <TR>
              <TH>{t('column.deal')}</TH>
              <TH>{t('column.callDate')}</TH>
              <TH>{t('column.dueDate')}</TH>
              <TH className="text-end">{t('column.called')}</TH>
              <TH className="text-end">{t('column.received')}</TH>
              <TH className="text-end">{t('column.outstanding')}</TH>
              <TH>{t('column.status')}</TH>
            </TR>
          }
          row={(c) => (
            <TR>
              <TD>
                <CallLink call={c} />
                <bdi className="block text-xs text-muted">{c.purpose}</bdi>
              </TD>
              <TD className="tabular">{formatDate(c.callDate)}</TD>
              <TD className="tabular">{formatDate(c.dueDate)}</TD>
              <TD className="tabular text-end">{formatUSDCents(c.totalAmount)}</TD>
              <TD className="tabular text-end">{formatUSDCents(c.received)}</TD>
              <TD className="tabular text-end">{formatUSDCents(c.outstanding)}</TD>
              <TD>
                <CallStatusBadge status={c.status} />
              </TD>
            </TR>
          )}
          card={(c) => <CallCard call={c} />}
        />
      )}
      <NewCallDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function CallLink({ call }: { call: CapitalCall }) {
  return (
    <Link to={`/admin/capital-calls/${call.id}`} className="font-medium text-ink-900 underline-offset-2 hover:underline">
      <bdi>{call.dealTitle}</bdi>
    </Link>
  );
}

/** One call on a phone: the deal (its link) and purpose, the status, then the dates and amounts. */
function CallCard({ call: c }: { call: CapitalCall }) {
  const { t } = capitalCallsText.useT();
  const figures = [
    [t('column.callDate'), formatDate(c.callDate)],
    [t('column.dueDate'), formatDate(c.dueDate)],
    [t('column.called'), formatUSDCents(c.totalAmount)],
    [t('column.received'), formatUSDCents(c.received)],
    [t('column.outstanding'), formatUSDCents(c.outstanding)],
  ] as const;
  return (
    <li className="rounded-lg border border-border bg-surface p-4 text-sm shadow-sm" data-testid="capital-call-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 break-words">
          <CallLink call={c} />
          <bdi className="block text-xs text-muted">{c.purpose}</bdi>
        </div>
        <CallStatusBadge status={c.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted">{label}</dt>
            <dd className="tabular font-medium text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
