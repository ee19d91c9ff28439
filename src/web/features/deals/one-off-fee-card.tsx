import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { todayIso } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { feeInput } from '../../../shared/ledger';
import { formatUsdExact } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { apiGet, apiPost } from '../../lib/api';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';

import { ledgerKey, messageOf, refreshMoney } from './deal-fees-shared';

type FeeForm = { investorId: string; amount: string; date: string; memo: string };
const EMPTY_FEE: FeeForm = { investorId: '', amount: '', date: '', memo: '' };

/** Recording a one-off fee or expense charged to one investor's capital account (admin). */
export function OneOffFeeCard({ dealId }: { dealId: string }) {
  const qc = useQueryClient();
  const ledger = useQuery({
    queryKey: ledgerKey(dealId),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/ledger', { params: { id: dealId }, signal }).then((r) => r.ledger),
  });
  const form = useZodForm(feeInput, { defaultValues: { ...EMPTY_FEE, date: todayIso() }, guardUnsaved: true });
  useClearErrorOnChange(form);
  const record = useMutation({
    mutationFn: (body: FeeForm) => apiPost('/api/deals/:id/fees', { params: { id: dealId }, body }).then((r) => r.ledger),
    onSuccess: (next, body) => {
      qc.setQueryData(ledgerKey(dealId), next);
      refreshMoney(qc, dealId);
      const who = next.investors.find((i) => i.investorId === body.investorId)?.investorName ?? 'the investor';
      toast.success(`Fee of ${formatUsdExact(body.amount)} recorded for ${who}`);
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
      form.applyServerError(err, { fallback: 'Failed to record the fee' });
      toast.error(messageOf(err, 'Failed to record the fee'));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Fees and Expenses</CardTitle>
        <CardDescription>
          A one-off fee or expense charged to one investor's capital account. It shows on their capital account and statement; a mistake is
          corrected by a reversal.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {ledger.isError ? (
          <p className="text-sm text-danger-700">The investors of this deal could not be loaded.</p>
        ) : ledger.isPending ? (
          <p className="text-sm text-muted">Loading investors...</p>
        ) : investors.length === 0 ? (
          <p className="text-sm text-muted">No investor has a commitment in this deal yet.</p>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Record a fee or expense">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Investor" htmlFor="oneoff-investorId" error={form.errorOf('investorId')} required>
                <NativeSelect
                  {...form.field('investorId', 'oneoff-investorId')}
                  placeholder="Choose an investor"
                  options={investors.map((i) => ({ value: i.investorId, label: i.investorName }))}
                />
              </Field>
              <Field label="Amount (USD)" htmlFor="oneoff-amount" error={form.errorOf('amount')} required>
                <Input {...form.field('amount', 'oneoff-amount')} inputMode="decimal" className="tabular" />
              </Field>
              <Field label="Date" htmlFor="oneoff-date" error={form.errorOf('date')} required>
                <DateInput {...form.field('date', 'oneoff-date')} />
              </Field>
              <Field label="Description" htmlFor="oneoff-memo" error={form.errorOf('memo')} required>
                <Input {...form.field('memo', 'oneoff-memo')} maxLength={500} placeholder="e.g. Legal fees for the SPV filing" />
              </Field>
            </div>
            <div>
              <Button type="submit" busy={form.busy}>
                {form.busy ? 'Recording...' : 'Record Fee'}
              </Button>
            </div>
          </form>
        )}
        {fees.length > 0 && (
          <Table aria-label="Recent fees and expenses" maxHeight="none">
            <THead>
              <TR>
                <TH>Date</TH>
                <TH>Investor</TH>
                <TH>Description</TH>
                <TH className="text-end">Amount</TH>
              </TR>
            </THead>
            <TBody>
              {fees.map((f) => (
                <TR key={f.id}>
                  <TD className="whitespace-nowrap">{formatDate(f.date)}</TD>
                  <TD>{f.investorName}</TD>
                  <TD>{f.memo ?? '—'}</TD>
                  <TD className="tabular text-end">{formatUsdExact(f.amount)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
