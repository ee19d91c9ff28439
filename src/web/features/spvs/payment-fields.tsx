import type { SpvInput } from '../../../shared/spvs';
import { Field } from '../../components/ui/field';
import type { ZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { spvsText } from './i18n';

type PaymentKey = 'bankName' | 'accountName' | 'accountNumber' | 'swiftCode' | 'paymentReference';

/** The SPV form's payment instructions (shown on capital call notices); rules in shared/spvs.ts. */
export function PaymentInstructionsFields<O>({ form }: { form: ZodForm<SpvInput, O> }) {
  const { t } = spvsText.useT();
  const id = (k: PaymentKey) => `spv-${k}`;
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-ink-900">{t('payment.legend')}</legend>
      <p className="-mt-2 text-sm text-muted">{t('payment.description')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('payment.bank')} htmlFor={id('bankName')} error={form.errorOf('bankName')}>
          <Input {...form.field('bankName', id('bankName'))} autoComplete="off" />
        </Field>
        <Field label={t('payment.holder')} htmlFor={id('accountName')} error={form.errorOf('accountName')}>
          <Input {...form.field('accountName', id('accountName'))} autoComplete="off" />
        </Field>
        <Field
          label={t('payment.account')}
          htmlFor={id('accountNumber')}
          error={form.errorOf('accountNumber')}
          hint={t('payment.accountHint')}
        >
          <Input
            {...form.field('accountNumber', id('accountNumber'), { hint: true })}
            autoComplete="off"
            spellCheck={false}
            className="tabular uppercase"
          />
        </Field>
        <Field label={t('payment.swift')} htmlFor={id('swiftCode')} error={form.errorOf('swiftCode')} hint={t('payment.swiftHint')}>
          <Input
            {...form.field('swiftCode', id('swiftCode'), { hint: true })}
            autoComplete="off"
            spellCheck={false}
            className="uppercase"
          />
        </Field>
      </div>
      <Field
        label={t('payment.reference')}
        htmlFor={id('paymentReference')}
        error={form.errorOf('paymentReference')}
        hint={t('payment.referenceHint')}
      >
        <Input {...form.field('paymentReference', id('paymentReference'), { hint: true })} autoComplete="off" />
      </Field>
    </fieldset>
  );
}
