import { useState } from 'react';
import { todayIso } from '../../../shared/dates';
import type { WaterfallPreview } from '../../../shared/deal-terms';
import type { DistributionEvent } from '../../../shared/distributions';
import { formatDate, formatUSD, formatUSDCents } from '../../../shared/format';
import { toCents } from '../../../shared/money';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { enumLabel, translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { type RecordDistributionBody, serverMessage, useConfirmPayment } from './api';
import { ClawbackEscrowPreview } from './clawback-escrow';
import { Fact, termsText } from './distribution-ui';
import { distributionsText } from './i18n';
import { unitsSplitText } from './units-split-i18n';
import { InvestorTiersTable, WaterfallChart } from './waterfall-ui';

/** Confirm Payment: marks an event Paid (cannot be undone). */
export function ConfirmPaymentDialog({ event, onClose }: { event: DistributionEvent | null; onClose: () => void }) {
  const { t, i18n } = distributionsText.useT();
  const pay = useConfirmPayment();
  // Keep the last event while the dialog animates closed.
  const [shown, setShown] = useState<DistributionEvent | null>(event);
  if (event && event !== shown) setShown(event);
  const ev = event ?? shown;
  // The day the money went out: the scheduled day, or today when that is still ahead (paid early).
  const today = todayIso();
  const [paidOn, setPaidOn] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (event && openedFor !== event.id) {
    setOpenedFor(event.id);
    setPaidOn(event.paymentDate < today ? event.paymentDate : today);
    setDateError(null);
  }

  function confirm() {
    if (!ev) return;
    const problem = !paidOn ? t('confirm.paidOnRequired') : paidOn > today ? t('confirm.paidOnFuture') : null;
    setDateError(problem);
    if (problem) {
      document.getElementById('confirm-paidOn')?.focus();
      return;
    }
    pay.mutate(
      { id: ev.id, paidOn },
      {
        onSuccess: () => {
          toast.success(t('toast.paid'));
          onClose();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields?.paidOn : undefined;
          toast.error(serverMessage(err) ?? t('toast.payFailed'));
          if (field) setDateError(translateMessage(field));
          else if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onClose();
        },
      },
    );
  }

  return (
    <Dialog open={event !== null} onOpenChange={(o) => !o && !pay.isPending && onClose()}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('confirm.title')}</DialogTitle>
          <DialogDescription>
            {ev
              ? t('confirm.question', {
                  // The type inside an English sentence is lower case ("the income distribution").
                  type: i18n.language === 'en' ? ev.type.toLowerCase() : enumLabel('distributionType', ev.type),
                  amount: formatUSD(ev.totalAmount),
                  deal: ev.dealTitle,
                  date: formatDate(ev.paymentDate),
                  count: ev.allocations.length,
                })
              : null}
          </DialogDescription>
        </DialogHeader>
        <Field label={t('confirm.paidOn')} htmlFor="confirm-paidOn" hint={t('confirm.paidOnHint')} error={dateError ?? undefined} required>
          <DateInput
            {...fieldProps('confirm-paidOn', dateError, true)}
            value={paidOn}
            max={today}
            onChange={(e) => {
              setPaidOn(e.target.value);
              setDateError(null);
            }}
          />
        </Field>
        <DialogActions submit={t('confirm.submit')} busyLabel={t('confirm.busy')} busy={pay.isPending} onSubmit={confirm} />
      </DialogContent>
    </Dialog>
  );
}

/** Distribution Preview: the waterfall of a distribution before it is recorded. */
export function PreviewDialog({
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: { body: RecordDistributionBody; preview: WaterfallPreview } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = distributionsText.useT();
  const units = unitsSplitText.useT().t;
  // Keep the last preview while the dialog animates closed.
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);
  const p = (pending ?? shown)?.preview;
  const type = (pending ?? shown)?.body.type ?? '';
  return (
    <Dialog open={pending !== null} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{t('preview.title')}</DialogTitle>
          <DialogDescription>
            {p
              ? t('preview.description', {
                  type: enumLabel('distributionType', type),
                  amount: formatUSDCents(p.totalAmount),
                  deal: p.dealTitle,
                  date: formatDate(p.paymentDate),
                })
              : null}
          </DialogDescription>
        </DialogHeader>
        {p && (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
              <Fact label={t('preview.terms')} className="col-span-2">
                {p.terms
                  ? t('preview.termsVersion', { version: p.terms.version, summary: termsText(p.termsSummary) })
                  : termsText(p.termsSummary)}
              </Fact>
              <Fact label={t('preview.investors')}>
                <span className="tabular font-semibold" data-testid="preview-lp">
                  {formatUSDCents(p.lpTotal)}
                </span>
              </Fact>
              <Fact label={t('preview.gp')}>
                <span className="tabular font-semibold" data-testid="preview-gp">
                  {formatUSDCents(p.gp)}
                </span>
              </Fact>
              {toCents(p.feeDeducted) > 0n && (
                <Fact label={t('preview.feesDeducted')} className="col-span-2 md:col-span-4">
                  <span className="tabular" data-testid="preview-fees">
                    {t('preview.feesText', { fees: formatUSDCents(p.feeDeducted), net: formatUSDCents(p.netToInvestors) })}
                  </span>
                </Fact>
              )}
              <Fact label={t('preview.hurdleBefore')} className="col-span-2 md:col-span-2">
                <span className="tabular">
                  {toCents(p.hurdleBefore) > 0n
                    ? t('preview.hurdleNeeded', { amount: formatUSDCents(p.hurdleBefore) })
                    : t('preview.alreadyReached')}
                </span>
              </Fact>
              <Fact label={t('preview.hurdleAfter')} className="col-span-2 md:col-span-2">
                <span className="tabular">
                  {toCents(p.hurdleAfter) > 0n ? t('preview.stillToGo', { amount: formatUSDCents(p.hurdleAfter) }) : t('preview.reached')}
                </span>
              </Fact>
            </dl>
            <WaterfallChart tiers={p.tiers} total={p.totalAmount} gpCatchUp={toCents(p.gpCatchUp)} caption={t('preview.tiers')} />
            {p.carry.length > 0 && (
              <Table aria-label={t('preview.carryRecipients')} maxHeight="none">
                <THead>
                  <TR>
                    <TH>{t('preview.carryRecipient')}</TH>
                    <TH className="text-end">{t('preview.amount')}</TH>
                  </TR>
                </THead>
                <TBody>
                  {p.carry.map((c) => (
                    <TR key={`${c.kind}-${c.userId ?? c.name}`}>
                      <TD className="font-medium">
                        <bdi>{c.name}</bdi>
                      </TD>
                      <TD className="tabular text-end">{formatUSDCents(c.amount)}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            <ClawbackEscrowPreview p={p} />
            {p.splitBasis === 'units' && (
              <p className="text-sm text-muted" data-testid="split-basis">
                {units('basis')}
              </p>
            )}
            <InvestorTiersTable investors={p.investors} caption={t('preview.eachInvestor')} />
          </div>
        )}
        <DialogActions
          submit={t('preview.submit')}
          busyLabel={t('preview.busy')}
          busy={busy}
          cancel={t('preview.back')}
          onSubmit={onConfirm}
        />
      </DialogContent>
    </Dialog>
  );
}
