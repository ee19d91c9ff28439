import { XCircle } from 'lucide-react';
import { Trans } from 'react-i18next';
import { formatUSD } from '../../../shared/format';
import { rejectSubscriptionInput, type Subscription } from '../../../shared/subscriptions';
import { DialogActions, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Textarea } from '../../components/ui/input';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { subscriptionsText } from './i18n';

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
