import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PASSWORDS_DO_NOT_MATCH } from '../../../shared/auth';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { passwordTooShortFor } from '../../../shared/password-policy';
import { Button } from '../../components/ui/button';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadingScreen } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { homeFor, useAuth } from '../../lib/auth-context';
import { policyHint, usePasswordPolicy } from '../../lib/password-policy';
import { redirectTarget } from '../../lib/redirect';
import { AuthCard } from './auth-card';

/** Change one's own password; a user holding a generated or temporary password lands here first. */
export default function ChangePasswordPage() {
  const { user, initialized, loading, changePassword } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const policy = usePasswordPolicy();
  const minLength = policy?.minLength ?? MIN_PASSWORD_LENGTH;

  if (!initialized || loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  const forced = user.mustChangePassword;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (next.length < minLength) errs.newPassword = passwordTooShortFor(minLength);
    else if (next !== confirm) errs.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await changePassword(current, next);
      toast.success('Password changed successfully');
      navigate(user ? redirectTarget(location.state, user) : '/', { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      setErrors(Object.keys(fields).length ? fields : { form: err instanceof Error ? err.message : 'Failed to change password' });
      toast.error(err instanceof ApiError ? err.message : 'Failed to change password');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Change password"
      subtitle={
        forced
          ? 'You signed in with a temporary password. Choose your own password to continue.'
          : 'Choose a new password for your account.'
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Current password" htmlFor="cp-current" error={errors.currentPassword} required>
          <Input
            {...fieldProps('cp-current', errors.currentPassword)}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field>
        <Field label="New password" htmlFor="cp-new" error={errors.newPassword} hint={policyHint(policy, MIN_PASSWORD_LENGTH)} required>
          <Input
            {...fieldProps('cp-new', errors.newPassword, true)}
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </Field>
        <Field label="Confirm new password" htmlFor="cp-confirm" error={errors.confirmPassword} required>
          <Input
            {...fieldProps('cp-confirm', errors.confirmPassword)}
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
          {busy ? 'Saving...' : 'Change Password'}
        </Button>
        {!forced && (
          <Button type="button" variant="secondary" onClick={() => navigate(homeFor(user))}>
            Cancel
          </Button>
        )}
      </form>
    </AuthCard>
  );
}
