import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import type { PasswordPolicyInfo } from '../../../shared/password-policy';
import { Field } from '../../components/ui/field';
import type { ZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { authText } from './i18n';

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
  const { t } = authText.useT();
  const f = form as unknown as ZodForm<NewPasswordValues, NewPasswordValues>;
  return (
    <>
      <Field
        label={t('newPassword.label')}
        htmlFor={newId}
        error={f.errorOf('newPassword')}
        hint={t('newPassword.hint', { count: policy?.minLength ?? MIN_PASSWORD_LENGTH })}
        required={required}
      >
        <Input {...f.field('newPassword', newId, { hint: true })} type="password" autoComplete="new-password" required />
      </Field>
      <Field label={t('newPassword.confirm')} htmlFor={confirmId} error={f.errorOf('confirmPassword')} required={required}>
        <Input {...f.field('confirmPassword', confirmId)} type="password" autoComplete="new-password" required />
      </Field>
    </>
  );
}
