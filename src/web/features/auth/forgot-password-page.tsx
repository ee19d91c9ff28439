import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FORGOT_PASSWORD_ANSWER } from '../../../shared/email';
import { Button } from '../../components/ui/button';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError, api } from '../../lib/api';
import { AuthCard } from './auth-card';

/** "Forgot password?": asks for an e-mail address and always answers the same way. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ message: string }>('/api/auth/forgot-password', { body: { email } });
      setSent(res.message);
    } catch (err) {
      const field = err instanceof ApiError ? err.fields?.email : undefined;
      const message = field ?? (err instanceof ApiError ? err.message : 'Request failed');
      setError(message);
      // A field error shows on the field; anything else (too many requests, offline) as a toast too.
      if (!field) toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot password?" subtitle="We will e-mail you a link to set a new password.">
      {sent ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="flex items-start gap-2 rounded-md bg-success-100 px-3 py-3 text-sm text-success-700">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{sent || FORGOT_PASSWORD_ANSWER}</span>
          </p>
          <Link to="/login" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Email" htmlFor="forgot-email" error={error}>
            <Input
              {...fieldProps('forgot-email', error)}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" busy={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
          <Link to="/login" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
