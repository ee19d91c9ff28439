import { Download, FileArchive } from 'lucide-react';
import { type EvidencePack, evidencePackForm } from '../../../shared/evidence';
import { formatBytes, formatDateTimeZoned, formatNumber } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { LoadError } from '../../components/ui/load-error';
import { Progress } from '../../components/ui/progress';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useDealOptions } from '../../lib/queries/deals';
import { useInvestorOptions } from '../../lib/queries/users';
import { toast } from '../../lib/toast';
import { evidencePackUrl, useEvidencePacks, useProduceEvidencePack } from './api';
import { evidenceText } from './i18n';

/**
 * The regulator's evidence pack (decision 052): choose an investor, a deal or a period, produce
 * (a background job: the list shows its progress), download the archive; the packs produced so far.
 */
export function EvidencePacksCard() {
  const { t } = evidenceText.useT();
  const packs = useEvidencePacks();
  return (
    <Card className="lg:col-span-2 print:hidden">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ProduceForm />
        {packs.isPending ? (
          <Spinner />
        ) : packs.isError ? (
          <LoadError title={t('title')} error={packs.error} onRetry={() => void packs.refetch()} />
        ) : packs.data.length === 0 ? (
          <p className="text-sm text-muted">{t('empty')}</p>
        ) : (
          <ul aria-label={t('listLabel')} className="flex flex-col divide-y divide-line">
            {packs.data.map((p) => (
              <PackItem key={p.id} pack={p} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const EMPTY = { scope: 'investor' as const, subjectId: '', from: '', to: '' };

function ProduceForm() {
  const { t } = evidenceText.useT();
  const form = useZodForm(evidencePackForm, { defaultValues: EMPTY });
  const scope = form.watch('scope');
  const investors = useInvestorOptions({ enabled: scope === 'investor' });
  const deals = useDealOptions();
  const produce = useProduceEvidencePack();
  const submit = form.handleSubmit(async (values) => {
    try {
      const { scope, subjectId, from, to } = values;
      await produce.mutateAsync({ scope, subjectId: subjectId ?? undefined, from: from ?? undefined, to: to ?? undefined });
      toast.success(evidenceText.t('started'));
      form.reset({ ...EMPTY, scope: values.scope });
    } catch (err) {
      form.applyServerError(err, { fallback: evidenceText.t('failed') });
    }
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)} aria-label={t('title')}>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('scope.label')} htmlFor="evidence-scope">
          <NativeSelect
            {...form.field('scope', 'evidence-scope')}
            options={(['investor', 'deal', 'period'] as const).map((s) => ({ value: s, label: t(`scope.${s}`) }))}
          />
        </Field>
        {scope === 'investor' && (
          <Field label={t('investor')} htmlFor="evidence-investor" error={form.errorOf('subjectId')} className="sm:col-span-2">
            <NativeSelect
              {...form.field('subjectId', 'evidence-investor')}
              placeholder={t('choose')}
              options={(investors.data ?? []).map((i) => ({ value: i.id, label: i.email ? `${i.name} (${i.email})` : i.name }))}
            />
          </Field>
        )}
        {scope === 'deal' && (
          <Field label={t('deal')} htmlFor="evidence-deal" error={form.errorOf('subjectId')} className="sm:col-span-2">
            <NativeSelect
              {...form.field('subjectId', 'evidence-deal')}
              placeholder={t('choose')}
              options={(deals.data ?? []).map((d) => ({ value: d.id, label: d.title }))}
            />
          </Field>
        )}
        {scope === 'period' && (
          <>
            <Field label={t('from')} htmlFor="evidence-from" error={form.errorOf('from')}>
              <DateInput {...form.field('from', 'evidence-from')} />
            </Field>
            <Field label={t('to')} htmlFor="evidence-to" error={form.errorOf('to')}>
              <DateInput {...form.field('to', 'evidence-to')} />
            </Field>
          </>
        )}
      </div>
      <FormError>{form.formError}</FormError>
      <div>
        <Button type="submit" busy={form.busy}>
          <FileArchive aria-hidden="true" className="size-4" />
          {form.busy ? t('producing') : t('produce')}
        </Button>
      </div>
    </form>
  );
}

const TONE = { running: 'info', done: 'success', failed: 'danger' } as const;

function PackItem({ pack }: { pack: EvidencePack }) {
  const { t } = evidenceText.useT();
  const subject =
    pack.scope === 'period'
      ? t('subject.period', { from: pack.from ?? '', to: pack.to ?? '' })
      : t(`subject.${pack.scope}`, { name: pack.subjectName ?? pack.subjectId ?? '' });
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0" data-testid="evidence-pack">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{subject}</span>
        <Badge tone={TONE[pack.status]}>{t(`status.${pack.status}`)}</Badge>
      </div>
      <p className="text-xs text-muted">{t('meta', { date: formatDateTimeZoned(pack.createdAt), name: pack.createdBy ?? '-' })}</p>
      {pack.status === 'running' && (
        <div className="flex items-center gap-3 text-sm" aria-live="polite">
          <Progress
            value={pack.progress.total ? (pack.progress.done / pack.progress.total) * 100 : 0}
            label={t('progress', { done: pack.progress.done, total: pack.progress.total })}
            className="max-w-xs"
          />
          <span>{t('progress', { done: formatNumber(pack.progress.done), total: formatNumber(pack.progress.total) })}</span>
        </div>
      )}
      {pack.status === 'failed' && pack.error && (
        <p className="text-sm text-danger-700" dir="ltr">
          {pack.error}
        </p>
      )}
      {pack.status === 'done' && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="text-sm">
            <p>
              {t('files', { count: pack.fileCount ?? 0, size: formatBytes(pack.byteSize ?? 0) })}
              {pack.headSeq !== null && ` · ${t('headLine', { seq: formatNumber(pack.headSeq) })}`}
            </p>
            <p className="break-all font-mono text-xs text-muted" dir="ltr" title={t('hash')}>
              {pack.sha256}
            </p>
          </div>
          <a
            href={evidencePackUrl(pack)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            download
            aria-label={t('downloadLabel', { subject })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('download')}
          </a>
        </div>
      )}
    </li>
  );
}
