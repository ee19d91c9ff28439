import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PASSWORDS_DO_NOT_MATCH } from '../../../shared/auth';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '../../../shared/email';
import { passwordTooShortFor } from '../../../shared/password-policy';
import { Button } from '../../components/ui/button';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadingScreen } from '../../components/ui/spinner';
import { ApiError, api } from '../../lib/api';
import { policyHint, usePasswordPolicy } from '../../lib/password-policy';
import { AuthCard } from './auth-card';

/** The token travels in the URL fragment (#token=...), which browsers never send to a server or a log. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/** The page a recovery link opens: checks the link, then sets a new password under the password rule. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The Security tab's password policy, announced before submitting (the server checks it too).
  const policy = usePasswordPolicy();
  const minLength = policy?.minLength ?? MIN_PASSWORD_LENGTH;
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => api<{ valid: boolean }>('/api/auth/reset-password/check', { body: { token } }),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (token && check.isPending) return <LoadingScreen />;
  if (!token || check.isError) {
    return (
      <AuthCard title="Set a new password" subtitle="Password recovery">
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
            {RESET_LINK_INVALID}
          </p>
          <Link to="/forgot-password" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
            Request a new link
          </Link>
        </div>
      </AuthCard>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (password.length < minLength) errs.password = passwordTooShortFor(minLength);
    else if (password !== confirm) errs.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await api('/api/auth/reset-password', { body: { token, password } });
      // The link is used up: drop it from the address bar and the history entry.
      window.history.replaceState(null, '', '/reset-password');
      toast.success(PASSWORD_RESET_DONE);
      navigate('/login', { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      const message = err instanceof ApiError ? err.message : 'Failed to set the password';
      setErrors(fields.password ? { password: fields.password } : { form: message });
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your account. You will be signed out everywhere else.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="New password" htmlFor="reset-password" error={errors.password} hint={policyHint(policy, MIN_PASSWORD_LENGTH)}>
          <Input
            {...fieldProps('reset-password', errors.password, true)}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Field label="Confirm new password" htmlFor="reset-confirm" error={errors.confirmPassword}>
          <Input
            {...fieldProps('reset-confirm', errors.confirmPassword)}
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </Field>
        {errors.form && (
          <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
            {errors.form}
          </p>
        )}
        <Button type="submit" size="lg" busy={busy}>
          {busy ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
