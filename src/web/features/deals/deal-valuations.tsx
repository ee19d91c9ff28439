import { todayIso } from '../../../shared/dates';
import { formatDate, formatUSD } from '../../../shared/format';
import { PERFORMANCE_STATUSES, performanceTone, type Valuation, valuationInput } from '../../../shared/performance';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useAddValuation } from './api';
import { dealsText } from './i18n';

// Today in the company's zone (not the UTC day: at 00:30 in Dubai it is already tomorrow there).
const empty = () => ({ valuationDate: todayIso(), currentValue: '', expectedExit: '', performanceStatus: 'On Track' as const });

/** Dated valuations of a deal; investors' current values are their share of the latest one. */
export function DealValuations({ dealId, valuations }: { dealId: string; valuations: Valuation[] }) {
  const { t } = dealsText.useT();
  const form = useZodForm(valuationInput, { defaultValues: empty(), guardUnsaved: true });
  const add = useAddValuation(dealId);

  const submit = form.handleSubmit(async () => {
    try {
      await add.mutateAsync(form.getValues() as ReturnType<typeof empty>);
      toast.success(t('valuations.recorded'));
      form.reset(empty());
    } catch (err) {
      toast.error(form.applyServerError(err, { fallback: t('valuations.failed') }));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('valuations.title')}</CardTitle>
        <CardDescription>{t('valuations.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Table aria-label={t('valuations.table')} maxHeight="none">
          <THead>
            <TR>
              <TH>{t('valuations.date')}</TH>
              <TH className="text-end">{t('valuations.value')}</TH>
              <TH>{t('valuations.exit')}</TH>
              <TH>{t('valuations.performance')}</TH>
            </TR>
          </THead>
          <TBody>
            {valuations.length === 0 ? (
              <EmptyRow colSpan={4}>{t('valuations.empty')}</EmptyRow>
            ) : (
              valuations.map((v) => (
                <TR key={v.id}>
                  <TD>{formatDate(v.valuationDate)}</TD>
                  <TD className="tabular text-end">{formatUSD(v.currentValue)}</TD>
                  <TD>{v.expectedExit ?? '—'}</TD>
                  <TD>
                    <Badge tone={performanceTone(v.performanceStatus)}>{enumLabel('performanceStatus', v.performanceStatus)}</Badge>
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" noValidate>
          <Field label={t('valuations.dateField')} htmlFor="val-date" error={form.errorOf('valuationDate')} required>
            <DateInput {...form.field('valuationDate', 'val-date')} />
          </Field>
          <Field label={t('valuations.valueField')} htmlFor="val-value" error={form.errorOf('currentValue')} required>
            <Input {...form.field('currentValue', 'val-value')} inputMode="decimal" className="tabular" />
          </Field>
          <Field label={t('valuations.exit')} htmlFor="val-exit" error={form.errorOf('expectedExit')}>
            <Input {...form.field('expectedExit', 'val-exit')} placeholder={t('valuations.exitPlaceholder')} />
          </Field>
          <Field label={t('valuations.performance')} htmlFor="val-status" error={form.errorOf('performanceStatus')}>
            <NativeSelect
              {...form.field('performanceStatus', 'val-status')}
              options={PERFORMANCE_STATUSES.map((s) => ({ value: s, label: enumLabel('performanceStatus', s) }))}
            />
          </Field>
          <Button type="submit" busy={form.busy}>
            {form.busy ? t('valuations.recording') : t('valuations.record')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
