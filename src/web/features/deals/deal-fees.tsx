import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { todayIso } from '../../../shared/dates';
import { FEE_METHOD_LABEL } from '../../../shared/deal-terms';
import { formatDate } from '../../../shared/format';
import { type ManagementFeePreview, managementFeeInput } from '../../../shared/management-fee';
import { formatUsdExact } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { apiGet, apiPost } from '../../lib/api';
import { sharedFormSchema, useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';

import { managementFeesKey, messageOf, refreshMoney } from './deal-fees-shared';

const EMPTY_PERIOD = { from: '', to: '', dueDate: '' };

/** The period form, checked by managementFeeInput; a fee charged by capital call also needs its due date. */
const periodForm = (byCall: boolean) =>
  sharedFormSchema(
    ['from', 'to', 'dueDate'],
    managementFeeInput,
    (v) => ({ from: v.from, to: v.to, ...(byCall && v.dueDate ? { dueDate: v.dueDate } : {}) }),
    {
      required: {
        from: 'Enter the first day of the period',
        to: 'Enter the last day of the period',
        ...(byCall ? { dueDate: 'Enter the due date of the fee call' } : {}),
      },
    },
  );

/**
 * Charging the deal's management fee for a period (admin): the terms' fee, a preview of each
 * investor's fee, then the charge (a capital call of fees, or fees accrued for the next
 * distributions), and the periods charged so far.
 */
export function ManagementFeeCard({ dealId }: { dealId: string }) {
  const qc = useQueryClient();
  const data = useQuery({
    queryKey: managementFeesKey(dealId),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/management-fees', { params: { id: dealId }, signal }),
  });
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

  const previewMutation = useMutation({
    mutationFn: (body: { from: string; to: string }) =>
      apiPost('/api/deals/:id/management-fees/preview', { params: { id: dealId }, body }).then((r) => r.preview),
    onError: (err) => fail(err, 'Failed to preview the management fee'),
  });
  const charge = useMutation({
    mutationFn: (body: { from: string; to: string; dueDate?: string }) =>
      apiPost('/api/deals/:id/management-fees', { params: { id: dealId }, body }),
    onSuccess: (r) => {
      qc.setQueryData(managementFeesKey(dealId), r.fees);
      refreshMoney(qc, dealId);
      toast.success(
        r.charge.callId
          ? `Management fee charged: a fee call of ${formatUsdExact(r.charge.total)}`
          : `Management fee charged: ${formatUsdExact(r.charge.total)} accrued for the next distribution`,
      );
      setPreview(null);
      form.reset(EMPTY_PERIOD);
    },
    onError: (err) => fail(err, 'Failed to charge the management fee'),
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
        <CardTitle>Management Fee</CardTitle>
        <CardDescription>
          Each investor's fee is the annual rate x their basis x days / 365, counted day by day over the period (both ends included). The
          total is rounded half-up to the cent and split by largest remainder, so the lines add up to it exactly.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {data.isPending ? (
          <p className="text-sm text-muted">Loading the management fee...</p>
        ) : data.isError ? (
          <p className="text-sm text-danger-700">The management fee could not be loaded.</p>
        ) : !fee ? (
          <p className="text-sm text-muted">This deal's terms have no management fee. Set one under Economic Terms to charge it.</p>
        ) : (
          <>
            <p className="text-sm text-ink-900">
              Terms: <strong>{fee.description}</strong>.
            </p>
            <form noValidate onSubmit={submitPreview} className="flex flex-col gap-4" aria-label="Charge management fee">
              <div className="grid gap-3 sm:grid-cols-3">
                <Field label="Period start" htmlFor="fee-from" error={form.errorOf('from')} required>
                  <DateInput {...form.field('from', 'fee-from')} />
                </Field>
                <Field label="Period end" htmlFor="fee-to" error={form.errorOf('to')} required>
                  <DateInput {...form.field('to', 'fee-to')} />
                </Field>
                {byCall && (
                  <Field label="Due date" htmlFor="fee-dueDate" error={form.errorOf('dueDate')} required>
                    <DateInput {...form.field('dueDate', 'fee-dueDate')} min={todayIso()} />
                  </Field>
                )}
              </div>
              <div>
                <Button type="submit" variant="secondary" busy={form.busy}>
                  {form.busy ? 'Computing...' : 'Preview Fee'}
                </Button>
              </div>
            </form>
            {preview && (
              <section aria-label="Management fee preview" className="flex flex-col gap-3 rounded-lg border border-border p-4">
                <p className="text-sm text-ink-900">
                  {formatDate(preview.from)} to {formatDate(preview.to)} ({preview.days} days):{' '}
                  <strong>{formatUsdExact(preview.total)}</strong>{' '}
                  {preview.method === 'capital_call' ? 'called as fees' : 'accrued, deducted from the next distributions'}. Nothing is
                  written until you charge it.
                </p>
                <Table aria-label="Fee per investor" maxHeight="none">
                  <THead>
                    <TR>
                      <TH>Investor</TH>
                      <TH className="text-end">Average basis</TH>
                      <TH className="text-end">Fee</TH>
                    </TR>
                  </THead>
                  <TBody>
                    {preview.investors.map((i) => (
                      <TR key={i.investorId}>
                        <TD>{i.investorName}</TD>
                        <TD className="tabular text-end">{formatUsdExact(i.averageBasis)}</TD>
                        <TD className="tabular text-end">{formatUsdExact(i.fee)}</TD>
                      </TR>
                    ))}
                    <TR>
                      <TD className="font-semibold">Total</TD>
                      <TD />
                      <TD className="tabular text-end font-semibold">{formatUsdExact(preview.total)}</TD>
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
                    {charge.isPending ? 'Charging...' : 'Charge Management Fee'}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setPreview(null)} disabled={charge.isPending}>
                    Cancel
                  </Button>
                </div>
              </section>
            )}
          </>
        )}
        {data.data && (
          <>
            <Table aria-label="Management fees charged" maxHeight="none">
              <THead>
                <TR>
                  <TH>Period</TH>
                  <TH className="text-end">Days</TH>
                  <TH>Terms</TH>
                  <TH className="text-end">Total</TH>
                  <TH>Charged by</TH>
                </TR>
              </THead>
              <TBody>
                {data.data.charges.length === 0 ? (
                  <EmptyRow colSpan={5}>No management fee charged yet.</EmptyRow>
                ) : (
                  data.data.charges.map((c) => (
                    <TR key={c.id}>
                      <TD className="whitespace-nowrap">
                        {formatDate(c.from)} to {formatDate(c.to)}
                      </TD>
                      <TD className="tabular text-end">{c.days}</TD>
                      <TD>
                        {c.rate}% a year on {c.basis}
                      </TD>
                      <TD className="tabular text-end">{formatUsdExact(c.total)}</TD>
                      <TD>
                        {c.callId ? (
                          <Link className="font-medium text-ink-900 underline underline-offset-2" to={`/admin/capital-calls/${c.callId}`}>
                            Fee call
                          </Link>
                        ) : (
                          FEE_METHOD_LABEL[c.method]
                        )}
                      </TD>
                    </TR>
                  ))
                )}
              </TBody>
            </Table>
            {data.data.outstanding.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-semibold text-ink-900">Accrued fees to deduct from the next distributions</h3>
                <ul className="text-sm">
                  {data.data.outstanding.map((o) => (
                    <li key={o.investorId} className="flex justify-between gap-3 border-b border-border py-1">
                      <span>{o.investorName}</span>
                      <span className="tabular">{formatUsdExact(o.amount)}</span>
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
