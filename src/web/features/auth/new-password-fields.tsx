import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import type { PasswordPolicyInfo } from '../../../shared/password-policy';
import { Field } from '../../components/ui/field';
import type { ZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { policyHint } from '../../lib/password-policy';

type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** New password + confirmation with the policy's hint: the block the reset and change pages share. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  newId,
  confirmId,
  policy,
  required,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: only the two password fields are used
  form: ZodForm<T, any>;
  newId: string;
  confirmId: string;
  policy: PasswordPolicyInfo | undefined;
  required?: boolean;
}) {
  const f = form as unknown as ZodForm<NewPasswordValues, NewPasswordValues>;
  return (
    <>
      <Field
        label="New password"
        htmlFor={newId}
        error={f.errorOf('newPassword')}
        hint={policyHint(policy, MIN_PASSWORD_LENGTH)}
        required={required}
      >
        <Input {...f.field('newPassword', newId, { hint: true })} type="password" autoComplete="new-password" required />
      </Field>
      <Field label="Confirm new password" htmlFor={confirmId} error={f.errorOf('confirmPassword')} required={required}>
        <Input {...f.field('confirmPassword', confirmId)} type="password" autoComplete="new-password" required />
      </Field>
    </>
  );
}
