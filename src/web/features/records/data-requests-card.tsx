import { Download, Send } from 'lucide-react';
import { DATA_REQUEST_KINDS, dataRequestInput } from '../../../shared/data-requests';
import { formatDate } from '../../../shared/format';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { archiveUrl, useFileDataRequest, useMyDataRequests } from './api';
import { recordsText } from './i18n';
import { ErasureOutcome, RequestBadges } from './request-outcome';

/** The investor's data-subject requests on their profile (decision 051): ask, follow, download the copy. */
export function DataRequestsCard() {
  const { t } = recordsText.useT();
  const requests = useMyDataRequests();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('mine.title')}</CardTitle>
        <CardDescription>{t('mine.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <RequestForm />
        {requests.isPending ? (
          <Spinner />
        ) : requests.isError ? (
          <LoadError title={t('mine.listLabel')} error={requests.error} onRetry={() => void requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <p className="text-sm text-muted">{t('mine.empty')}</p>
        ) : (
          <ul aria-label={t('mine.listLabel')} className="flex flex-col divide-y divide-line">
            {requests.data.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 first:pt-0" data-testid="data-request">
                <div className="flex flex-wrap items-center gap-2">
                  <RequestBadges request={r} />
                </div>
                <p className="text-xs text-muted">
                  {t('mine.received', { date: formatDate(r.receivedAt), due: formatDate(r.dueOn) })}
                  {r.answeredAt && ` · ${t('mine.answered', { date: formatDate(r.answeredAt) })}`}
                </p>
                {r.answer && <p className="whitespace-pre-wrap text-sm">{r.answer}</p>}
                <ErasureOutcome request={r} />
                {r.hasArchive && (
                  <div>
                    <a href={archiveUrl(r.id)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                      <Download aria-hidden="true" className="size-4" />
                      {t('mine.download')}
                    </a>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RequestForm() {
  const { t } = recordsText.useT();
  const file = useFileDataRequest();
  const form = useZodForm(dataRequestInput, { defaultValues: { kind: 'access', details: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const r = await file.mutateAsync(values);
      toast.success(recordsText.t('mine.sent', { date: formatDate(r.dueOn) }));
      form.reset({ kind: values.kind, details: '' });
    } catch (err) {
      form.applyServerError(err, { fallback: recordsText.t('mine.failed') });
    }
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('mine.kindLabel')} htmlFor="data-request-kind" error={form.errorOf('kind')}>
          <NativeSelect
            {...form.field('kind', 'data-request-kind')}
            options={DATA_REQUEST_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          />
        </Field>
        <Field label={t('mine.details')} htmlFor="data-request-details" error={form.errorOf('details')} hint={t('mine.detailsHint')}>
          <Textarea {...form.field('details', 'data-request-details', { hint: true })} rows={2} />
        </Field>
      </div>
      <FormError>{form.formError}</FormError>
      <div>
        <Button type="submit" busy={form.busy}>
          <Send aria-hidden="true" className="size-4" />
          {form.busy ? t('mine.sending') : t('mine.submit')}
        </Button>
      </div>
    </form>
  );
}
