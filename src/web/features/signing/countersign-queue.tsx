import { useId, useState } from 'react';
import { formatDate, formatUSDExact } from '../../../shared/format';
import type { Envelope } from '../../../shared/signing';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { toast } from '../../lib/toast';
import { envelopeDocumentUrl, serverMessage, useCountersign, useCountersignQueue } from './api';
import { signingText } from './i18n';

/** The agreements signed by investors and waiting for an authorised admin's countersignature (issue 30). */
export function CountersignQueue() {
  const { t } = signingText.useT();
  const queue = useCountersignQueue();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-ink-900">
        {t('queue.title')}
      </h2>
      {queue.isPending ? (
        <ListSkeleton label={t('queue.loading')} rowClassName="h-24" />
      ) : queue.isError ? (
        <LoadError title={t('queue.failed')} error={queue.error} busy={queue.isFetching} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <Card className="border-dashed p-6 text-center text-sm text-muted">{t('queue.empty')}</Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {queue.data.map((e) => (
            <QueueItem key={e.id} envelope={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueItem({ envelope }: { envelope: Envelope }) {
  const { t } = signingText.useT();
  const { user } = useAuth();
  const countersign = useCountersign();
  const [name, setName] = useState(user?.name ?? '');
  const [title, setTitle] = useState('');
  const [password, setPassword] = useState('');
  const titleId = useId();
  const errors = countersign.error instanceof ApiError ? (countersign.error.fields ?? {}) : {};
  const p = `cs-${envelope.id}`;
  return (
    // The subscriptions list's Countersign button moves here (data-countersign-for).
    <li data-countersign-for={envelope.subscriptionId}>
      <Card className="flex flex-col gap-3 p-4" role="group" aria-labelledby={titleId}>
        <div>
          <h3 id={titleId} className="font-semibold text-ink-900">
            <bdi>{envelope.investorName}</bdi> · <bdi>{envelope.dealTitle}</bdi>
          </h3>
          <p className="tabular text-sm text-muted">
            {formatUSDExact(envelope.amount)} · {t('queue.signedOn', { date: formatDate(envelope.signedAt) })}
          </p>
        </div>
        <div>
          <a href={envelopeDocumentUrl(envelope, true)} className={buttonClass({ variant: 'secondary', size: 'sm' })} download>
            {t('queue.open')}
          </a>
        </div>
        <form
          aria-label={t('queue.formLabel', { investor: envelope.investorName, deal: envelope.dealTitle })}
          className="grid gap-3 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            countersign.mutate(
              { id: envelope.id, name, title, password },
              {
                onSuccess: () => toast.success(t('queue.done')),
                onError: (err) => toast.error(t('queue.failed'), { description: serverMessage(err) }),
              },
            );
          }}
        >
          <Field label={t('queue.name')} htmlFor={`${p}-name`} error={errors.name}>
            <Input {...fieldProps(`${p}-name`, errors.name)} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label={t('queue.titleField')} htmlFor={`${p}-title`} error={errors.title}>
            <Input {...fieldProps(`${p}-title`, errors.title)} value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field label={t('queue.password')} htmlFor={`${p}-password`} error={errors.password}>
            <Input
              {...fieldProps(`${p}-password`, errors.password)}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <div className="sm:col-span-3">
            <Button type="submit" busy={countersign.isPending}>
              {countersign.isPending ? t('queue.countersigning') : t('queue.countersign')}
            </Button>
          </div>
        </form>
      </Card>
    </li>
  );
}
