import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDate } from '../../../shared/format';
import { createCallInput } from '../../../shared/ledger';
import { formatUsdExact, sumAmounts } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
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
              <TH className="text-right">Called</TH>
              <TH className="text-right">Received</TH>
              <TH className="text-right">Outstanding</TH>
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
                <TD className="tabular text-right">{formatUsdExact(c.totalAmount)}</TD>
                <TD className="tabular text-right">{formatUsdExact(c.received)}</TD>
                <TD className="tabular text-right">{formatUsdExact(c.outstanding)}</TD>
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

const EMPTY = { dealId: '', basis: 'percentage' as 'percentage' | 'amount', percentage: '', amount: '', dueDate: '', purpose: '' };
type Form = typeof EMPTY;

function NewCallDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const deals = useCallDeals();
  const issue = useIssueCall();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  useUnsavedChangesGuard(open && JSON.stringify(form) !== JSON.stringify(EMPTY));
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const withCommitments = (deals.data ?? []).filter((d) => Number(d.committedAmount) > 0).sort((a, b) => a.title.localeCompare(b.title));

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      dealId: form.dealId || undefined,
      basis: form.basis,
      ...(form.basis === 'percentage' ? { percentage: form.percentage } : { amount: form.amount }),
      dueDate: form.dueDate || undefined,
      purpose: form.purpose,
    };
    const parsed = createCallInput.safeParse(body);
    if (!parsed.success) {
      const errs: Partial<Record<keyof Form, string>> = {};
      for (const issue of parsed.error.issues) errs[String(issue.path[0]) as keyof Form] ??= issue.message;
      if (!form.dealId) errs.dealId = 'Choose a deal';
      if (!form.dueDate) errs.dueDate = 'Due date is required';
      setErrors(errs);
      const first = (['dealId', 'percentage', 'amount', 'dueDate', 'purpose'] as const).find((k) => errs[k]);
      if (first) document.getElementById(`call-${first}`)?.focus();
      return;
    }
    issue.mutate(
      {
        dealId: parsed.data.dealId,
        basis: parsed.data.basis,
        dueDate: parsed.data.dueDate,
        purpose: parsed.data.purpose,
        ...(parsed.data.basis === 'percentage'
          ? { percentage: parsed.data.percentage as string }
          : { amount: parsed.data.amount as string }),
      },
      {
        onSuccess: (call) => {
          toast.success(`Capital call issued: ${formatUsdExact(call.totalAmount)} to ${call.lines.length} investors`);
          setForm(EMPTY);
          onOpenChange(false);
        },
        onError: (err) => toast.error(serverMessage(err) ?? 'Failed to issue the capital call'),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Capital Call</DialogTitle>
          <DialogDescription>
            Allocated to the deal's committed investors pro rata to their commitments, to the cent. No investor is asked for more than their
            unfunded commitment.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label="Deal" htmlFor="call-dealId" error={errors.dealId} required>
            <NativeSelect
              {...fieldProps('call-dealId', errors.dealId)}
              value={form.dealId}
              onChange={(e) => set('dealId', e.target.value)}
              placeholder={deals.isLoading ? 'Loading deals...' : 'Choose a deal with commitments'}
              options={withCommitments.map((d) => ({ value: d.id, label: `${d.title} (${formatUsdExact(d.committedAmount)} committed)` }))}
            />
          </Field>
          <Field label="Call by" htmlFor="call-basis">
            <NativeSelect
              id="call-basis"
              value={form.basis}
              onChange={(e) => set('basis', e.target.value as Form['basis'])}
              options={[
                { value: 'percentage', label: 'Percentage of commitments' },
                { value: 'amount', label: 'Amount' },
              ]}
            />
          </Field>
          {form.basis === 'percentage' ? (
            <Field label="Percentage of commitments (%)" htmlFor="call-percentage" error={errors.percentage} required>
              <Input
                {...fieldProps('call-percentage', errors.percentage)}
                inputMode="decimal"
                value={form.percentage}
                onChange={(e) => set('percentage', e.target.value)}
              />
            </Field>
          ) : (
            <Field label="Amount (USD)" htmlFor="call-amount" error={errors.amount} required>
              <Input
                {...fieldProps('call-amount', errors.amount)}
                inputMode="decimal"
                value={form.amount}
                onChange={(e) => set('amount', e.target.value)}
              />
            </Field>
          )}
          <Field label="Due date" htmlFor="call-dueDate" error={errors.dueDate} required>
            <DateInput
              {...fieldProps('call-dueDate', errors.dueDate)}
              value={form.dueDate}
              onChange={(e) => set('dueDate', e.target.value)}
            />
          </Field>
          <Field label="Purpose" htmlFor="call-purpose" error={errors.purpose} required>
            <Input {...fieldProps('call-purpose', errors.purpose)} value={form.purpose} onChange={(e) => set('purpose', e.target.value)} />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" busy={issue.isPending}>
              {issue.isPending ? 'Issuing...' : 'Issue Capital Call'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
