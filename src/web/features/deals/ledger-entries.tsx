import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { formatDate, formatUSDCents } from '../../../shared/format';
import { type LedgerEntry, reversalInput } from '../../../shared/ledger';
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
import { useClearErrorOnChange } from '../../lib/form-schema';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useReverseEntry } from './api';
import { dealsText } from './i18n';

/** What an entry is, in words: 'Contribution', or 'Reversal of Contribution'. */
export function entryLabel(e: Pick<LedgerEntry, 'kind' | 'reversedKind' | 'distributionType'>): string {
  if (e.kind === 'reversal') return dealsText.t('entries.reversalOf', { kind: enumLabel('entryKind', e.reversedKind ?? 'commitment') });
  if (e.kind === 'distribution' && e.distributionType)
    return dealsText.t('entries.distributionOf', { type: enumLabel('distributionType', e.distributionType) });
  return enumLabel('entryKind', e.kind);
}

/**
 * The deal's ledger entries, newest first, each with "Reverse": a reason, then a confirmation.
 * Nothing is edited in place; the server refuses what cannot be reversed (a reversal, an entry
 * already reversed) and its message is shown.
 */
export function LedgerEntries({ dealId, entries }: { dealId: string; entries: LedgerEntry[] }) {
  const { t } = dealsText.useT();
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const rows = [...entries].reverse();
  return (
    <>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-ink-900">{t('entries.title')}</h3>
      <Table aria-label={t('entries.title')} maxHeight="28rem">
        <THead>
          <TR>
            <TH>{t('entries.date')}</TH>
            <TH>{t('entries.investor')}</TH>
            <TH>{t('entries.entry')}</TH>
            <TH className="text-end">{t('entries.amount')}</TH>
            <TH>{t('entries.memo')}</TH>
            <TH>
              <span className="sr-only">{t('entries.actions')}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {rows.map((e) => {
            const label = entryLabel(e);
            return (
              <TR key={e.id} data-testid="ledger-entry">
                <TD className="tabular whitespace-nowrap">{formatDate(e.date)}</TD>
                <TD>
                  <bdi>{e.investorName}</bdi>
                </TD>
                <TD>{label}</TD>
                <TD className="tabular text-end whitespace-nowrap">
                  {e.kind === 'reversal' ? '−' : ''}
                  {formatUSDCents(e.amount)}
                </TD>
                <TD className="max-w-64 break-words text-muted">{e.memo ?? ''}</TD>
                <TD className="text-end">
                  {e.reversedBy ? (
                    <Badge tone="neutral">{t('entries.reversed')}</Badge>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setReversing(e)}
                      aria-label={t('entries.reverseLabel', {
                        entry: label,
                        amount: formatUSDCents(e.amount),
                        investor: e.investorName,
                        date: formatDate(e.date),
                      })}
                    >
                      <Undo2 aria-hidden="true" />
                      {t('entries.reverse')}
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
  const { t } = dealsText.useT();
  const [step, setStep] = useState<'reason' | 'confirm'>('reason');
  const form = useZodForm(reversalInput, { defaultValues: { reason: '' }, guardUnsaved: true });
  useClearErrorOnChange(form);
  const [serverError, setServerError] = useState<string | null>(null);
  const reverse = useReverseEntry(dealId, entry.id);
  const label = entryLabel(entry);
  const reason = String(form.watch('reason') ?? '');
  const guard = useDialogGuard(reason.trim() !== '' && !reverse.isPending);

  const next = form.handleSubmit(() => setStep('confirm'));

  async function confirm() {
    setServerError(null);
    try {
      await reverse.mutateAsync(reason);
      toast.success(t('reversal.done'));
      onDone();
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : t('reversal.retry');
      setServerError(message);
      toast.error(t('reversal.failed'), { description: message });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && guard.confirmClose() && onDone()}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{step === 'reason' ? t('reversal.title') : t('reversal.confirmTitle')}</DialogTitle>
          <DialogDescription>
            {t('reversal.description', {
              entry: label,
              amount: formatUSDCents(entry.amount),
              investor: entry.investorName,
              date: formatDate(entry.date),
            })}
          </DialogDescription>
        </DialogHeader>
        {step === 'reason' ? (
          <form noValidate onSubmit={next} className="flex flex-col gap-4">
            <p className="text-sm text-muted">{t('reversal.explain')}</p>
            <Field label={t('reversal.reason')} htmlFor="reversal-reason" error={form.errorOf('reason')} required>
              <Textarea {...form.field('reason', 'reversal-reason')} required maxLength={1000} />
            </Field>
            <DialogActions submit={t('reversal.continue')} />
          </form>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              <Trans
                t={t}
                i18nKey="reversal.confirmText"
                values={{ amount: formatUSDCents(entry.amount), investor: entry.investorName }}
                components={[<strong key="0" className="tabular" />]}
              />
            </p>
            <div className="rounded-md bg-ink-50 px-3 py-2 text-sm">
              <span className="text-muted">{t('reversal.reasonLabel')}</span>
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
                {t('reversal.back')}
              </Button>
              <Button type="button" variant="danger" busy={reverse.isPending} onClick={confirm}>
                {reverse.isPending ? t('reversal.reversing') : t('reversal.confirm')}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
