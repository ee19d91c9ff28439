import { useEffect, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { todayIso } from '../../../shared/dates';
import { formatDate, formatFigure, formatUSDCents } from '../../../shared/format';
import { type ManagementFeePreview, managementFeeInput } from '../../../shared/management-fee';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { sharedFormSchema, useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { useChargeManagementFee, useManagementFees, usePreviewManagementFee } from './api';
import { messageOf } from './deal-fees-shared';
import { dealsText } from './i18n';

const EMPTY_PERIOD = { from: '', to: '', dueDate: '' };
const BASIS = { commitments: true, contributions: true } as const;

/** The period form, checked by managementFeeInput; a fee charged by capital call also needs its due date. */
const periodForm = (byCall: boolean) =>
  sharedFormSchema(
    ['from', 'to', 'dueDate'],
    managementFeeInput,
    (v) => ({ from: v.from, to: v.to, ...(byCall && v.dueDate ? { dueDate: v.dueDate } : {}) }),
    {
      required: {
        from: dealsText.t('fees.required.from'),
        to: dealsText.t('fees.required.to'),
        ...(byCall ? { dueDate: dealsText.t('fees.required.dueDate') } : {}),
      },
    },
  );

/**
 * Charging the deal's management fee for a period (admin): the terms' fee, a preview of each
 * investor's fee, then the charge (a capital call of fees, or fees accrued for the next
 * distributions), and the periods charged so far.
 */
export function ManagementFeeCard({ dealId }: { dealId: string }) {
  const { t } = dealsText.useT();
  const data = useManagementFees(dealId);
  const [preview, setPreview] = useState<ManagementFeePreview | null>(null);
  const fee = data.data?.fee ?? null;
  const byCall = fee?.method === 'capital_call';
  const form = useZodForm(periodForm(byCall), { defaultValues: EMPTY_PERIOD });
  // A period to preview and charge, not content: no unsaved-changes guard (as before).
  useClearErrorOnChange(form);
  // A changed period invalidates the preview.
  useEffect(() => {
    const sub = form.watch((_, { name }) => name && setPreview(null));
    return () => sub.unsubscribe();
  }, [form]);

  const fail = (err: unknown, fallback: string) => {
    form.applyServerError(err, { fallback });
    toast.error(messageOf(err, fallback));
  };

  const previewMutation = usePreviewManagementFee(dealId, { onError: (err) => fail(err, t('fees.previewFailed')) });
  const charge = useChargeManagementFee(dealId, {
    onSuccess: (r) => {
      toast.success(
        r.charge.callId
          ? t('fees.chargedCall', { amount: formatUSDCents(r.charge.total) })
          : t('fees.chargedAccrued', { amount: formatUSDCents(r.charge.total) }),
      );
      setPreview(null);
      form.reset(EMPTY_PERIOD);
    },
    onError: (err) => fail(err, t('fees.chargeFailed')),
  });

  const submitPreview = form.handleSubmit(async (body) => {
    try {
      setPreview(await previewMutation.mutateAsync({ from: body.from, to: body.to }));
    } catch {
      // fail() (the mutation's onError) has shown it.
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('fees.title')}</CardTitle>
        <CardDescription>{t('fees.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {data.isPending ? (
          <p className="text-sm text-muted">{t('fees.loading')}</p>
        ) : data.isError ? (
          <p className="text-sm text-danger-700">{t('fees.loadFailed')}</p>
        ) : !fee ? (
          <p className="text-sm text-muted">{t('fees.none')}</p>
        ) : (
          <>
            <p className="text-sm text-ink-900">
              <Trans
                t={t}
                i18nKey="fees.terms"
                values={{
                  description: t('fees.describe.line', {
                    rate: fee.rate,
                    basis: t(`fees.describe.basis.${fee.basis}`),
                    method: t(`fees.describe.method.${fee.method}`),
                  }),
                }}
                components={[<strong key="0" />]}
              />
            </p>
            <form noValidate onSubmit={submitPreview} className="flex flex-col gap-4" aria-label={t('fees.form')}>
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label={t('fees.from')} htmlFor="fee-from" error={form.errorOf('from')} required>
                  <DateInput {...form.field('from', 'fee-from')} />
                </Field>
                <Field label={t('fees.to')} htmlFor="fee-to" error={form.errorOf('to')} required>
                  <DateInput {...form.field('to', 'fee-to')} />
                </Field>
                {byCall && (
                  <Field label={t('fees.dueDate')} htmlFor="fee-dueDate" error={form.errorOf('dueDate')} required>
                    <DateInput {...form.field('dueDate', 'fee-dueDate')} min={todayIso()} />
                  </Field>
                )}
              </div>
              <div>
                <Button type="submit" variant="secondary" busy={form.busy}>
                  {form.busy ? t('fees.computing') : t('fees.preview')}
                </Button>
              </div>
            </form>
            {preview && (
              <section aria-label={t('fees.previewRegion')} className="flex flex-col gap-3 rounded-lg border border-border p-4">
                <p className="text-sm text-ink-900">
                  <Trans
                    t={t}
                    i18nKey={preview.method === 'capital_call' ? 'fees.previewCall' : 'fees.previewAccrued'}
                    count={preview.days}
                    values={{ from: formatDate(preview.from), to: formatDate(preview.to), total: formatUSDCents(preview.total) }}
                    components={[<strong key="0" />]}
                  />
                </p>
                <Table aria-label={t('fees.perInvestor')} maxHeight="none">
                  <THead>
                    <TR>
                      <TH>{t('fees.investor')}</TH>
                      <TH className="text-end">{t('fees.basis')}</TH>
                      <TH className="text-end">{t('fees.fee')}</TH>
                    </TR>
                  </THead>
                  <TBody>
                    {preview.investors.map((i) => (
                      <TR key={i.investorId}>
                        <TD>
                          <bdi>{i.investorName}</bdi>
                        </TD>
                        <TD className="tabular text-end">{formatUSDCents(i.averageBasis)}</TD>
                        <TD className="tabular text-end">{formatUSDCents(i.fee)}</TD>
                      </TR>
                    ))}
                    <TR>
                      <TD className="font-semibold">{t('fees.total')}</TD>
                      <TD />
                      <TD className="tabular text-end font-semibold">{formatUSDCents(preview.total)}</TD>
                    </TR>
                  </TBody>
                </Table>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    busy={charge.isPending}
                    onClick={() =>
                      charge.mutate({ from: preview.from, to: preview.to, ...(byCall ? { dueDate: form.getValues('dueDate') } : {}) })
                    }
                  >
                    {charge.isPending ? t('fees.charging') : t('fees.charge')}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setPreview(null)} disabled={charge.isPending}>
                    {t('fees.cancel')}
                  </Button>
                </div>
              </section>
            )}
          </>
        )}
        {data.data && (
          <>
            <Table aria-label={t('fees.charged')} maxHeight="none">
              <THead>
                <TR>
                  <TH>{t('fees.period')}</TH>
                  <TH className="text-end">{t('fees.days')}</TH>
                  <TH>{t('fees.termsColumn')}</TH>
                  <TH className="text-end">{t('fees.total')}</TH>
                  <TH>{t('fees.chargedBy')}</TH>
                </TR>
              </THead>
              <TBody>
                {data.data.charges.length === 0 ? (
                  <EmptyRow colSpan={5}>{t('fees.noneCharged')}</EmptyRow>
                ) : (
                  data.data.charges.map((c) => (
                    <TR key={c.id}>
                      <TD className="whitespace-nowrap">{t('fees.periodRange', { from: formatDate(c.from), to: formatDate(c.to) })}</TD>
                      <TD className="tabular text-end">{formatFigure(c.days)}</TD>
                      <TD>
                        {t('fees.rateOn', {
                          rate: c.rate,
                          basis: c.basis in BASIS ? t(`fees.basisName.${c.basis as keyof typeof BASIS}`) : c.basis,
                        })}
                      </TD>
                      <TD className="tabular text-end">{formatUSDCents(c.total)}</TD>
                      <TD>
                        {c.callId ? (
                          <Link className="font-medium text-ink-900 underline underline-offset-2" to={`/admin/capital-calls/${c.callId}`}>
                            {t('fees.feeCall')}
                          </Link>
                        ) : (
                          t(`feeMethod.${c.method}`)
                        )}
                      </TD>
                    </TR>
                  ))
                )}
              </TBody>
            </Table>
            {data.data.outstanding.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-semibold text-ink-900">{t('fees.outstanding')}</h3>
                <ul className="text-sm">
                  {data.data.outstanding.map((o) => (
                    <li key={o.investorId} className="flex justify-between gap-3 border-b border-border py-1">
                      <bdi>{o.investorName}</bdi>
                      <span className="tabular">{formatUSDCents(o.amount)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
