import { Send } from 'lucide-react';
import { useState } from 'react';
import type { DataRequest } from '../../../shared/data-requests';
import { todayIso } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, serverMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useAnswerDataRequest, useDataRequestQueue } from './api';
import { recordsText } from './i18n';
import { ErasureOutcome, RequestBadges } from './request-outcome';

/** The admins' queue of data-subject requests (decision 051): open ones first by due date, each answered once. */
export default function DataRequestsPage() {
  const { t } = recordsText.useT();
  const queue = useDataRequestQueue();
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <CardContent className="pt-6">
          {queue.isPending ? (
            <Spinner />
          ) : queue.isError ? (
            <LoadError title={t('queue.loadFailed')} error={queue.error} onRetry={() => void queue.refetch()} />
          ) : queue.data.length === 0 ? (
            <p className="text-sm text-muted">{t('queue.empty')}</p>
          ) : (
            <ul aria-label={t('queue.listLabel')} className="flex flex-col divide-y divide-line">
              {queue.data.map((r) => (
                <QueueItem key={r.id} request={r} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function QueueItem({ request: r }: { request: DataRequest }) {
  const { t } = recordsText.useT();
  const overdue = r.status === 'open' && r.dueOn < todayIso();
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0" data-testid="data-request">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          <bdi>{r.investorName}</bdi>
        </span>
        <RequestBadges request={r} />
      </div>
      <p className={overdue ? 'text-xs font-medium text-danger-700' : 'text-xs text-muted'}>
        {t('queue.received', { date: formatDate(r.receivedAt) })} ·{' '}
        {overdue ? t('queue.overdue', { date: formatDate(r.dueOn) }) : t('queue.due', { date: formatDate(r.dueOn) })}
      </p>
      {r.details && (
        <p className="text-sm">
          <span className="text-muted">{t('queue.details')}: </span>
          {r.details}
        </p>
      )}
      {r.status === 'open' ? (
        <AnswerForm request={r} />
      ) : (
        <>
          <p className="text-xs text-muted">{t('queue.answeredBy', { date: formatDate(r.answeredAt), name: r.answeredBy ?? '-' })}</p>
          {r.answer && <p className="whitespace-pre-wrap text-sm">{r.answer}</p>}
          <ErasureOutcome request={r} />
        </>
      )}
    </li>
  );
}

function AnswerForm({ request: r }: { request: DataRequest }) {
  const { t } = recordsText.useT();
  const answer = useAnswerDataRequest();
  const [text, setText] = useState('');
  const [refuse, setRefuse] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `answer-${r.id}`;
  const onAnswer = async () => {
    if (!text.trim()) {
      setError(translateMessage('Write the answer to the investor'));
      return;
    }
    setError(null);
    try {
      await answer.mutateAsync({ id: r.id, answer: text.trim(), refuse });
      toast.success(recordsText.t('queue.answeredToast', { name: r.investorName }));
    } catch (err) {
      setError(err instanceof ApiError ? (serverMessage(err) ?? recordsText.t('queue.failed')) : recordsText.t('queue.failed'));
    }
  };
  const hint = r.kind === 'access' ? t('queue.accessHint') : r.kind === 'erasure' ? t('queue.erasureHint') : undefined;
  return (
    <div className="flex flex-col gap-2">
      {hint && <p className="text-sm text-muted">{hint}</p>}
      <Field label={t('queue.answer', { name: r.investorName })} htmlFor={inputId} error={error ?? undefined}>
        <Textarea id={inputId} rows={2} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} />
      </Field>
      {r.kind === 'rectification' && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={refuse} onChange={(e) => setRefuse(e.target.checked)} />
          {t('queue.refuse')}
        </label>
      )}
      <div>
        <Button type="button" busy={answer.isPending} onClick={() => void onAnswer()}>
          <Send aria-hidden="true" className="size-4" />
          {answer.isPending ? t('queue.sending') : t('queue.send')}
        </Button>
      </div>
    </div>
  );
}
