import { useEffect, useId, useState } from 'react';
import type { WaterfallPreview } from '../../../shared/deal-terms';
import type { DealOption } from '../../../shared/deals';
import { formatUSD } from '../../../shared/format';
import { DISTRIBUTION_TYPES, type DistributionEvent, recordDistributionInput } from '../../../shared/portal';
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
import { toast } from '../../lib/toast';
import {
  DISTRIBUTION_TEXT,
  type RecordDistributionBody,
  serverMessage,
  useDealChoices,
  usePreviewDistribution,
  useRecordDistribution,
} from './api';
import { PreviewDialog } from './distribution-dialogs';

const EMPTY_FORM = { dealId: '', type: 'Income', totalAmount: '', paymentDate: '', recordDate: '' };

/**
 * The form as typed, checked by the server's recordDistributionInput; the record date, optional
 * on the API (today), is required here: holders are taken as of that day.
 */
const recordDistributionForm = sharedFormSchema(
  ['dealId', 'type', 'totalAmount', 'paymentDate', 'recordDate'],
  recordDistributionInput,
  (v) => ({
    dealId: blank(v.dealId),
    type: blank(v.type),
    totalAmount: blank(v.totalAmount),
    paymentDate: blank(v.paymentDate),
    recordDate: blank(v.recordDate),
  }),
  { required: { totalAmount: 'Total amount is required', recordDate: 'Record date is required' } },
);

/** Record Distribution: the form, then the preview dialog; nothing is recorded before the preview is confirmed. */
export function RecordDistributionCard({ onRecorded }: { onRecorded: (ev: DistributionEvent) => void }) {
  const deals = useDealChoices();
  const record = useRecordDistribution();
  const preview = usePreviewDistribution();
  const [pending, setPending] = useState<{ body: RecordDistributionBody; preview: WaterfallPreview } | null>(null);
  const form = useZodForm(recordDistributionForm, { defaultValues: EMPTY_FORM, guardUnsaved: true });
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
      form.applyServerError(err, { fallback: DISTRIBUTION_TEXT.previewFailed });
      toast.error(serverMessage(err) ?? DISTRIBUTION_TEXT.previewFailed);
    }
  });

  function confirmRecord() {
    if (!pending) return;
    record.mutate(pending.body, {
      onSuccess: (ev) => {
        toast.success(DISTRIBUTION_TEXT.recorded);
        setPending(null);
        clearForm();
        onRecorded(ev);
      },
      onError: (err) => {
        toast.error(serverMessage(err) ?? DISTRIBUTION_TEXT.recordFailed);
        if (err instanceof ApiError && err.status === 409) setPending(null);
      },
    });
  }

  const dealHint = selected ? <DealHint deal={selected} /> : undefined;

  return (
    <Card className="xl:sticky xl:top-20">
      <CardHeader>
        <CardTitle id={titleId}>Record Distribution</CardTitle>
        <CardDescription id={explainId}>
          The total runs through the deal's waterfall (return of capital, preferred return, catch-up, carried interest); the investors' part
          is allocated pro rata to the capital each investor had contributed on the record date, to the cent. You see the preview before
          anything is recorded.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-labelledby={titleId} aria-describedby={explainId} className="flex flex-col gap-4">
          <Field label="Deal" htmlFor="dist-dealId" error={form.errorOf('dealId')} hint={dealHint} required>
            <NativeSelect
              {...form.field('dealId', 'dist-dealId', { hint: Boolean(dealHint) })}
              disabled={deals.isPending}
              placeholder={deals.isPending ? 'Loading deals...' : deals.isError ? 'Deals could not be loaded' : 'Choose a deal'}
            >
              {withHolders.length > 0 && (
                <optgroup label="With completed subscriptions">
                  {withHolders.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </optgroup>
              )}
              {withoutHolders.length > 0 && (
                <optgroup label="No completed subscriptions yet">
                  {withoutHolders.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </optgroup>
              )}
            </NativeSelect>
          </Field>
          <Field label="Distribution Type" htmlFor="dist-type" error={form.errorOf('type')} required>
            <NativeSelect {...form.field('type', 'dist-type')} options={DISTRIBUTION_TYPES.map((t) => ({ value: t, label: t }))} />
          </Field>
          <Field label="Total Amount (USD)" htmlFor="dist-totalAmount" error={form.errorOf('totalAmount')} required>
            <Input
              {...form.field('totalAmount', 'dist-totalAmount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 43,750.00"
              className="tabular"
            />
          </Field>
          <Field label="Record Date" htmlFor="dist-recordDate" error={form.errorOf('recordDate')} required>
            <DateInput {...form.field('recordDate', 'dist-recordDate')} />
          </Field>
          <Field label="Payment Date" htmlFor="dist-paymentDate" error={form.errorOf('paymentDate')} required>
            <DateInput {...form.field('paymentDate', 'dist-paymentDate')} />
          </Field>
          <Button type="submit" busy={form.busy} className="w-full">
            {form.busy ? 'Computing...' : 'Preview Distribution'}
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
  if (!(Number(deal.committedAmount) > 0)) {
    return <span className="text-warning-800">This deal has no completed subscriptions yet, so there is no one to allocate to.</span>;
  }
  return (
    <span>
      Allocated across <span className="tabular font-medium text-text">{formatUSD(deal.committedAmount)}</span> of completed subscriptions
      {deal.spvEntity ? (
        <>
          {' '}
          · paid by <span className="font-medium text-text">{deal.spvEntity}</span>
        </>
      ) : null}
      .
    </span>
  );
}
