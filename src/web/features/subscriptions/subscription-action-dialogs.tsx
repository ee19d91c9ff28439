import { CheckCircle2, XCircle } from 'lucide-react';
import { Trans } from 'react-i18next';
import { formatUSD } from '../../../shared/format';
import { rejectSubscriptionInput, type Subscription } from '../../../shared/subscriptions';
import { DialogActions, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Textarea } from '../../components/ui/input';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { useDealOptions } from '../../lib/queries/deals';
import { decimalToCents } from './amount';
import { subscriptionsText } from './i18n';

/** Mark Completed: what the deal's committed amount becomes, then the confirmation. */
export function CompleteBody({ sub, busy, onConfirm }: { sub: Subscription; busy: boolean; onConfirm: () => Promise<void> }) {
  const { t } = subscriptionsText.useT();
  const deals = useDealOptions();
  const deal = deals.data?.find((d) => d.id === sub.dealId);
  const after = deal ? decimalToCents(deal.committedAmount) + decimalToCents(sub.amount) : null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('complete.title')}</DialogTitle>
        <DialogDescription>
          <Trans
            t={t}
            i18nKey="complete.description"
            values={{ investor: sub.investorName, amount: formatUSD(sub.amount), deal: sub.dealTitle }}
            components={{ amount: <span className="tabular font-medium text-text" />, deal: <span className="font-medium text-text" /> }}
          />
        </DialogDescription>
      </DialogHeader>
      <p className="rounded-md border border-gold-400/60 bg-gold-100/60 p-3 text-sm text-text" data-testid="committed-note">
        {deal && after !== null ? (
          <Trans
            t={t}
            i18nKey="complete.riseFromTo"
            values={{ amount: formatUSD(sub.amount), from: formatUSD(deal.committedAmount), to: formatUSD(after) }}
            components={{ b: <span className="tabular font-semibold" /> }}
          />
        ) : (
          <Trans
            t={t}
            i18nKey="complete.rise"
            values={{ amount: formatUSD(sub.amount) }}
            components={{ b: <span className="tabular font-semibold" /> }}
          />
        )}
      </p>
      <DialogActions
        busy={busy}
        busyLabel={t('complete.busy')}
        cancel={t('admin.cancel')}
        onSubmit={() => void onConfirm()}
        submit={
          <>
            <CheckCircle2 aria-hidden="true" />
            {t('complete.submit')}
          </>
        }
      />
    </>
  );
}

/** Reject: the reason the investor will read (required). */
export function RejectBody({ sub, busy, onConfirm }: { sub: Subscription; busy: boolean; onConfirm: (reason: string) => Promise<void> }) {
  const { t } = subscriptionsText.useT();
  const form = useZodForm(rejectSubscriptionInput, { defaultValues: { reason: '' } });
  useClearErrorOnChange(form);
  const submit = form.handleSubmit(({ reason }) => void onConfirm(reason));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('reject.title')}</DialogTitle>
        <DialogDescription>
          <Trans
            t={t}
            i18nKey="reject.description"
            values={{ investor: sub.investorName, amount: formatUSD(sub.amount), deal: sub.dealTitle }}
            components={{ amount: <span className="tabular font-medium text-text" />, deal: <span className="font-medium text-text" /> }}
          />
        </DialogDescription>
      </DialogHeader>
      <Field label={t('reject.reason')} htmlFor="subs-reject-reason" error={form.errorOf('reason')} required>
        <Textarea {...form.field('reason', 'subs-reject-reason')} maxLength={2000} />
      </Field>
      <DialogActions
        variant="danger"
        busy={busy}
        busyLabel={t('reject.busy')}
        cancel={t('admin.cancel')}
        submit={
          <>
            <XCircle aria-hidden="true" />
            {t('reject.submit')}
          </>
        }
      />
    </form>
  );
}
