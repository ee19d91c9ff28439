import { useEffect, useMemo, useState } from 'react';
import type { CallPlan } from '../../../shared/call-targets';
import { newCallInput } from '../../../shared/call-targets';
import { todayIso } from '../../../shared/dates';
import { formatDate, formatUSDCents } from '../../../shared/format';
import { toCents } from '../../../shared/money';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { blank, sharedFormSchema, useClearErrorOnChange } from '../../lib/form-schema';
import { translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { type NewCallBody, serverMessage, useCallChoices, useCallDeals, useCallPreview, useIssueCall } from './api';
import { capitalCallsText } from './i18n';

/** The New Capital Call dialog's form: whom to call, how to split, the amount; a preview of each investor's amount before issuing. */
const EMPTY = {
  dealId: '',
  target: 'all',
  closeDate: '',
  investorIds: '',
  weighting: 'unfunded',
  basis: 'percentage',
  percentage: '',
  amount: '',
  dueDate: '',
  purpose: '',
};
type NewCallValues = typeof EMPTY;

/** The request body the form's strings make (the chosen investors are held as one comma-separated field). */
const toBody = (v: NewCallValues): Record<string, unknown> => ({
  dealId: blank(v.dealId),
  target: v.target,
  weighting: v.weighting,
  ...(v.target === 'close' ? { closeDate: blank(v.closeDate) } : {}),
  ...(v.target === 'investors' ? { investorIds: v.investorIds.split(',').filter(Boolean) } : {}),
  basis: v.basis,
  ...(v.basis === 'percentage' ? { percentage: v.percentage } : { amount: v.amount }),
  dueDate: blank(v.dueDate),
  purpose: v.purpose,
});

const newCallForm = (t: typeof capitalCallsText.t) =>
  sharedFormSchema(
    ['dealId', 'target', 'closeDate', 'investorIds', 'weighting', 'basis', 'percentage', 'amount', 'dueDate', 'purpose'],
    newCallInput,
    toBody,
    {
      required: { dealId: t('dialog.chooseDeal'), dueDate: t('dialog.dueDateRequired') },
      fieldOf: (key) => (key === 'investorIds' ? 'investorIds' : key),
    },
  );

/** The value after it has stopped changing for `ms` (the preview asks the server once typing pauses). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency.
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [key, ms]);
  return settled;
}

export function NewCallDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const { t, i18n } = capitalCallsText.useT();
  const deals = useCallDeals();
  const issue = useIssueCall();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages follow the language.
  const schema = useMemo(() => newCallForm(capitalCallsText.t), [i18n.language]);
  const form = useZodForm(schema, { defaultValues: EMPTY, guardUnsaved: open });
  const guard = useDialogGuard(form.formState.isDirty);
  useClearErrorOnChange(form, [['target', 'closeDate', 'investorIds']]);
  const values = form.watch() as NewCallValues;
  const choices = useCallChoices(values.dealId);
  const withCommitments = (deals.data ?? []).filter((d) => Number(d.committedAmount) > 0).sort((a, b) => a.title.localeCompare(b.title));
  // The select is uncontrolled: once the deals arrive, show the chosen one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply only when the options change.
  useEffect(() => {
    form.setValue('dealId', form.getValues('dealId'));
  }, [deals.data]);
  // A close defaults to the latest one (a later close calls its later closers); a new deal clears the choice.
  const closes = choices.data?.closes ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the deal's closes and the target only.
  useEffect(() => {
    if (values.target === 'close' && !closes.some((c) => c.date === values.closeDate))
      form.setValue('closeDate', closes.at(-1)?.date ?? '');
  }, [values.target, choices.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new deal clears the chosen investors.
  useEffect(() => {
    form.setValue('investorIds', '');
  }, [values.dealId]);

  // The preview needs whom and how much only: the due date and purpose do not change the amounts.
  const previewBody = { ...toBody(values), dueDate: blank(values.dueDate) ?? todayIso(), purpose: values.purpose.trim() || 'Preview' };
  const parsed = newCallInput.safeParse(previewBody);
  const settled = useSettled(parsed.success ? (previewBody as unknown as NewCallBody) : null);
  const preview = useCallPreview(open ? settled : null);
  const names = new Map((choices.data?.investors ?? []).map((i) => [i.investorId, i.investorName]));
  const chosen = new Set(values.investorIds.split(',').filter(Boolean));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    form.setValue('investorIds', [...next].join(','), { shouldDirty: true });
  };
  const paymentMissing = choices.data?.paymentDetailsMissing ?? null;

  const submit = form.handleSubmit(async (data) => {
    // The deal's SPV lacks payment details: the Deal field says what is missing; nothing is sent.
    if (paymentMissing) {
      form.setFocus('dealId');
      return;
    }
    try {
      const call = await issue.mutateAsync(data as unknown as NewCallBody);
      toast.success(
        t('toast.issued', { amount: formatUSDCents(call.totalAmount), count: call.lines.filter((l) => toCents(l.amountDue) > 0n).length }),
      );
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (err) {
      form.applyServerError(err, { fallback: t('dialog.failed') });
      toast.error(serverMessage(err) ?? t('dialog.failed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next || guard.confirmClose(() => form.reset(EMPTY))) && onOpenChange(next)}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field
            label={t('dialog.deal')}
            htmlFor="call-dealId"
            error={form.errorOf('dealId') ?? (paymentMissing ? translateMessage(paymentMissing) : undefined)}
            required
          >
            <NativeSelect
              {...form.field('dealId', 'call-dealId')}
              {...(paymentMissing && !form.errorOf('dealId') ? fieldProps('call-dealId', paymentMissing) : {})}
              placeholder={deals.isLoading ? t('dialog.loadingDeals') : t('dialog.chooseDealWithCommitments')}
              options={withCommitments.map((d) => ({
                value: d.id,
                label: t('dialog.dealOption', { title: d.title, amount: formatUSDCents(d.committedAmount) }),
              }))}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('dialog.target')} htmlFor="call-target">
              <NativeSelect
                {...form.field('target', 'call-target')}
                options={[
                  { value: 'all', label: t('dialog.targetAll') },
                  { value: 'close', label: t('dialog.targetClose') },
                  { value: 'investors', label: t('dialog.targetInvestors') },
                ]}
              />
            </Field>
            <Field label={t('dialog.weighting')} htmlFor="call-weighting">
              <NativeSelect
                {...form.field('weighting', 'call-weighting')}
                options={[
                  { value: 'unfunded', label: t('dialog.weightingUnfunded') },
                  { value: 'commitment', label: t('dialog.weightingCommitment') },
                ]}
              />
            </Field>
          </div>
          {values.target === 'close' && (
            <Field label={t('dialog.close')} htmlFor="call-closeDate" error={form.errorOf('closeDate')} required>
              <NativeSelect
                {...form.field('closeDate', 'call-closeDate')}
                placeholder={values.dealId ? t('dialog.chooseClose') : t('dialog.chooseDealFirst')}
                options={closes.map((c) => ({
                  value: c.date,
                  label: t('dialog.closeOption', {
                    date: formatDate(c.date),
                    names: c.investorIds.map((id) => names.get(id) ?? '').join(', '),
                  }),
                }))}
              />
            </Field>
          )}
          {values.target === 'investors' && (
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={form.errorOf('investorIds') ? 'call-investorIds-error' : undefined}
              aria-invalid={form.errorOf('investorIds') ? true : undefined}
            >
              <legend className="mb-1 text-sm font-medium text-text">
                {t('dialog.investors')}
                <span aria-hidden="true" className="ms-0.5 text-danger-700">
                  *
                </span>
              </legend>
              {!values.dealId ? (
                <p className="text-sm text-muted">{t('dialog.chooseDealFirst')}</p>
              ) : (
                <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto">
                  {(choices.data?.investors ?? []).map((i, index) => (
                    <li key={i.investorId}>
                      <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-surface-muted">
                        <input
                          type="checkbox"
                          className="size-4 accent-ink-900"
                          id={index === 0 ? 'call-investorIds' : undefined}
                          checked={chosen.has(i.investorId)}
                          onChange={(e) => toggle(i.investorId, e.target.checked)}
                        />
                        <span className="min-w-0 flex-1 break-words">
                          <bdi className="font-medium text-ink-900">{i.investorName}</bdi>
                          <span className="block text-xs text-muted">
                            {t('dialog.investorFacts', { date: formatDate(i.closeDate), unfunded: formatUSDCents(i.unfunded) })}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {form.errorOf('investorIds') && (
                <p id="call-investorIds-error" className="flex items-center gap-1.5 text-sm text-danger-700">
                  {translateMessage(form.errorOf('investorIds') as string)}
                </p>
              )}
            </fieldset>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('dialog.callBy')} htmlFor="call-basis">
              <NativeSelect
                {...form.register('basis')}
                id="call-basis"
                options={[
                  { value: 'percentage', label: t('dialog.byPercentage') },
                  { value: 'amount', label: t('dialog.byAmount') },
                ]}
              />
            </Field>
            {values.basis === 'percentage' ? (
              <Field label={t('dialog.percentage')} htmlFor="call-percentage" error={form.errorOf('percentage')} required>
                <Input {...form.field('percentage', 'call-percentage')} inputMode="decimal" />
              </Field>
            ) : (
              <Field label={t('dialog.amount')} htmlFor="call-amount" error={form.errorOf('amount')} required>
                <Input {...form.field('amount', 'call-amount')} inputMode="decimal" />
              </Field>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('dialog.dueDate')} htmlFor="call-dueDate" error={form.errorOf('dueDate')} required>
              <DateInput {...form.field('dueDate', 'call-dueDate')} />
            </Field>
            <Field label={t('dialog.purpose')} htmlFor="call-purpose" error={form.errorOf('purpose')} required>
              <Input {...form.field('purpose', 'call-purpose')} />
            </Field>
          </div>
          <CallPreview
            waiting={!settled}
            plan={preview.data && settled ? preview.data : undefined}
            error={preview.isError ? (serverMessage(preview.error) ?? t('preview.failed')) : null}
            loading={preview.isFetching}
          />
          <FormError>{form.formError}</FormError>
          <DialogActions submit={t('dialog.submit')} busyLabel={t('dialog.busy')} busy={form.busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Each investor's amount before issuing (the server's plan: the amounts the call will ask). */
function CallPreview({ plan, error, waiting, loading }: { plan?: CallPlan; error: string | null; waiting: boolean; loading: boolean }) {
  const { t } = capitalCallsText.useT();
  return (
    <section aria-labelledby="call-preview-title" aria-busy={loading || undefined} className="rounded-md border border-border p-3">
      <h3 id="call-preview-title" className="text-sm font-semibold text-ink-900">
        {t('preview.title')}
      </h3>
      <div role="status" className="mt-2 text-sm">
        {error ? (
          <p className="text-danger-700">{translateMessage(error)}</p>
        ) : waiting || !plan ? (
          <p className="text-muted">{t('preview.empty')}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-border" aria-label={t('preview.lines')}>
              {plan.lines.map((l) => (
                <li key={l.investorId} className="flex items-start justify-between gap-3 py-1.5" data-testid="call-preview-line">
                  <span className="min-w-0 break-words">
                    <bdi className="font-medium text-ink-900">{l.investorName}</bdi>
                    <span className="block text-xs text-muted">
                      {t('dialog.investorFacts', { date: formatDate(l.closeDate), unfunded: formatUSDCents(l.unfunded) })}
                    </span>
                  </span>
                  <span className="tabular shrink-0 font-medium text-ink-900">{formatUSDCents(l.amount)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between gap-3 border-t border-border pt-2 font-semibold text-ink-900">
              <span>{t('preview.total')}</span>
              <span className="tabular" data-testid="call-preview-total">
                {formatUSDCents(plan.totalAmount)}
              </span>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
