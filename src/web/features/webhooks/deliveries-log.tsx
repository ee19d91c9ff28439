import { RefreshCw, RotateCcw, X } from 'lucide-react';
import { formatDate, formatDateTimeZoned, formatNumber, formatTime } from '../../../shared/format';
import type { WebhookDelivery, WebhookEndpoint } from '../../../shared/webhooks';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { toast } from '../../lib/toast';
import { serverMessage, useDeliveries, useRedeliver } from './api';
import { webhooksText } from './i18n';

const TONE: Record<WebhookDelivery['status'], BadgeTone> = { queued: 'warning', sending: 'info', delivered: 'success', failed: 'danger' };
const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso, { seconds: true })}`;

function RedeliverButton({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = webhooksText.useT();
  const redeliver = useRedeliver();
  if (delivery.status !== 'delivered' && delivery.status !== 'failed') return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={t('log.redeliverLabel', { event: t(`event.${delivery.event}`), time: when(delivery.createdAt) })}
      busy={redeliver.isPending}
      onClick={() =>
        redeliver.mutate(delivery.id, {
          onSuccess: () => toast.success(t('log.redelivered')),
          onError: (err) => toast.error(t('log.redeliverFailed'), { description: serverMessage(err) }),
        })
      }
    >
      <RotateCcw aria-hidden="true" />
      {t('log.redeliver')}
    </Button>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = webhooksText.useT();
  const last = delivery.log[0];
  return (
    <TR data-testid="webhook-delivery">
      <TD className="whitespace-nowrap">
        <time dateTime={delivery.createdAt} title={formatDateTimeZoned(delivery.createdAt)} className="tabular text-sm">
          {when(delivery.createdAt)}
        </time>
      </TD>
      <TD className="min-w-36">
        <span className="block">{t(`event.${delivery.event}`)}</span>
        <code className="text-xs text-muted" dir="ltr">
          {delivery.event}
        </code>
      </TD>
      <TD>
        <Badge tone={TONE[delivery.status]}>{t(`log.status.${delivery.status}`)}</Badge>
        {delivery.nextAttemptAt && (
          <span className="block text-xs text-muted">{t('log.nextAttempt', { time: when(delivery.nextAttemptAt) })}</span>
        )}
      </TD>
      <TD className="tabular">{formatNumber(delivery.attempts)}</TD>
      <TD className="tabular" data-testid="webhook-response">
        {delivery.lastResponseCode ?? <span className="text-muted">{t('log.noResponse')}</span>}
      </TD>
      <TD className="tabular whitespace-nowrap">{last ? t('log.ms', { ms: formatNumber(last.durationMs) }) : '—'}</TD>
      <TD className="max-w-xs text-sm [overflow-wrap:anywhere]">
        {delivery.lastError ? <span className="text-danger-700">{delivery.lastError}</span> : '—'}
        {delivery.log.length > 1 && (
          <ul className="mt-1 text-xs text-muted">
            {delivery.log.map((a) => (
              <li key={a.attempt}>
                {t('log.attemptLine', {
                  attempt: formatNumber(a.attempt),
                  time: when(a.at),
                  outcome: a.responseCode === null ? (a.error ?? t('log.noResponse')) : String(a.responseCode),
                })}
              </li>
            ))}
          </ul>
        )}
      </TD>
      <TD>
        <RedeliverButton delivery={delivery} />
      </TD>
    </TR>
  );
}

const COLUMNS = ['time', 'event', 'status', 'attempts', 'response', 'duration', 'error'] as const;

/** An endpoint's delivery log: time, event, status, attempts, response code, duration, error; Redeliver. */
export function DeliveriesLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = webhooksText.useT();
  const deliveries = useDeliveries(endpoint.id);
  const title = t('log.title', { url: endpoint.url });
  return (
    <section aria-label={title} className="mt-6 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink-900 [overflow-wrap:anywhere]">{title}</h2>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void deliveries.refetch()}
            busy={deliveries.isFetching && !deliveries.isPending}
          >
            <RefreshCw aria-hidden="true" />
            {t('log.refresh')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose} aria-label={t('log.close')}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
      {deliveries.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> {t('loading')}
        </p>
      ) : deliveries.isError ? (
        <LoadError
          title={t('log.loadFailed')}
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
          busy={deliveries.isFetching}
        />
      ) : (
        <Table aria-label={t('log.table')} maxHeight="none">
          <THead>
            <TR>
              {COLUMNS.map((c) => (
                <TH key={c}>{t(`log.column.${c}`)}</TH>
              ))}
              <TH>
                <span className="sr-only">{t('log.column.actions')}</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {deliveries.data.length === 0 ? (
              <EmptyRow colSpan={COLUMNS.length + 1}>{t('log.empty')}</EmptyRow>
            ) : (
              deliveries.data.map((d) => <DeliveryRow key={d.id} delivery={d} />)
            )}
          </TBody>
        </Table>
      )}
    </section>
  );
}
