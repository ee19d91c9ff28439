import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resetPasswordForm } from '../../../shared/auth';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { FormError, useZodForm } from '../../components/ui/form';
import { LoadingScreen } from '../../components/ui/spinner';
import { usePasswordPolicy } from '../../lib/password-policy';
import { toast } from '../../lib/toast';
import { resetPassword, useResetTokenCheck } from './api';
import { AuthCard } from './auth-card';
import { authText } from './i18n';
import { NewPasswordFields } from './new-password-fields';

/** The token travels in the URL fragment (#token=...), which browsers never send to a server or a log. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/** The page a recovery link opens: checks the link, then sets a new password under the password rule. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  // The Security tab's password policy, announced before submitting (the server checks it too).
  const policy = usePasswordPolicy();
  const { t } = authText.useT();
  const minLength = policy?.minLength ?? MIN_PASSWORD_LENGTH;
  const form = useZodForm(resetPasswordForm(minLength), { defaultValues: { newPassword: '', confirmPassword: '' } });
  const check = useResetTokenCheck(token);

  if (token && check.isPending) return <LoadingScreen />;
  if (!token || check.isError) {
    return (
      <AuthCard title={t('reset.title')} subtitle={t('reset.invalidSubtitle')}>
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
            {t('reset.invalid')}
          </p>
          <Link to="/forgot-password" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
            {t('reset.requestNew')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await resetPassword(token, newPassword);
      // The link is used up: drop it from the address bar and the history entry.
      window.history.replaceState(null, '', '/reset-password');
      toast.success(t('reset.done'));
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(form.applyServerError(err, { fallback: t('reset.failed'), rename: { password: 'newPassword' } }));
    }
  });

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields form={form} newId="reset-password" confirmId="reset-confirm" policy={policy} />
        <FormError>{form.formError}</FormError>
        <Button type="submit" size="lg" busy={form.busy}>
          {form.busy ? t('reset.saving') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
