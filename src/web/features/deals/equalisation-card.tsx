import { useId, useState } from 'react';
import { formatDate, formatFigure, formatUSDCents } from '../../../shared/format';
import type { EqualisationPreview } from '../../../shared/ownership';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError, serverMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useDealTerms } from './api';
import { useChargeEqualisation, useEqualisation } from './equalisation-api';
import { ownershipText } from './ownership-i18n';

/**
 * Equalisation of a deal's later closes (admin; decision 040): shown when the deal's terms use
 * equalisation. For the chosen later close: the earlier calls the interest runs on, what each later
 * closer pays and each earlier investor receives; then "Charge equalisation" once.
 */
export function EqualisationCard({ dealId }: { dealId: string }) {
  const { t } = ownershipText.useT();
  const terms = useDealTerms(dealId);
  const ownership = terms.data?.current?.ownership;
  const on = ownership?.method === 'equalisation';
  const [closeDate, setCloseDate] = useState<string | null>(null);
  const query = useEqualisation(dealId, closeDate, on);
  if (!on) return null;
  const noClose = query.error instanceof ApiError && query.error.code === 'NO_LATER_CLOSE';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('equalisation.title')}</CardTitle>
        <CardDescription>{t('equalisation.description', { rate: ownership.equalisationRate ?? '' })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {query.isPending ? (
          <Skeleton className="h-24" label={t('equalisation.loading')} />
        ) : noClose ? (
          <p className="text-sm text-muted">{t('equalisation.none')}</p>
        ) : query.isError ? (
          <p className="text-sm text-danger-700" role="alert">
            {serverMessage(query.error)}
          </p>
        ) : (
          <EqualisationPlan dealId={dealId} plan={query.data} onClose={setCloseDate} />
        )}
      </CardContent>
    </Card>
  );
}

function EqualisationPlan({ dealId, plan, onClose }: { dealId: string; plan: EqualisationPreview; onClose: (d: string) => void }) {
  const { t } = ownershipText.useT();
  const id = useId();
  const [paymentDate, setPaymentDate] = useState(plan.closeDate);
  const [error, setError] = useState<string | undefined>();
  const charge = useChargeEqualisation(dealId);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const done = await charge.mutateAsync({ closeDate: plan.closeDate, paymentDate });
      toast.success(t('equalisation.chargedToast', { amount: formatUSDCents(done.total), date: formatDate(done.closeDate) }));
    } catch (err) {
      const field = err instanceof ApiError ? (err.fields?.paymentDate ?? err.fields?.closeDate) : undefined;
      const message = field ?? serverMessage(err) ?? t('equalisation.chargeFailed');
      setError(message);
      toast.error(serverMessage(err) ?? t('equalisation.chargeFailed'));
    }
  };

  return (
    <>
      {plan.closes.length > 1 && (
        <div className="max-w-xs">
          <Field label={t('equalisation.close')} htmlFor={`${id}-close`}>
            <NativeSelect
              id={`${id}-close`}
              value={plan.closeDate}
              onChange={(e) => onClose(e.target.value)}
              options={plan.closes.map((c) => ({ value: c, label: formatDate(c) }))}
            />
          </Field>
        </div>
      )}
      <Table aria-label={t('equalisation.earlierCalls')} maxHeight="none">
        <THead>
          <TR>
            <TH>{t('equalisation.valueDate')}</TH>
            <TH className="text-end">{t('equalisation.amount')}</TH>
            <TH className="text-end">{t('equalisation.days')}</TH>
          </TR>
        </THead>
        <TBody>
          {plan.earlierCalls.map((c) => (
            <TR key={c.date}>
              <TD className="whitespace-nowrap">{formatDate(c.date)}</TD>
              <TD className="tabular text-end">{formatUSDCents(c.amount)}</TD>
              <TD className="tabular text-end">{formatFigure(c.days)}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <div className="grid gap-5 lg:grid-cols-2">
        <Table aria-label={t('equalisation.payers')} maxHeight="none">
          <THead>
            <TR>
              <TH>{t('equalisation.investor')}</TH>
              <TH className="text-end">{t('equalisation.catchUp')}</TH>
              <TH className="text-end">{t('equalisation.interest')}</TH>
            </TR>
          </THead>
          <TBody>
            {plan.payers.map((p) => (
              <TR key={p.investorId}>
                <TD>{p.investorName}</TD>
                <TD className="tabular text-end">{formatUSDCents(p.catchUp)}</TD>
                <TD className="tabular text-end">{formatUSDCents(p.interest)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
        <Table aria-label={t('equalisation.receivers')} maxHeight="none">
          <THead>
            <TR>
              <TH>{t('equalisation.investor')}</TH>
              <TH className="text-end">{t('equalisation.interest')}</TH>
            </TR>
          </THead>
          <TBody>
            {plan.receivers.map((r) => (
              <TR key={r.investorId}>
                <TD>{r.investorName}</TD>
                <TD className="tabular text-end">{formatUSDCents(r.interest)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <p className="text-sm font-medium text-ink-900" data-testid="equalisation-total">
        {t('equalisation.total', { amount: formatUSDCents(plan.total) })}
      </p>
      {plan.charged ? (
        <p className="text-sm text-success-700" data-testid="equalisation-charged">
          {t('equalisation.charged', { date: formatDate(plan.charged.paymentDate) })}
        </p>
      ) : (
        <form noValidate onSubmit={submit} aria-label={t('equalisation.charge')} className="flex flex-wrap items-end gap-3">
          <Field label={t('equalisation.paymentDate')} htmlFor={`${id}-paymentDate`} error={error} required>
            <DateInput
              id={`${id}-paymentDate`}
              value={paymentDate}
              onChange={(e) => setPaymentDate(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-paymentDate-error` : undefined}
            />
          </Field>
          <Button type="submit" busy={charge.isPending}>
            {charge.isPending ? t('equalisation.charging') : t('equalisation.charge')}
          </Button>
        </form>
      )}
    </>
  );
}
