import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDate } from '../../../shared/format';
import { classificationText, STATE_TONE } from '../../components/domain/classification';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { translateMessage } from '../../lib/i18n';
import { useMyClassification } from '../../lib/queries/classification';
import { ClassificationForm } from './classification-form';

/** The investor's classification on the DFSA Compliance screen, with the way to classify or renew. */
export function ClassificationCard() {
  const { t } = classificationText.useT();
  const mine = useMyClassification();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const data = mine.data;
  if (!data) {
    return mine.isError ? (
      <Card className="p-5 text-sm text-danger-700" role="alert">
        {t('card.loadFailed')}
      </Card>
    ) : (
      <Skeleton shape="block" className="h-40" label={t('card.loading')} />
    );
  }
  const pending = data.latest?.status === 'submitted';
  const canApply = !pending;
  const urgent = data.state === 'none' || data.state === 'retail' || data.expired;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      data-testid="client-classification"
      className={cn('flex flex-col gap-4 p-5', urgent && 'border-s-4 border-s-warning-800/70')}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-100 text-ink-700">
            <ShieldCheck aria-hidden="true" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="font-semibold text-ink-900">
                {t('card.title')}
              </h3>
              <Badge tone={data.expired ? 'danger' : STATE_TONE[data.state]} data-testid="classification-state">
                {t(`state.${data.state}`)}
              </Badge>
              {pending && data.state !== 'none' && data.state !== 'pending' && <Badge tone="info">{t('state.pending')}</Badge>}
            </div>
            <p className="text-sm text-muted">{t('card.description')}</p>
          </div>
        </div>
        {canApply && (
          <Button className="self-start" variant={urgent ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
            {data.state === 'none' ? t('card.start') : t('card.renew')}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        {data.basis && (
          <div>
            <dt className="text-muted">{t('card.basis')}</dt>
            <dd className="font-medium text-ink-900" data-testid="classification-basis">
              {t(`basis.${data.basis}`)}
            </dd>
          </div>
        )}
        {data.decidedAt && (
          <div>
            <dt className="text-muted">{t('card.decided')}</dt>
            <dd className="tabular text-ink-900">{formatDate(data.decidedAt)}</dd>
          </div>
        )}
        {data.reviewDue && data.state !== 'retail' && (
          <div>
            <dt className="text-muted">{t('card.reviewDue')}</dt>
            <dd
              className={cn('tabular font-medium', data.expired ? 'text-danger-700' : 'text-ink-900')}
              data-testid="classification-review-due"
            >
              {formatDate(data.reviewDue)}
            </dd>
          </div>
        )}
        {data.reasons && (
          <div className="sm:col-span-3">
            <dt className="text-muted">{t('card.reasons')}</dt>
            <dd className="text-ink-900" data-testid="classification-reasons">
              {data.reasons}
            </dd>
          </div>
        )}
      </dl>
      {data.expired && <p className="text-sm font-medium text-danger-700">{t('card.expired')}</p>}
      {pending && <p className="text-sm text-text">{t('card.pendingNote')}</p>}
      {data.blocking.length > 0 && (
        <p className="text-sm text-text" data-testid="classification-blocking">
          {translateMessage(data.blocking[0]?.message ?? '')}
        </p>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="lg">{open && <ClassificationForm data={data} onDone={() => setOpen(false)} />}</DialogContent>
      </Dialog>
    </Card>
  );
}
