import { useState } from 'react';
import { Trans } from 'react-i18next';
import { todayIso } from '../../../shared/dates';
import { clawbackPaymentInput, type DealWaterfallSummary } from '../../../shared/deal-terms';
import { formatDate, formatUSDCents } from '../../../shared/format';
import en from '../../../shared/i18n/en/clawback-payments.json';
import { toCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { catalog, translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, useRecordClawbackPayment } from './api';

/** A GP's payment of a clawback owed, passed on to the investors (issue 29 leftover, decision 058). */
export const clawbackPaymentsText = catalog('clawback-payments', en);

/** The Waterfall by Deal's clawback payments: what the GP paid back and to whom, and the button to record a payment while it owes. */
export function ClawbackPayments({ d }: { d: DealWaterfallSummary }) {
  const { t } = clawbackPaymentsText.useT();
  const [open, setOpen] = useState(false);
  const canPay = d.clawback.mode === 'owed' && toCents(d.clawback.owed) > 0n;
  if (toCents(d.clawbackPaid) === 0n && !canPay) return null;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="clawback-payments">
      {toCents(d.clawbackPaid) > 0n && (
        <>
          <span data-testid="clawback-paid">
            <Trans
              t={t}
              i18nKey="paid"
              values={{ amount: formatUSDCents(d.clawbackPaid) }}
              components={{ amount: <span className="tabular font-medium" /> }}
            />
          </span>
          <ul aria-label={t('payments')} className="ms-4 list-disc text-xs text-muted">
            {d.clawbackPayments.map((p) => (
              <li key={p.id}>
                {t('paymentLine', {
                  date: formatDate(p.paidOn),
                  amount: formatUSDCents(p.amount),
                  lines: p.lines.map((l) => t('paymentPart', { name: l.name, amount: formatUSDCents(l.amount) })).join(', '),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {canPay && (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            {t('button')}
          </Button>
          {open && <PaymentDialog d={d} onClose={() => setOpen(false)} />}
        </div>
      )}
    </div>
  );
}

function PaymentDialog({ d, onClose }: { d: DealWaterfallSummary; onClose: () => void }) {
  const { t } = clawbackPaymentsText.useT();
  const record = useRecordClawbackPayment();
  const today = todayIso();
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [errors, setErrors] = useState<{ amount?: string; paidOn?: string }>({});

  function confirm() {
    const parsed = clawbackPaymentInput.shape.amount.safeParse(amount);
    const next: { amount?: string; paidOn?: string } = {};
    if (!amount.trim()) next.amount = t('amountRequired');
    else if (!parsed.success) next.amount = translateMessage(parsed.error.issues[0]?.message ?? '');
    else if (toCents(parsed.data) > toCents(d.clawback.owed)) next.amount = t('amountTooMuch', { amount: formatUSDCents(d.clawback.owed) });
    if (!paidOn) next.paidOn = t('paidOnRequired');
    else if (paidOn > today) next.paidOn = t('paidOnFuture');
    setErrors(next);
    if (next.amount || next.paidOn) {
      document.getElementById(next.amount ? 'clawback-amount' : 'clawback-paidOn')?.focus();
      return;
    }
    record.mutate(
      { dealId: d.dealId, amount: parsed.data as string, paidOn },
      {
        onSuccess: (payment) => {
          toast.success(t('toast', { amount: formatUSDCents(payment.amount) }));
          onClose();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined;
          toast.error(serverMessage(err) ?? t('failed'));
          if (fields?.amount || fields?.paidOn)
            setErrors({
              ...(fields.amount ? { amount: translateMessage(fields.amount) } : {}),
              ...(fields.paidOn ? { paidOn: translateMessage(fields.paidOn) } : {}),
            });
          else if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onClose();
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !record.isPending && onClose()}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', { amount: formatUSDCents(d.clawback.owed), deal: d.dealTitle })}</DialogDescription>
        </DialogHeader>
        <Field label={t('amount')} htmlFor="clawback-amount" hint={t('amountHint')} error={errors.amount} required>
          <Input
            {...fieldProps('clawback-amount', errors.amount ?? null, true)}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            className="tabular"
            onChange={(ev) => {
              setAmount(ev.target.value);
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
          />
        </Field>
        <Field label={t('paidOn')} htmlFor="clawback-paidOn" hint={t('paidOnHint')} error={errors.paidOn} required>
          <DateInput
            {...fieldProps('clawback-paidOn', errors.paidOn ?? null, true)}
            value={paidOn}
            max={today}
            onChange={(ev) => {
              setPaidOn(ev.target.value);
              setErrors((e) => ({ ...e, paidOn: undefined }));
            }}
          />
        </Field>
        <DialogActions submit={t('submit')} busyLabel={t('busy')} busy={record.isPending} onSubmit={confirm} />
      </DialogContent>
    </Dialog>
  );
}
