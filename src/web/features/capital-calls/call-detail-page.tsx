import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { todayIso } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import type { CallLine } from '../../../shared/ledger';
import { formatUsdExact, parseAmountInput } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { serverMessage, useCapitalCall, useRecordReceipt } from './api';
import { CallStatusBadge } from './call-ui';

/** One capital call (/admin/capital-calls/:id): per-investor lines, receipts, and recording a receipt. */
export default function CallDetailPage() {
  const { id = '' } = useParams();
  const call = useCapitalCall(id);
  const [receiving, setReceiving] = useState<CallLine | null>(null);
  const c = call.data;
  return (
    <>
      <Link to="/admin/capital-calls" className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-ink-900">
        <ArrowLeft aria-hidden="true" className="size-4" /> All capital calls
      </Link>
      <PageHeader
        title={c ? `Capital Call: ${c.dealTitle}` : 'Capital Call'}
        description={
          c
            ? `${c.feeCharge ? 'A call of fees: it does not draw on commitments. ' : ''}${c.purpose}. Called ${formatDate(c.callDate)}, due ${formatDate(c.dueDate)}.`
            : undefined
        }
        actions={
          c && (
            <ExportCsvButton
              filename="capital-call-lines"
              columns={[
                { key: 'investorName', label: 'Investor' },
                { key: 'investorEmail', label: 'E-mail' },
                { key: 'amountDue', label: 'Amount due' },
                { key: 'received', label: 'Received' },
                { key: 'outstanding', label: 'Outstanding' },
                { key: 'status', label: 'Status' },
              ]}
              rows={c.lines as unknown as Record<string, unknown>[]}
            />
          )
        }
      />
      {call.isError && (
        <LoadError title="Failed to load the capital call" error={call.error} onRetry={() => call.refetch()} busy={call.isFetching} />
      )}
      {c && (
        <>
          <section aria-label="Call totals" className="mb-6 grid gap-4 sm:grid-cols-4">
            {(
              [
                ['Called', formatUsdExact(c.totalAmount)],
                ['Received', formatUsdExact(c.received)],
                ['Outstanding', formatUsdExact(c.outstanding)],
              ] as const
            ).map(([label, value]) => (
              <Card key={label} role="group" aria-label={label} className="p-4">
                <p className="text-sm text-muted">{label}</p>
                <p className="tabular mt-1 text-xl font-semibold text-ink-900">{value}</p>
              </Card>
            ))}
            <Card role="group" aria-label="Status" className="p-4">
              <p className="text-sm text-muted">Status</p>
              <p className="mt-2">
                <CallStatusBadge status={c.status} />
              </p>
            </Card>
          </section>
          <Table aria-label="Investor lines" maxHeight="none">
            <THead>
              <TR>
                <TH>Investor</TH>
                <TH className="text-end">Amount due</TH>
                <TH className="text-end">Received</TH>
                <TH className="text-end">Outstanding</TH>
                <TH>Status</TH>
                <TH>Receipts</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {c.lines.map((l) => (
                <TR key={l.investorId}>
                  <TD>
                    <span className="font-medium text-ink-900">{l.investorName}</span>
                    <span className="block text-xs text-muted">{l.investorEmail}</span>
                  </TD>
                  <TD className="tabular text-end">{formatUsdExact(l.amountDue)}</TD>
                  <TD className="tabular text-end">{formatUsdExact(l.received)}</TD>
                  <TD className="tabular text-end">{formatUsdExact(l.outstanding)}</TD>
                  <TD>
                    <CallStatusBadge status={l.status} />
                  </TD>
                  <TD>
                    {l.receipts.length === 0 ? (
                      <span className="text-muted">None yet</span>
                    ) : (
                      <ul className="text-xs">
                        {l.receipts.map((r) => (
                          <li key={r.id} className={r.reversed ? 'line-through' : undefined}>
                            <span className="tabular">{formatUsdExact(r.amount)}</span> on {formatDate(r.valueDate)}
                            {r.reversed && ' (reversed)'}
                          </li>
                        ))}
                      </ul>
                    )}
                  </TD>
                  <TD className="text-end">
                    {l.status !== 'Paid' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setReceiving(l)}
                        aria-label={`Record receipt for ${l.investorName}`}
                      >
                        Record Receipt
                      </Button>
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <ReceiptDialog callId={c.id} line={receiving} onClose={() => setReceiving(null)} />
        </>
      )}
    </>
  );
}

const receiptForm = z.object({ amount: z.string(), valueDate: z.string() }).transform((v, ctx) => {
  const parsed = parseAmountInput(v.amount);
  const amount = !parsed.ok ? parsed.message : parsed.cents <= 0n ? 'Enter an amount above zero' : null;
  if (amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount });
  if (!v.valueDate) ctx.addIssue({ code: 'custom', path: ['valueDate'], message: 'Value date is required' });
  if (!parsed.ok || amount || !v.valueDate) return z.NEVER;
  return { amount: parsed.value, valueDate: v.valueDate };
});

function ReceiptDialog({ callId, line, onClose }: { callId: string; line: CallLine | null; onClose: () => void }) {
  const record = useRecordReceipt(callId);
  const empty = () => ({ amount: '', valueDate: todayIso() });
  const form = useZodForm(receiptForm, { defaultValues: empty(), guardUnsaved: line !== null });
  const guard = useDialogGuard(form.formState.isDirty);
  useClearErrorOnChange(form);

  const submit = form.handleSubmit(async ({ amount, valueDate }) => {
    if (!line) return;
    try {
      await record.mutateAsync({ investorId: line.investorId, amount, valueDate });
      toast.success(`Receipt of ${formatUsdExact(amount)} recorded for ${line.investorName}`);
      form.reset(empty());
      onClose();
    } catch (err) {
      const msg = serverMessage(err) ?? 'Failed to record the receipt';
      form.setError('amount', { type: 'server', message: msg }, { shouldFocus: true });
      toast.error(msg);
    }
  });

  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && guard.confirmClose(() => form.reset(empty())) && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record Receipt</DialogTitle>
          <DialogDescription>
            {line ? `${line.investorName}: ${formatUsdExact(line.outstanding)} outstanding of ${formatUsdExact(line.amountDue)}.` : ''}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label="Amount received (USD)" htmlFor="receipt-amount" error={form.errorOf('amount')} required>
            <Input {...form.field('amount', 'receipt-amount')} inputMode="decimal" />
          </Field>
          <Field label="Value date (the day the money arrived)" htmlFor="receipt-valueDate" error={form.errorOf('valueDate')} required>
            <DateInput {...form.field('valueDate', 'receipt-valueDate')} />
          </Field>
          <DialogActions submit="Record Receipt" busyLabel="Recording..." busy={form.busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
