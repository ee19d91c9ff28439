import { ArrowRight, RotateCw, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { KYC_DOCUMENT_KINDS } from '../../../shared/kyc';
import { KycStatusBadge } from '../../components/domain/kyc';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { useMyKyc } from './api';
import { kycText } from './i18n';

/** The investor dashboard's call to action: KYC status, completion, and the way to the DFSA Compliance screen. */
export function KycCallToAction() {
  const { t } = kycText.useT();
  const me = useMyKyc();
  const headingId = useId();
  const app = me.data;
  const todo = app ? app.status === 'pending' || app.status === 'rejected' : false;
  const uploaded = app ? KYC_DOCUMENT_KINDS.filter((k) => app.flags[k]).length : 0;

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      aria-busy={me.isPending || undefined}
      className={todo ? 'ring-2 ring-gold-400/60' : undefined}
      data-testid="kyc-cta"
    >
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-100 text-gold-700">
            <ShieldCheck aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="text-base font-semibold text-ink-900">
                {t('cta.title')}
              </h2>
              {app && <KycStatusBadge status={app.status} />}
            </div>
            {me.isPending ? (
              <>
                <span role="status" className="sr-only">
                  {t('cta.loading')}
                </span>
                <Skeleton className="h-4 w-64 max-w-full" />
                <Skeleton className="h-2 w-full max-w-sm" />
              </>
            ) : me.isError || !app ? (
              <p className="text-sm text-muted">{t('cta.loadFailed')}</p>
            ) : (
              <>
                <p className="text-sm text-muted">{t(`cta.${app.status}`)}</p>
                <div className="flex max-w-sm flex-col gap-1">
                  <Progress value={app.completionPercentage} label={t('cta.completion')} showValue />
                  <span className="tabular text-xs text-muted">{t('cta.uploaded', { uploaded, total: KYC_DOCUMENT_KINDS.length })}</span>
                </div>
              </>
            )}
          </div>
        </div>
        {me.isError ? (
          <Button variant="secondary" onClick={() => void me.refetch()} busy={me.isFetching}>
            <RotateCw aria-hidden="true" />
            {t('cta.tryAgain')}
          </Button>
        ) : (
          <Button asChild variant={todo || !app ? 'primary' : 'secondary'}>
            <Link to="/investor/compliance">
              {!app || todo ? t('cta.complete') : t('cta.view')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
