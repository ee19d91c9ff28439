import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import { ENTRY_LABELS, type LedgerEntry, reversalInput } from '../../../shared/ledger';
import { formatUsdExact } from '../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Textarea } from '../../components/ui/input';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { apiPost } from '../../lib/api';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';

/** What an entry is, in words: 'Contribution', or 'Reversal of Contribution'. */
export function entryLabel(e: Pick<LedgerEntry, 'kind' | 'reversedKind' | 'distributionType'>): string {
  if (e.kind === 'reversal') return `Reversal of ${ENTRY_LABELS[e.reversedKind ?? 'commitment']}`;
  if (e.kind === 'distribution' && e.distributionType) return `Distribution (${e.distributionType})`;
  return ENTRY_LABELS[e.kind];
}

/**
 * The deal's ledger entries, newest first, each with "Reverse": a reason, then a confirmation.
 * Nothing is edited in place; the server refuses what cannot be reversed (a reversal, an entry
 * already reversed) and its message is shown.
 */
export function LedgerEntries({ dealId, entries }: { dealId: string; entries: LedgerEntry[] }) {
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const rows = [...entries].reverse();
  return (
    <>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-ink-900">Ledger entries</h3>
      <Table aria-label="Ledger entries" maxHeight="28rem">
        <THead>
          <TR>
            <TH>Date</TH>
            <TH>Investor</TH>
            <TH>Entry</TH>
            <TH className="text-end">Amount</TH>
            <TH>Memo / reason</TH>
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {rows.map((e) => {
            const label = entryLabel(e);
            return (
              <TR key={e.id} data-testid="ledger-entry">
                <TD className="tabular whitespace-nowrap">{formatDate(e.date)}</TD>
                <TD>{e.investorName}</TD>
                <TD>{label}</TD>
                <TD className="tabular text-end whitespace-nowrap">
                  {e.kind === 'reversal' ? '−' : ''}
                  {formatUsdExact(e.amount)}
                </TD>
                <TD className="max-w-64 break-words text-muted">{e.memo ?? ''}</TD>
                <TD className="text-end">
                  {e.reversedBy ? (
                    <Badge tone="neutral">Reversed</Badge>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setReversing(e)}
                      aria-label={`Reverse ${label} of ${formatUsdExact(e.amount)} for ${e.investorName} on ${formatDate(e.date)}`}
                    >
                      <Undo2 aria-hidden="true" />
                      Reverse
                    </Button>
                  )}
                </TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
      {reversing && <ReverseDialog key={reversing.id} dealId={dealId} entry={reversing} onDone={() => setReversing(null)} />}
    </>
  );
}

/** Reverse one entry: a reason (reversalInput), then a confirmation. Open while mounted; a typed reason asks before closing. */
function ReverseDialog({ dealId, entry, onDone }: { dealId: string; entry: LedgerEntry; onDone: () => void }) {
  const qc = useQueryClient();
  const [step, setStep] = useState<'reason' | 'confirm'>('reason');
  const form = useZodForm(reversalInput, { defaultValues: { reason: '' }, guardUnsaved: true });
  useClearErrorOnChange(form);
  const [serverError, setServerError] = useState<string | null>(null);
  const reverse = useMutation({
    mutationFn: (reason: string) => apiPost('/api/ledger/:id/reverse', { params: { id: entry.id }, body: { reason } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['deals', 'ledger', dealId] }),
  });
  const label = entryLabel(entry);
  const reason = String(form.watch('reason') ?? '');
  const guard = useDialogGuard(reason.trim() !== '' && !reverse.isPending);

  const next = form.handleSubmit(() => setStep('confirm'));

  async function confirm() {
    setServerError(null);
    try {
      await reverse.mutateAsync(reason);
      toast.success('Ledger entry reversed');
      onDone();
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'Please try again.';
      setServerError(message);
      toast.error('Failed to reverse the entry', { description: message });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && guard.confirmClose() && onDone()}>
      return (
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{step === 'reason' ? 'Reverse Ledger Entry' : 'Confirm Reversal'}</DialogTitle>
          <DialogDescription>
            {label} of {formatUsdExact(entry.amount)} for {entry.investorName} on {formatDate(entry.date)}.
          </DialogDescription>
        </DialogHeader>
        {step === 'reason' ? (
          <form noValidate onSubmit={next} className="flex flex-col gap-4">
            <p className="text-sm text-muted">
              Entries are never edited or deleted: a reversing entry cancels this one, and the activity log records who did it and why.
            </p>
            <Field label="Reason" htmlFor="reversal-reason" error={form.errorOf('reason')} required>
              <Textarea {...form.field('reason', 'reversal-reason')} required maxLength={1000} />
            </Field>
            <DialogActions submit="Continue" />
          </form>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              A reversing entry of <strong className="tabular">{formatUsdExact(entry.amount)}</strong> will be added to {entry.investorName}
              's account, dated today (or the entry's date if later). Every balance derived from this entry changes accordingly. This cannot
              be undone.
            </p>
            <div className="rounded-md bg-ink-50 px-3 py-2 text-sm">
              <span className="text-muted">Reason: </span>
              <span className="break-words">{reason.trim()}</span>
            </div>
            {serverError && (
              <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
                {serverError}
              </p>
            )}
            {/* Back returns to the reason (it does not close), so this step keeps its own footer. */}
            <DialogFooter>
              <Button type="button" variant="secondary" disabled={reverse.isPending} onClick={() => setStep('reason')}>
                Back
              </Button>
              <Button type="button" variant="danger" busy={reverse.isPending} onClick={confirm}>
                {reverse.isPending ? 'Reversing...' : 'Confirm Reversal'}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
