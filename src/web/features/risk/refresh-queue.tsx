import { CheckCircle2 } from 'lucide-react';
import { useId } from 'react';
import { formatDate, formatDateTimeZoned } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { serverMessage, useApproveRefresh, useRefreshQueue } from './api';
import { riskText } from './i18n';

/** The admins' queue of periodic KYC refreshes (issue 31 part 4, decision 050), a tab of Investor Onboarding. */
export function RefreshQueueTab() {
  const { t } = riskText.useT();
  const queue = useRefreshQueue();
  const approve = useApproveRefresh();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="refresh-queue" className="flex flex-col gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {t('queue.title')}
        </h2>
        <p className="text-sm text-muted">{t('queue.description')}</p>
      </div>
      {!queue.data ? (
        queue.isError ? (
          <Card className="p-5 text-sm text-danger-700" role="alert">
            {t('queue.loadFailed')} {serverMessage(queue.error)}
          </Card>
        ) : (
          <Skeleton shape="block" className="h-32" label={t('queue.title')} />
        )
      ) : queue.data.length === 0 ? (
        <Card className="p-8 text-center text-sm text-muted">{t('queue.empty')}</Card>
      ) : (
        <ul className="flex flex-col gap-2">
          {queue.data.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="refresh-row">
                <dl className="grid min-w-0 grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="sr-only">{t('queue.colInvestor')}</dt>
                    <dd>
                      <bdi className="font-semibold text-ink-900">{r.investorName}</bdi>
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-muted">{t('queue.colSubmitted')}:</dt>
                    <dd className="tabular">{formatDateTimeZoned(r.submittedAt)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-muted">{t('queue.colResidence')}:</dt>
                    <dd>{r.residenceCountry}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-muted">{t('queue.colDue')}:</dt>
                    <dd className="tabular">{r.dueDate ? formatDate(r.dueDate) : '—'}</dd>
                  </div>
                  <div className="flex gap-1 sm:col-span-2">
                    <dt className="text-muted">{t('queue.colChanges')}:</dt>
                    <dd className="break-words whitespace-pre-line">{r.changes || t('queue.noChanges')}</dd>
                  </div>
                </dl>
                <Button
                  size="sm"
                  disabled={approve.isPending}
                  aria-label={t('queue.approve', { name: r.investorName })}
                  onClick={() =>
                    approve.mutate(
                      { id: r.id, note: '' },
                      {
                        onSuccess: () => toast.success(t('queue.approved', { name: r.investorName })),
                        onError: (err) => toast.error(serverMessage(err) ?? ''),
                      },
                    )
                  }
                >
                  <CheckCircle2 aria-hidden="true" />
                  {t('queue.approveShort')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
