import { useState } from 'react';
import { Trans } from 'react-i18next';
import { todayIso } from '../../../shared/dates';
import type { DealWaterfallSummary } from '../../../shared/deal-terms';
import { formatDate, formatUSDCents } from '../../../shared/format';
import en from '../../../shared/i18n/en/escrow-payouts.json';
import { toCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { catalog, translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, usePayOutEscrow } from './api';

/** Carry released from escrow, paid out to the carry recipients (issue 29 leftover, decision 039 amended). */
export const escrowPayoutsText = catalog('escrow-payouts', en);

/** The Waterfall by Deal's released escrow: what was paid out and to whom, what is still to pay out, and the button to pay it. */
export function EscrowPayouts({ d }: { d: DealWaterfallSummary }) {
  const { t } = escrowPayoutsText.useT();
  const [open, setOpen] = useState(false);
  const e = d.escrow;
  if (toCents(e.paidOut) === 0n && toCents(e.toPayOut) === 0n) return null;
  const amount = <span className="tabular font-medium" />;
  return (
    <div className="flex flex-col gap-1" data-testid="escrow-payouts">
      <ul>
        {toCents(e.paidOut) > 0n && (
          <li data-testid="escrow-paid-out">
            <Trans t={t} i18nKey="paidOut" values={{ amount: formatUSDCents(e.paidOut) }} components={{ amount }} />
          </li>
        )}
        {toCents(e.toPayOut) > 0n && (
          <li data-testid="escrow-to-pay-out">
            <Trans t={t} i18nKey="toPayOut" values={{ amount: formatUSDCents(e.toPayOut) }} components={{ amount }} />
          </li>
        )}
      </ul>
      {e.payouts.length > 0 && (
        <ul aria-label={t('payouts')} className="ms-4 list-disc text-xs text-muted">
          {e.payouts.map((p) => (
            <li key={p.id}>
              {t('payoutLine', {
                date: formatDate(p.paidOn),
                lines: p.lines.map((l) => t('payoutPart', { name: l.name, amount: formatUSDCents(l.amount) })).join(', '),
              })}
            </li>
          ))}
        </ul>
      )}
      {toCents(e.toPayOut) > 0n && (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            {t('button')}
          </Button>
          <PayOutDialog d={d} open={open} onClose={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}

function PayOutDialog({ d, open, onClose }: { d: DealWaterfallSummary; open: boolean; onClose: () => void }) {
  const { t } = escrowPayoutsText.useT();
  const pay = usePayOutEscrow();
  const today = todayIso();
  const [paidOn, setPaidOn] = useState(today);
  const [dateError, setDateError] = useState<string | null>(null);

  function confirm() {
    const problem = !paidOn ? t('paidOnRequired') : paidOn > today ? t('paidOnFuture') : null;
    setDateError(problem);
    if (problem) {
      document.getElementById('escrow-paidOn')?.focus();
      return;
    }
    pay.mutate(
      { dealId: d.dealId, paidOn },
      {
        onSuccess: (payout) => {
          toast.success(t('toast', { amount: formatUSDCents(payout.amount) }));
          onClose();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields?.paidOn : undefined;
          toast.error(serverMessage(err) ?? t('failed'));
          if (field) setDateError(translateMessage(field));
          else if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onClose();
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pay.isPending && onClose()}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', { amount: formatUSDCents(d.escrow.toPayOut), deal: d.dealTitle })}</DialogDescription>
        </DialogHeader>
        <Field label={t('paidOn')} htmlFor="escrow-paidOn" hint={t('paidOnHint')} error={dateError ?? undefined} required>
          <DateInput
            {...fieldProps('escrow-paidOn', dateError, true)}
            value={paidOn}
            max={today}
            onChange={(ev) => {
              setPaidOn(ev.target.value);
              setDateError(null);
            }}
          />
        </Field>
        <DialogActions submit={t('submit')} busyLabel={t('busy')} busy={pay.isPending} onSubmit={confirm} />
      </DialogContent>
    </Dialog>
  );
}
