import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordForm } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { ApiError, serverMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { requestPasswordReset } from './api';
import { AuthCard } from './auth-card';
import { authText } from './i18n';

/** "Forgot password?": asks for an e-mail address and always answers the same way. */
export default function ForgotPasswordPage() {
  const { t } = authText.useT();
  const form = useZodForm(forgotPasswordForm, { defaultValues: { email: '' } });
  const [sent, setSent] = useState(false);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      // The server's answer is always the same sentence (FORGOT_PASSWORD_ANSWER): shown from the catalogue.
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      const field = err instanceof ApiError ? err.fields?.email : undefined;
      const message = field ?? (err instanceof ApiError ? (serverMessage(err) ?? t('forgot.failed')) : t('forgot.failed'));
      // The message shows on the field; anything but a field error (too many requests, offline) as a toast too.
      form.setError('email', { type: 'server', message }, { shouldFocus: true });
      if (!field) toast.error(message);
    }
  });

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {sent ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="flex items-start gap-2 rounded-md bg-success-100 px-3 py-3 text-sm text-success-700">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('forgot.sent')}</span>
          </p>
          <Link to="/login" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
            {t('forgot.backToSignIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label={t('forgot.email')} htmlFor="forgot-email" error={form.errorOf('email')}>
            <Input {...form.field('email', 'forgot-email')} type="email" autoComplete="email" required />
          </Field>
          <Button type="submit" size="lg" busy={form.busy}>
            {form.busy ? t('forgot.sending') : t('forgot.submit')}
          </Button>
          <Link to="/login" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
            {t('forgot.backToSignIn')}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
