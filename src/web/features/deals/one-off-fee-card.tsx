import { todayIso } from '../../../shared/dates';
import { formatDate, formatUSDCents } from '../../../shared/format';
import { feeInput } from '../../../shared/ledger';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { type OneOffFeeBody, useDealLedger, useRecordFee } from './api';
import { messageOf } from './deal-fees-shared';
import { dealsText } from './i18n';

type FeeForm = OneOffFeeBody;
const EMPTY_FEE: FeeForm = { investorId: '', amount: '', date: '', memo: '' };

/** Recording a one-off fee or expense charged to one investor's capital account (admin). */
export function OneOffFeeCard({ dealId }: { dealId: string }) {
  const { t } = dealsText.useT();
  const ledger = useDealLedger(dealId);
  const form = useZodForm(feeInput, { defaultValues: { ...EMPTY_FEE, date: todayIso() }, guardUnsaved: true });
  useClearErrorOnChange(form);
  const record = useRecordFee(dealId, {
    onSuccess: (next, body) => {
      const who = next.investors.find((i) => i.investorId === body.investorId)?.investorName ?? t('oneOff.theInvestor');
      toast.success(t('oneOff.recorded', { amount: formatUSDCents(body.amount), investor: who }));
      form.reset({ ...EMPTY_FEE, date: todayIso() });
    },
  });
  const investors = (ledger.data?.investors ?? []).filter((i) => i.balances.committed !== '0.00');
  const fees = (ledger.data?.entries ?? [])
    .filter((e) => e.kind === 'fee')
    .slice(-10)
    .reverse();

  const submit = form.handleSubmit(async (body) => {
    try {
      await record.mutateAsync(body);
    } catch (err) {
      form.applyServerError(err, { fallback: t('oneOff.failed') });
      toast.error(messageOf(err, t('oneOff.failed')));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('oneOff.title')}</CardTitle>
        <CardDescription>{t('oneOff.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {ledger.isError ? (
          <p className="text-sm text-danger-700">{t('oneOff.loadFailed')}</p>
        ) : ledger.isPending ? (
          <p className="text-sm text-muted">{t('oneOff.loading')}</p>
        ) : investors.length === 0 ? (
          <p className="text-sm text-muted">{t('oneOff.none')}</p>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('oneOff.form')}>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('oneOff.investor')} htmlFor="oneoff-investorId" error={form.errorOf('investorId')} required>
                <NativeSelect
                  {...form.field('investorId', 'oneoff-investorId')}
                  placeholder={t('oneOff.investorPlaceholder')}
                  options={investors.map((i) => ({ value: i.investorId, label: i.investorName }))}
                />
              </Field>
              <Field label={t('oneOff.amount')} htmlFor="oneoff-amount" error={form.errorOf('amount')} required>
                <Input {...form.field('amount', 'oneoff-amount')} inputMode="decimal" className="tabular" />
              </Field>
              <Field label={t('oneOff.date')} htmlFor="oneoff-date" error={form.errorOf('date')} required>
                <DateInput {...form.field('date', 'oneoff-date')} />
              </Field>
              <Field label={t('oneOff.memo')} htmlFor="oneoff-memo" error={form.errorOf('memo')} required>
                <Input {...form.field('memo', 'oneoff-memo')} maxLength={500} placeholder={t('oneOff.memoPlaceholder')} />
              </Field>
            </div>
            <div>
              <Button type="submit" busy={form.busy}>
                {form.busy ? t('oneOff.recording') : t('oneOff.record')}
              </Button>
            </div>
          </form>
        )}
        {fees.length > 0 && (
          <Table aria-label={t('oneOff.recent')} maxHeight="none">
            <THead>
              <TR>
                <TH>{t('oneOff.date')}</TH>
                <TH>{t('oneOff.investor')}</TH>
                <TH>{t('oneOff.memo')}</TH>
                <TH className="text-end">{t('entries.amount')}</TH>
              </TR>
            </THead>
            <TBody>
              {fees.map((f) => (
                <TR key={f.id}>
                  <TD className="whitespace-nowrap">{formatDate(f.date)}</TD>
                  <TD>{f.investorName}</TD>
                  <TD>{f.memo ?? '—'}</TD>
                  <TD className="tabular text-end">{formatUSDCents(f.amount)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
