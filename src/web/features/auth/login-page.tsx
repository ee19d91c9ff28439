import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  AUTH_ERRORS,
  checkSignUpForm,
  LOGIN_MESSAGES,
  SIGNUP_MESSAGES,
  type SignUpForm,
  signInForm,
  signUpForm,
} from '../../../shared/auth';
import { INVESTOR_USER_TYPES, USER_TYPE_LABELS } from '../../../shared/constants';
import type { PasswordPolicyInfo } from '../../../shared/password-policy';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { LoadingScreen } from '../../components/ui/spinner';
import { ApiError, apiGet } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { redirectTarget } from '../../lib/redirect';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { EnrolStep, VerifyStep } from './two-factor-step';

type Mode = 'login' | 'signup';

export default function LoginPage() {
  const { user, initialized, signIn, completeSignIn, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('login');
  const [step, setStep] = useState<'verify' | 'enrol' | null>(null);

  // Login flow (spec section 4): an active user goes to the stored page or their area.
  useEffect(() => {
    if (initialized && user && user.status === 'active') navigate(redirectTarget(location.state, user), { replace: true });
  }, [initialized, user, location.state, navigate]);

  if (!initialized) return <LoadingScreen label="Initializing..." />;

  const finish = async () => {
    await completeSignIn();
    toast.success(LOGIN_MESSAGES.success);
  };
  if (step === 'verify')
    return (
      <AuthCard title="Two-factor authentication" subtitle="Secure access to deal syndication platform">
        <VerifyStep
          onDone={finish}
          onCancel={() => {
            setStep(null);
            void signOut().catch(() => {});
          }}
        />
      </AuthCard>
    );
  if (step === 'enrol')
    return (
      <AuthCard title="Set up two-factor authentication" subtitle="Secure access to deal syndication platform">
        <EnrolStep onDone={finish} required />
      </AuthCard>
    );

  return mode === 'login' ? (
    <AuthCard title="Sign in" subtitle="Secure access to deal syndication platform">
      <LoginForm
        onSignIn={async (email, password) => {
          const res = await signIn(email, password);
          if (res.secondFactor) setStep(res.secondFactor);
          return res;
        }}
        onSwitch={() => setMode('signup')}
      />
    </AuthCard>
  ) : (
    <AuthCard title="Investor sign-up" subtitle="Create your investor account">
      <SignUpFormView
        onDone={() => {
          setMode('login');
          toast.success(SIGNUP_MESSAGES.afterReturn);
        }}
        onSwitch={() => setMode('login')}
      />
    </AuthCard>
  );
}

function LoginForm({
  onSignIn,
  onSwitch,
}: {
  onSignIn: (email: string, password: string) => Promise<{ secondFactor: string | null }>;
  onSwitch: () => void;
}) {
  const form = useZodForm(signInForm, { defaultValues: { email: '', password: '' } });
  const error = form.formError;
  const errorId = useId();

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const res = await onSignIn(email, password);
      if (!res.secondFactor) toast.success(LOGIN_MESSAGES.success);
    } catch (err) {
      const message = loginErrorMessage(err);
      form.setFormError(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false} aria-describedby={error ? errorId : undefined}>
      <Field label="Email" htmlFor="login-email">
        <Input {...form.register('email')} id="login-email" type="email" autoComplete="email" required />
      </Field>
      <Field label="Password" htmlFor="login-password">
        <Input {...form.register('password')} id="login-password" type="password" autoComplete="current-password" required />
      </Field>
      <Link
        to="/forgot-password"
        className="-mt-2 min-h-10 self-end py-2 text-sm font-medium text-gold-700 underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <FormError id={errorId}>{error}</FormError>
      <Button type="submit" size="lg" busy={form.busy}>
        {form.busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <button type="button" onClick={onSwitch} className="min-h-10 text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
        Don't have an account? Sign up as investor
      </button>
    </form>
  );
}

/** The login error catalogue of spec section 8. */
function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === AUTH_ERRORS.pending) return LOGIN_MESSAGES.pending;
    if (err.code === AUTH_ERRORS.suspended) return LOGIN_MESSAGES.suspended;
    if (err.message.includes('Invalid login credentials')) return LOGIN_MESSAGES.invalid;
    return err.message || LOGIN_MESSAGES.failed;
  }
  return LOGIN_MESSAGES.failed;
}

const EMPTY_FORM: SignUpForm = { name: '', email: '', investorType: 'hni', password: '', confirmPassword: '' };

function SignUpFormView({ onDone, onSwitch }: { onDone: () => void; onSwitch: () => void }) {
  const { signUp } = useAuth();
  const form = useZodForm(signUpForm, { defaultValues: EMPTY_FORM, guardUnsaved: true });
  const [policy, setPolicy] = useState<PasswordPolicyInfo | null>(null);
  useEffect(() => {
    apiGet('/api/auth/password-policy')
      .then(setPolicy)
      .catch(() => setPolicy(null));
  }, []);

  const submit = form.handleSubmit(async (values) => {
    const problem = checkSignUpForm(values, policy?.minLength);
    if (problem) {
      form.setFormError(problem);
      return;
    }
    try {
      await signUp({ name: values.name.trim(), email: values.email, password: values.password, investorType: values.investorType });
      toast.success(SIGNUP_MESSAGES.success);
      form.reset(EMPTY_FORM);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) {
        if (err.message.includes('already registered')) {
          form.setFormError(SIGNUP_MESSAGES.alreadyRegisteredInline);
          toast.error(SIGNUP_MESSAGES.alreadyRegisteredToast);
        } else if (err.message.includes('Database error')) {
          form.setFormError(SIGNUP_MESSAGES.databaseInline);
          toast.error(SIGNUP_MESSAGES.databaseToast);
        } else {
          form.applyServerError(err, { fallback: SIGNUP_MESSAGES.failed, alwaysFormError: true });
          toast.error(SIGNUP_MESSAGES.failed);
        }
      } else {
        console.error('Sign-up failed', err);
        form.setFormError(SIGNUP_MESSAGES.unexpected);
        toast.error(SIGNUP_MESSAGES.unexpected);
      }
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <Field label="Full Name" htmlFor="signup-name" error={form.errorOf('name')} required>
        <Input {...form.field('name', 'signup-name')} autoComplete="name" required />
      </Field>
      <Field label="Email" htmlFor="signup-email" error={form.errorOf('email')} required>
        <Input {...form.field('email', 'signup-email')} type="email" autoComplete="email" required />
      </Field>
      <Field label="Investor Type" htmlFor="signup-type" error={form.errorOf('investorType')}>
        <NativeSelect
          {...form.field('investorType', 'signup-type')}
          options={INVESTOR_USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }))}
        />
      </Field>
      <Field
        label="Password"
        htmlFor="signup-password"
        error={form.errorOf('password')}
        required
        hint={policy ? `At least ${policy.minLength} characters; not a common password or your email address.` : undefined}
      >
        <Input {...form.field('password', 'signup-password')} type="password" autoComplete="new-password" required />
      </Field>
      <Field label="Confirm Password" htmlFor="signup-confirm" required>
        <Input {...form.register('confirmPassword')} id="signup-confirm" type="password" autoComplete="new-password" required />
      </Field>
      <FormError>{form.formError}</FormError>
      <p className="rounded-md bg-gold-100 px-3 py-2 text-sm text-ink-900">
        All investor accounts require administrator approval before you can sign in.
      </p>
      <Button type="submit" size="lg" busy={form.busy}>
        {form.busy ? 'Creating Account...' : 'Create Investor Account'}
      </Button>
      <button type="button" onClick={onSwitch} className="min-h-10 text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
        Already have an account? Sign in
      </button>
    </form>
  );
}
