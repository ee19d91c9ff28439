import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { todayIso } from '../../../shared/dates';
import { formatDate, formatUSDCents } from '../../../shared/format';
import type { CallLine } from '../../../shared/ledger';
import { parseAmountInput } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { feedsText, IlpaDownload, ilpaUrls } from '../feeds/index';
import { useCapitalCall, useRecordReceipt } from './api';
import { CallStatusBadge } from './call-ui';
import { capitalCallsText } from './i18n';

/** One capital call (/admin/capital-calls/:id): per-investor lines, receipts, and recording a receipt. */
export default function CallDetailPage() {
  const { t } = capitalCallsText.useT();
  const { id = '' } = useParams();
  const call = useCapitalCall(id);
  const [receiving, setReceiving] = useState<CallLine | null>(null);
  const c = call.data;
  return (
    <>
      <Link to="/admin/capital-calls" className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-ink-900">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" /> {t('detail.back')}
      </Link>
      <PageHeader
        title={c ? t('detail.titleOf', { deal: c.dealTitle }) : t('detail.title')}
        description={
          c
            ? t(c.feeCharge ? 'detail.descriptionFee' : 'detail.description', {
                purpose: c.purpose,
                callDate: formatDate(c.callDate),
                dueDate: formatDate(c.dueDate),
              })
            : undefined
        }
        actions={
          c && (
            <>
              <IlpaDownload url={ilpaUrls.call(c.id)} filename={`ilpa-capital-call-${c.callDate}.csv`} label={feedsText.t('ilpa.call')} />
              <ExportCsvButton
                filename="capital-call-lines"
                columns={[
                  { key: 'investorName', label: t('column.investor') },
                  { key: 'investorEmail', label: t('column.email') },
                  { key: 'amountDue', label: t('column.amountDue') },
                  { key: 'received', label: t('column.received') },
                  { key: 'outstanding', label: t('column.outstanding') },
                  { key: 'status', label: t('column.status') },
                ]}
                rows={c.lines as unknown as Record<string, unknown>[]}
              />
            </>
          )
        }
      />
      {call.isError && (
        <LoadError title={t('detail.loadFailed')} error={call.error} onRetry={() => call.refetch()} busy={call.isFetching} />
      )}
      {c && (
        <>
          <section aria-label={t('detail.totals')} className="mb-6 grid gap-4 sm:grid-cols-4">
            {(
              [
                [t('column.called'), formatUSDCents(c.totalAmount)],
                [t('column.received'), formatUSDCents(c.received)],
                [t('column.outstanding'), formatUSDCents(c.outstanding)],
              ] as const
            ).map(([label, value]) => (
              <Card key={label} role="group" aria-label={label} className="p-4">
                <p className="text-sm text-muted">{label}</p>
                <p className="tabular mt-1 text-xl font-semibold text-ink-900">{value}</p>
              </Card>
            ))}
            <Card role="group" aria-label={t('column.status')} className="p-4">
              <p className="text-sm text-muted">{t('column.status')}</p>
              <p className="mt-2">
                <CallStatusBadge status={c.status} />
              </p>
            </Card>
          </section>
          <Table aria-label={t('detail.lines')} maxHeight="none">
            <THead>
              <TR>
                <TH>{t('column.investor')}</TH>
                <TH className="text-end">{t('column.amountDue')}</TH>
                <TH className="text-end">{t('column.received')}</TH>
                <TH className="text-end">{t('column.outstanding')}</TH>
                <TH>{t('column.status')}</TH>
                <TH>{t('column.receipts')}</TH>
                <TH>
                  <span className="sr-only">{t('column.actions')}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {c.lines.map((l) => (
                <TR key={l.investorId}>
                  <TD>
                    <bdi className="font-medium text-ink-900">{l.investorName}</bdi>
                    <bdi className="block text-xs text-muted">{l.investorEmail}</bdi>
                  </TD>
                  <TD className="tabular text-end">{formatUSDCents(l.amountDue)}</TD>
                  <TD className="tabular text-end">{formatUSDCents(l.received)}</TD>
                  <TD className="tabular text-end">{formatUSDCents(l.outstanding)}</TD>
                  <TD>
                    <CallStatusBadge status={l.status} />
                  </TD>
                  <TD>
                    {l.receipts.length === 0 ? (
                      <span className="text-muted">{t('detail.noReceipts')}</span>
                    ) : (
                      <ul className="text-xs">
                        {l.receipts.map((r) => (
                          <li key={r.id} className={r.reversed ? 'line-through' : undefined}>
                            {t(r.reversed ? 'detail.receiptReversed' : 'detail.receipt', {
                              amount: formatUSDCents(r.amount),
                              date: formatDate(r.valueDate),
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </TD>
                  <TD className="text-end">
                    {l.status !== 'Paid' && l.status !== 'Cancelled' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setReceiving(l)}
                        aria-label={t('detail.recordReceiptFor', { name: l.investorName })}
                      >
                        {t('detail.recordReceipt')}
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
  const amount = !parsed.ok ? parsed.message : parsed.cents <= 0n ? capitalCallsText.t('receipt.aboveZero') : null;
  if (amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount });
  const valueDateRequired = capitalCallsText.t('receipt.valueDateRequired');
  if (!v.valueDate) ctx.addIssue({ code: 'custom', path: ['valueDate'], message: valueDateRequired });
  // The money has arrived by the day it is recorded: never after the company's today (the server says so too).
  const future = v.valueDate > todayIso();
  if (future) ctx.addIssue({ code: 'custom', path: ['valueDate'], message: capitalCallsText.t('receipt.future') });
  if (!parsed.ok || amount || !v.valueDate || future) return z.NEVER;
  return { amount: parsed.value, valueDate: v.valueDate };
});

function ReceiptDialog({ callId, line, onClose }: { callId: string; line: CallLine | null; onClose: () => void }) {
  const { t } = capitalCallsText.useT();
  const record = useRecordReceipt(callId);
  const empty = () => ({ amount: '', valueDate: todayIso() });
  const form = useZodForm(receiptForm, { defaultValues: empty(), guardUnsaved: line !== null });
  const guard = useDialogGuard(form.formState.isDirty);
  useClearErrorOnChange(form);

  const submit = form.handleSubmit(async ({ amount, valueDate }) => {
    if (!line) return;
    try {
      await record.mutateAsync({ investorId: line.investorId, amount, valueDate });
      toast.success(t('toast.receiptRecorded', { amount: formatUSDCents(amount), name: line.investorName }));
      form.reset(empty());
      onClose();
    } catch (err) {
      // The server's field (value date, amount) where it names one; else on the amount.
      const msg = form.applyServerError(err, { fallback: t('receipt.failed'), rename: { investorId: 'amount' } });
      toast.error(msg);
    }
  });

  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && guard.confirmClose(() => form.reset(empty())) && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('receipt.title')}</DialogTitle>
          <DialogDescription>
            {line
              ? t('receipt.description', {
                  name: line.investorName,
                  outstanding: formatUSDCents(line.outstanding),
                  due: formatUSDCents(line.amountDue),
                })
              : ''}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label={t('receipt.amount')} htmlFor="receipt-amount" error={form.errorOf('amount')} required>
            <Input {...form.field('amount', 'receipt-amount')} inputMode="decimal" />
          </Field>
          <Field label={t('receipt.valueDate')} htmlFor="receipt-valueDate" error={form.errorOf('valueDate')} required>
            <DateInput {...form.field('valueDate', 'receipt-valueDate')} max={todayIso()} />
          </Field>
          <FormError>{form.formError}</FormError>
          <DialogActions submit={t('receipt.submit')} busyLabel={t('receipt.busy')} busy={form.busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
