import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import type { SpvForm } from './spv-tracker-page';

type PaymentKey = 'bankName' | 'accountName' | 'accountNumber' | 'swiftCode' | 'paymentReference';

/** The SPV form's payment instructions (shown on capital call notices); rules in shared/spvs.ts. */
export function PaymentInstructionsFields({
  form,
  errors,
  set,
}: {
  form: SpvForm;
  errors: Record<string, string>;
  set: (key: PaymentKey, value: string) => void;
}) {
  const id = (k: PaymentKey) => `spv-${k}`;
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-ink-900">Payment Instructions</legend>
      <p className="-mt-2 text-sm text-muted">Shown on capital call notices. Leave all empty if investors should ask the desk.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Bank" htmlFor={id('bankName')} error={errors.bankName}>
          <Input
            {...fieldProps(id('bankName'), errors.bankName)}
            autoComplete="off"
            value={form.bankName}
            onChange={(e) => set('bankName', e.target.value)}
          />
        </Field>
        <Field label="Account Holder" htmlFor={id('accountName')} error={errors.accountName}>
          <Input
            {...fieldProps(id('accountName'), errors.accountName)}
            autoComplete="off"
            value={form.accountName}
            onChange={(e) => set('accountName', e.target.value)}
          />
        </Field>
        <Field
          label="IBAN or Account Number"
          htmlFor={id('accountNumber')}
          error={errors.accountNumber}
          hint="e.g. MU17 BOMM 0101 1010 3030 0200 000M UR"
        >
          <Input
            {...fieldProps(id('accountNumber'), errors.accountNumber, true)}
            autoComplete="off"
            spellCheck={false}
            className="tabular uppercase"
            value={form.accountNumber}
            onChange={(e) => set('accountNumber', e.target.value)}
          />
        </Field>
        <Field label="SWIFT/BIC" htmlFor={id('swiftCode')} error={errors.swiftCode} hint="8 or 11 characters, e.g. MCBLMUMU">
          <Input
            {...fieldProps(id('swiftCode'), errors.swiftCode, true)}
            autoComplete="off"
            spellCheck={false}
            className="uppercase"
            value={form.swiftCode}
            onChange={(e) => set('swiftCode', e.target.value)}
          />
        </Field>
      </div>
      <Field
        label="Payment Reference"
        htmlFor={id('paymentReference')}
        error={errors.paymentReference}
        hint="What investors quote with their transfer"
      >
        <Input
          {...fieldProps(id('paymentReference'), errors.paymentReference, true)}
          autoComplete="off"
          value={form.paymentReference}
          onChange={(e) => set('paymentReference', e.target.value)}
        />
      </Field>
    </fieldset>
  );
}
