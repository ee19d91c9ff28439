import type { SpvInput } from '../../../shared/spvs';
import { Field } from '../../components/ui/field';
import type { ZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';

type PaymentKey = 'bankName' | 'accountName' | 'accountNumber' | 'swiftCode' | 'paymentReference';

/** The SPV form's payment instructions (shown on capital call notices); rules in shared/spvs.ts. */
export function PaymentInstructionsFields<O>({ form }: { form: ZodForm<SpvInput, O> }) {
  const id = (k: PaymentKey) => `spv-${k}`;
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-ink-900">Payment Instructions</legend>
      <p className="-mt-2 text-sm text-muted">Shown on capital call notices. Leave all empty if investors should ask the desk.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Bank" htmlFor={id('bankName')} error={form.errorOf('bankName')}>
          <Input {...form.field('bankName', id('bankName'))} autoComplete="off" />
        </Field>
        <Field label="Account Holder" htmlFor={id('accountName')} error={form.errorOf('accountName')}>
          <Input {...form.field('accountName', id('accountName'))} autoComplete="off" />
        </Field>
        <Field
          label="IBAN or Account Number"
          htmlFor={id('accountNumber')}
          error={form.errorOf('accountNumber')}
          hint="e.g. MU17 BOMM 0101 1010 3030 0200 000M UR"
        >
          <Input
            {...form.field('accountNumber', id('accountNumber'), { hint: true })}
            autoComplete="off"
            spellCheck={false}
            className="tabular uppercase"
          />
        </Field>
        <Field label="SWIFT/BIC" htmlFor={id('swiftCode')} error={form.errorOf('swiftCode')} hint="8 or 11 characters, e.g. MCBLMUMU">
          <Input
            {...form.field('swiftCode', id('swiftCode'), { hint: true })}
            autoComplete="off"
            spellCheck={false}
            className="uppercase"
          />
        </Field>
      </div>
      <Field
        label="Payment Reference"
        htmlFor={id('paymentReference')}
        error={form.errorOf('paymentReference')}
        hint="What investors quote with their transfer"
      >
        <Input {...form.field('paymentReference', id('paymentReference'), { hint: true })} autoComplete="off" />
      </Field>
    </fieldset>
  );
}
