import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import { createCallInput } from '../../../shared/ledger';
import { formatUsdExact, sumAmounts } from '../../../shared/money';
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
import { NativeSelect } from '../../components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { blank, sharedFormSchema, useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { serverMessage, useCallDeals, useCapitalCalls, useIssueCall } from './api';
import { CallStatusBadge } from './call-ui';
import { StatementRunCard } from './statement-run-card';

/** Capital Calls (/admin/capital-calls): every call with its totals and status; issue a new one. */
export default function CapitalCallsPage() {
  const calls = useCapitalCalls();
  const [open, setOpen] = useState(false);
  const list = calls.data ?? [];
  const totals = {
    called: sumAmounts(list.map((c) => c.totalAmount)),
    received: sumAmounts(list.map((c) => c.received)),
    outstanding: sumAmounts(list.map((c) => c.outstanding)),
  };
  return (
    <>
      <PageHeader
        title="Capital Calls"
        description="Call committed capital pro rata to commitments, record what arrives, and follow what is outstanding."
        actions={
          <>
            <ExportCsvButton
              filename="capital-calls"
              columns={[
                { key: 'dealTitle', label: 'Deal' },
                { key: 'callDate', label: 'Call date' },
                { key: 'dueDate', label: 'Due date' },
                { key: 'purpose', label: 'Purpose' },
                { key: 'totalAmount', label: 'Amount called' },
                { key: 'received', label: 'Received' },
                { key: 'outstanding', label: 'Outstanding' },
                { key: 'status', label: 'Status' },
              ]}
              rows={list as unknown as Record<string, unknown>[]}
            />
            <Button onClick={() => setOpen(true)}>
              <Plus aria-hidden="true" />
              New Capital Call
            </Button>
          </>
        }
      />
      <section aria-label="Capital call totals" className="mb-6 grid gap-4 sm:grid-cols-3">
        {(
          [
            ['Called', totals.called],
            ['Received', totals.received],
            ['Outstanding', totals.outstanding],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} role="group" aria-label={label} className="p-4">
            <p className="text-sm text-muted">{label}</p>
            <p className="tabular mt-1 text-xl font-semibold text-ink-900">{calls.data ? formatUsdExact(value) : '—'}</p>
          </Card>
        ))}
      </section>
      <StatementRunCard />
      {calls.isError ? (
        <LoadError title="Failed to load capital calls" error={calls.error} onRetry={() => calls.refetch()} busy={calls.isFetching} />
      ) : (
        <Table aria-label="Capital calls">
          <THead>
            <TR>
              <TH>Deal</TH>
              <TH>Call date</TH>
              <TH>Due date</TH>
              <TH className="text-end">Called</TH>
              <TH className="text-end">Received</TH>
              <TH className="text-end">Outstanding</TH>
              <TH>Status</TH>
            </TR>
          </THead>
          <TBody>
            {calls.isLoading && (
              <TR>
                <TD colSpan={7} className="text-muted">
                  Loading capital calls...
                </TD>
              </TR>
            )}
            {calls.data && list.length === 0 && (
              <TR>
                <TD colSpan={7} className="text-muted">
                  No capital calls yet. Issue one with "New Capital Call".
                </TD>
              </TR>
            )}
            {list.map((c) => (
              <TR key={c.id}>
                <TD>
                  <Link to={`/admin/capital-calls/${c.id}`} className="font-medium text-ink-900 underline-offset-2 hover:underline">
                    {c.dealTitle}
                  </Link>
                  <span className="block text-xs text-muted">{c.purpose}</span>
                </TD>
                <TD className="tabular">{formatDate(c.callDate)}</TD>
                <TD className="tabular">{formatDate(c.dueDate)}</TD>
                <TD className="tabular text-end">{formatUsdExact(c.totalAmount)}</TD>
                <TD className="tabular text-end">{formatUsdExact(c.received)}</TD>
                <TD className="tabular text-end">{formatUsdExact(c.outstanding)}</TD>
                <TD>
                  <CallStatusBadge status={c.status} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <NewCallDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

const EMPTY = { dealId: '', basis: 'percentage', percentage: '', amount: '', dueDate: '', purpose: '' };

const newCallForm = sharedFormSchema(
  ['dealId', 'basis', 'percentage', 'amount', 'dueDate', 'purpose'],
  createCallInput,
  (v) => ({
    dealId: blank(v.dealId),
    basis: v.basis,
    ...(v.basis === 'percentage' ? { percentage: v.percentage } : { amount: v.amount }),
    dueDate: blank(v.dueDate),
    purpose: v.purpose,
  }),
  { required: { dealId: 'Choose a deal', dueDate: 'Due date is required' } },
);

function NewCallDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const deals = useCallDeals();
  const issue = useIssueCall();
  const form = useZodForm(newCallForm, { defaultValues: EMPTY, guardUnsaved: open });
  const guard = useDialogGuard(form.formState.isDirty);
  useClearErrorOnChange(form);
  const basis = form.watch('basis');
  const withCommitments = (deals.data ?? []).filter((d) => Number(d.committedAmount) > 0).sort((a, b) => a.title.localeCompare(b.title));
  // The select is uncontrolled: once the deals arrive, show the chosen one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply only when the options change.
  useEffect(() => {
    form.setValue('dealId', form.getValues('dealId'));
  }, [deals.data]);

  const submit = form.handleSubmit(async (data) => {
    try {
      const call = await issue.mutateAsync({
        dealId: data.dealId,
        basis: data.basis,
        dueDate: data.dueDate,
        purpose: data.purpose,
        ...(data.basis === 'percentage' ? { percentage: data.percentage as string } : { amount: data.amount as string }),
      });
      toast.success(`Capital call issued: ${formatUsdExact(call.totalAmount)} to ${call.lines.length} investors`);
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (err) {
      form.applyServerError(err, { fallback: 'Failed to issue the capital call' });
      toast.error(serverMessage(err) ?? 'Failed to issue the capital call');
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next || guard.confirmClose(() => form.reset(EMPTY))) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Capital Call</DialogTitle>
          <DialogDescription>
            Allocated to the deal's committed investors pro rata to their commitments, to the cent. No investor is asked for more than their
            unfunded commitment.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label="Deal" htmlFor="call-dealId" error={form.errorOf('dealId')} required>
            <NativeSelect
              {...form.field('dealId', 'call-dealId')}
              placeholder={deals.isLoading ? 'Loading deals...' : 'Choose a deal with commitments'}
              options={withCommitments.map((d) => ({ value: d.id, label: `${d.title} (${formatUsdExact(d.committedAmount)} committed)` }))}
            />
          </Field>
          <Field label="Call by" htmlFor="call-basis">
            <NativeSelect
              {...form.register('basis')}
              id="call-basis"
              options={[
                { value: 'percentage', label: 'Percentage of commitments' },
                { value: 'amount', label: 'Amount' },
              ]}
            />
          </Field>
          {basis === 'percentage' ? (
            <Field label="Percentage of commitments (%)" htmlFor="call-percentage" error={form.errorOf('percentage')} required>
              <Input {...form.field('percentage', 'call-percentage')} inputMode="decimal" />
            </Field>
          ) : (
            <Field label="Amount (USD)" htmlFor="call-amount" error={form.errorOf('amount')} required>
              <Input {...form.field('amount', 'call-amount')} inputMode="decimal" />
            </Field>
          )}
          <Field label="Due date" htmlFor="call-dueDate" error={form.errorOf('dueDate')} required>
            <DateInput {...form.field('dueDate', 'call-dueDate')} />
          </Field>
          <Field label="Purpose" htmlFor="call-purpose" error={form.errorOf('purpose')} required>
            <Input {...form.field('purpose', 'call-purpose')} />
          </Field>
          <DialogActions submit="Issue Capital Call" busyLabel="Issuing..." busy={form.busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
