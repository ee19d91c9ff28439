import { Navigate, useLocation, useNavigate } from 'react-router';
import { changePasswordForm } from '../../../shared/auth';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { asksForRealEmail } from '../../../shared/email-address';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadingScreen } from '../../components/ui/spinner';
import { homeFor, useAuth } from '../../lib/auth-context';
import { usePasswordPolicy } from '../../lib/password-policy';
import { redirectTarget } from '../../lib/redirect';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { authText } from './i18n';
import { NewPasswordFields } from './new-password-fields';

/** Change one's own password; a user holding a generated or temporary password lands here first. */
export default function ChangePasswordPage() {
  const { user, initialized, loading, changePassword } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const policy = usePasswordPolicy();
  const { t } = authText.useT();
  const minLength = policy?.minLength ?? MIN_PASSWORD_LENGTH;
  // The administrator a new install created without ADMIN_EMAIL sets the real address here too.
  const askEmail = user ? asksForRealEmail(user) : false;
  const form = useZodForm(changePasswordForm(minLength, askEmail), {
    defaultValues: { email: '', currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  if (!initialized || loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  const forced = user.mustChangePassword;

  const submit = form.handleSubmit(async ({ email, currentPassword, newPassword }) => {
    try {
      await changePassword(currentPassword, newPassword, askEmail ? email : undefined);
      toast.success(t('changePassword.success'));
      navigate(user ? redirectTarget(location.state, user) : '/', { replace: true });
    } catch (err) {
      toast.error(form.applyServerError(err, { fallback: t('changePassword.failed') }));
    }
  });

  return (
    <AuthCard
      title={t('changePassword.title')}
      subtitle={askEmail ? t('changePassword.firstSubtitle') : forced ? t('changePassword.forcedSubtitle') : t('changePassword.subtitle')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {askEmail && (
          <Field
            label={t('changePassword.email')}
            htmlFor="cp-email"
            error={form.errorOf('email')}
            hint={t('changePassword.emailHint')}
            required
          >
            <Input {...form.field('email', 'cp-email', { hint: true })} type="email" autoComplete="email" dir="ltr" required />
          </Field>
        )}
        <Field label={t('changePassword.current')} htmlFor="cp-current" error={form.errorOf('currentPassword')} required>
          <Input {...form.field('currentPassword', 'cp-current')} type="password" autoComplete="current-password" required />
        </Field>
        <NewPasswordFields form={form} newId="cp-new" confirmId="cp-confirm" policy={policy} required />
        <FormError>{form.formError}</FormError>
        <Button type="submit" size="lg" busy={form.busy}>
          {form.busy ? t('changePassword.saving') : t('changePassword.submit')}
        </Button>
        {!forced && (
          <Button type="button" variant="secondary" onClick={() => navigate(homeFor(user))}>
            {t('changePassword.cancel')}
          </Button>
        )}
      </form>
    </AuthCard>
  );
}
