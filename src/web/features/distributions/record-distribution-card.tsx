import { useEffect, useId, useMemo, useState } from 'react';
import { Trans } from 'react-i18next';
import type { WaterfallPreview } from '../../../shared/deal-terms';
import type { DealOption } from '../../../shared/deals';
import { DISTRIBUTION_TYPES, type DistributionEvent, recordDistributionInput } from '../../../shared/distributions';
import { formatUSD } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { ApiError } from '../../lib/api';
import { useFormDraft } from '../../lib/draft';
import { blank, sharedFormSchema, useClearErrorOnChange } from '../../lib/form-schema';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { type RecordDistributionBody, serverMessage, useDealChoices, usePreviewDistribution, useRecordDistribution } from './api';
import { FinalDistributionCheckbox } from './clawback-escrow';
import { PreviewDialog } from './distribution-dialogs';
import { distributionsText } from './i18n';

const EMPTY_FORM = { dealId: '', type: 'Income', totalAmount: '', paymentDate: '', recordDate: '', final: '' };

/**
 * The form as typed, checked by the server's recordDistributionInput; the record date, optional
 * on the API (today), is required here: holders are taken as of that day.
 */
const recordDistributionForm = (t: typeof distributionsText.t) =>
  sharedFormSchema(
    ['dealId', 'type', 'totalAmount', 'paymentDate', 'recordDate', 'final'],
    recordDistributionInput,
    (v) => ({
      dealId: blank(v.dealId),
      type: blank(v.type),
      totalAmount: blank(v.totalAmount),
      paymentDate: blank(v.paymentDate),
      recordDate: blank(v.recordDate),
      // The checkbox's value when ticked (decision record 039: releases the carry escrow).
      ...(v.final === 'yes' ? { final: true } : {}),
    }),
    { required: { totalAmount: t('record.totalRequired'), recordDate: t('record.recordDateRequired') } },
  );

/** Record Distribution: the form, then the preview dialog; nothing is recorded before the preview is confirmed. */
export function RecordDistributionCard({ onRecorded }: { onRecorded: (ev: DistributionEvent) => void }) {
  const { t, i18n } = distributionsText.useT();
  const deals = useDealChoices();
  const record = useRecordDistribution();
  const preview = usePreviewDistribution();
  const [pending, setPending] = useState<{ body: RecordDistributionBody; preview: WaterfallPreview } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages follow the language.
  const schema = useMemo(() => recordDistributionForm(distributionsText.t), [i18n.language]);
  const form = useZodForm(schema, { defaultValues: EMPTY_FORM, guardUnsaved: true });
  const clearForm = useFormDraft('record-distribution', form, EMPTY_FORM);
  const explainId = useId();
  const titleId = useId();

  const dealList = deals.data ?? [];
  const withHolders = dealList.filter((d) => Number(d.committedAmount) > 0).sort((a, b) => a.title.localeCompare(b.title));
  const withoutHolders = dealList.filter((d) => !(Number(d.committedAmount) > 0)).sort((a, b) => a.title.localeCompare(b.title));
  const dealId = form.watch('dealId');
  const selected = dealList.find((d) => d.id === dealId);

  // The select is uncontrolled: once the deals arrive, show the chosen (or restored) one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply only when the options change.
  useEffect(() => {
    form.setValue('dealId', form.getValues('dealId'));
  }, [deals.data]);
  useClearErrorOnChange(form);

  const submit = form.handleSubmit(async (body) => {
    try {
      setPending({ body, preview: await preview.mutateAsync(body) });
    } catch (err) {
      form.applyServerError(err, { fallback: t('toast.previewFailed') });
      toast.error(serverMessage(err) ?? t('toast.previewFailed'));
    }
  });

  function confirmRecord() {
    if (!pending) return;
    record.mutate(pending.body, {
      onSuccess: (ev) => {
        toast.success(t('toast.recorded'));
        setPending(null);
        clearForm();
        onRecorded(ev);
      },
      onError: (err) => {
        toast.error(serverMessage(err) ?? t('toast.recordFailed'));
        if (err instanceof ApiError && err.status === 409) setPending(null);
      },
    });
  }

  const dealHint = selected ? <DealHint deal={selected} /> : undefined;

  return (
    <Card className="xl:sticky xl:top-20">
      <CardHeader>
        <CardTitle id={titleId}>{t('record.title')}</CardTitle>
        <CardDescription id={explainId}>{t('record.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-labelledby={titleId} aria-describedby={explainId} className="flex flex-col gap-4">
          <Field label={t('record.deal')} htmlFor="dist-dealId" error={form.errorOf('dealId')} hint={dealHint} required>
            <NativeSelect
              {...form.field('dealId', 'dist-dealId', { hint: Boolean(dealHint) })}
              disabled={deals.isPending}
              placeholder={deals.isPending ? t('record.loadingDeals') : deals.isError ? t('record.dealsFailed') : t('record.chooseDeal')}
            >
              {withHolders.length > 0 && (
                <optgroup label={t('record.withHolders')}>
                  {withHolders.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </optgroup>
              )}
              {withoutHolders.length > 0 && (
                <optgroup label={t('record.withoutHolders')}>
                  {withoutHolders.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </optgroup>
              )}
            </NativeSelect>
          </Field>
          <Field label={t('record.type')} htmlFor="dist-type" error={form.errorOf('type')} required>
            <NativeSelect
              {...form.field('type', 'dist-type')}
              options={DISTRIBUTION_TYPES.map((type) => ({ value: type, label: enumLabel('distributionType', type) }))}
            />
          </Field>
          <Field label={t('record.totalAmount')} htmlFor="dist-totalAmount" error={form.errorOf('totalAmount')} required>
            <Input
              {...form.field('totalAmount', 'dist-totalAmount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('record.totalPlaceholder')}
              className="tabular"
            />
          </Field>
          <Field label={t('record.recordDate')} htmlFor="dist-recordDate" error={form.errorOf('recordDate')} required>
            <DateInput {...form.field('recordDate', 'dist-recordDate')} />
          </Field>
          <Field label={t('record.paymentDate')} htmlFor="dist-paymentDate" error={form.errorOf('paymentDate')} required>
            <DateInput {...form.field('paymentDate', 'dist-paymentDate')} />
          </Field>
          <FinalDistributionCheckbox form={form} />
          <Button type="submit" busy={form.busy} className="w-full">
            {form.busy ? t('record.computing') : t('record.preview')}
          </Button>
        </form>
      </CardContent>
      <PreviewDialog
        pending={pending}
        busy={record.isPending}
        onCancel={() => !record.isPending && setPending(null)}
        onConfirm={confirmRecord}
      />
    </Card>
  );
}

function DealHint({ deal }: { deal: DealOption }) {
  const { t } = distributionsText.useT();
  if (!(Number(deal.committedAmount) > 0)) {
    return <span className="text-warning-800">{t('record.noHolders')}</span>;
  }
  return (
    <span>
      <Trans
        t={t}
        i18nKey={deal.spvEntity ? 'record.allocatedAcrossSpv' : 'record.allocatedAcross'}
        values={{ amount: formatUSD(deal.committedAmount), spv: deal.spvEntity ?? '' }}
        components={{ amount: <span className="tabular font-medium text-text" />, spv: <bdi className="font-medium text-text" /> }}
      />
    </span>
  );
}
