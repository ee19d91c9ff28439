import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_ERRORS, checkSignUpForm, type SignUpForm, signInForm, signUpForm } from '../../../shared/auth';
import { INVESTOR_USER_TYPES } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { LoadingScreen } from '../../components/ui/spinner';
import { ApiError, serverMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { enumLabel, translateMessage } from '../../lib/i18n';
import { usePasswordPolicy } from '../../lib/password-policy';
import { redirectTarget } from '../../lib/redirect';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { authText } from './i18n';
import { EnrolStep, VerifyStep } from './two-factor-step';

type Mode = 'login' | 'signup';

export default function LoginPage() {
  const { user, initialized, signIn, completeSignIn, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('login');
  const [step, setStep] = useState<'verify' | 'enrol' | null>(null);
  const { t } = authText.useT();

  // Login flow (spec section 4): an active user goes to the stored page or their area.
  useEffect(() => {
    if (initialized && user && user.status === 'active') navigate(redirectTarget(location.state, user), { replace: true });
  }, [initialized, user, location.state, navigate]);

  if (!initialized) return <LoadingScreen label={t('initializing')} />;

  const finish = async () => {
    await completeSignIn();
    toast.success(authText.t('login.success'));
  };
  if (step === 'verify')
    return (
      <AuthCard title={t('twoFactor.title')} subtitle={t('subtitle')}>
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
      <AuthCard title={t('twoFactor.enrolTitle')} subtitle={t('subtitle')}>
        <EnrolStep onDone={finish} required />
      </AuthCard>
    );

  return mode === 'login' ? (
    <AuthCard title={t('login.title')} subtitle={t('subtitle')}>
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
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <SignUpFormView
        onDone={() => {
          setMode('login');
          toast.success(authText.t('signup.afterReturn'));
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
  const { t } = authText.useT();
  const form = useZodForm(signInForm, { defaultValues: { email: '', password: '' } });
  const error = form.formError;
  const errorId = useId();

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const res = await onSignIn(email, password);
      if (!res.secondFactor) toast.success(authText.t('login.success'));
    } catch (err) {
      const message = loginErrorMessage(err);
      form.setFormError(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false} aria-describedby={error ? errorId : undefined}>
      <Field label={t('login.email')} htmlFor="login-email">
        <Input {...form.register('email')} id="login-email" type="email" autoComplete="email" required />
      </Field>
      <Field label={t('login.password')} htmlFor="login-password">
        <Input {...form.register('password')} id="login-password" type="password" autoComplete="current-password" required />
      </Field>
      <Link
        to="/forgot-password"
        className="-mt-2 min-h-10 self-end py-2 text-sm font-medium text-gold-700 underline-offset-4 hover:underline"
      >
        {t('login.forgot')}
      </Link>
      <FormError id={errorId}>{error}</FormError>
      <Button type="submit" size="lg" busy={form.busy}>
        {form.busy ? t('login.submitting') : t('login.submit')}
      </Button>
      <button type="button" onClick={onSwitch} className="min-h-10 text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
        {t('login.toSignUp')}
      </button>
    </form>
  );
}

/** The login error catalogue of spec section 8. */
function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === AUTH_ERRORS.pending) return authText.t('login.pending');
    if (err.code === AUTH_ERRORS.suspended) return authText.t('login.suspended');
    if (err.message.includes('Invalid login credentials')) return authText.t('login.invalid');
    return serverMessage(err) ?? authText.t('login.failed');
  }
  return authText.t('login.failed');
}

const EMPTY_FORM: SignUpForm = { name: '', email: '', investorType: 'hni', password: '', confirmPassword: '' };

function SignUpFormView({ onDone, onSwitch }: { onDone: () => void; onSwitch: () => void }) {
  const { signUp } = useAuth();
  const { t } = authText.useT();
  const form = useZodForm(signUpForm, { defaultValues: EMPTY_FORM, guardUnsaved: true });
  const policy = usePasswordPolicy();

  const submit = form.handleSubmit(async (values) => {
    const problem = checkSignUpForm(values, policy?.minLength);
    if (problem) {
      // The shared check answers in English (as the server does): shown in the user's language.
      form.setFormError(translateMessage(problem));
      return;
    }
    try {
      await signUp({ name: values.name.trim(), email: values.email, password: values.password, investorType: values.investorType });
      toast.success(t('signup.success'));
      form.reset(EMPTY_FORM);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) {
        if (err.message.includes('already registered')) {
          form.setFormError(t('signup.alreadyRegisteredInline'));
          toast.error(t('signup.alreadyRegisteredToast'));
        } else if (err.message.includes('Database error')) {
          form.setFormError(t('signup.databaseInline'));
          toast.error(t('signup.databaseToast'));
        } else {
          form.applyServerError(err, { fallback: t('signup.failed'), alwaysFormError: true });
          toast.error(t('signup.failed'));
        }
      } else {
        console.error('Sign-up failed', err);
        form.setFormError(t('signup.unexpected'));
        toast.error(t('signup.unexpected'));
      }
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <Field label={t('signup.name')} htmlFor="signup-name" error={form.errorOf('name')} required>
        <Input {...form.field('name', 'signup-name')} autoComplete="name" required />
      </Field>
      <Field label={t('signup.email')} htmlFor="signup-email" error={form.errorOf('email')} required>
        <Input {...form.field('email', 'signup-email')} type="email" autoComplete="email" required />
      </Field>
      <Field label={t('signup.investorType')} htmlFor="signup-type" error={form.errorOf('investorType')}>
        <NativeSelect
          {...form.field('investorType', 'signup-type')}
          options={INVESTOR_USER_TYPES.map((type) => ({ value: type, label: enumLabel('userType', type) }))}
        />
      </Field>
      <Field
        label={t('signup.password')}
        htmlFor="signup-password"
        error={form.errorOf('password')}
        required
        hint={policy ? t('signup.passwordHint', { count: policy.minLength }) : undefined}
      >
        <Input {...form.field('password', 'signup-password')} type="password" autoComplete="new-password" required />
      </Field>
      <Field label={t('signup.confirmPassword')} htmlFor="signup-confirm" required>
        <Input {...form.register('confirmPassword')} id="signup-confirm" type="password" autoComplete="new-password" required />
      </Field>
      <FormError>{form.formError}</FormError>
      <p className="rounded-md bg-gold-100 px-3 py-2 text-sm text-ink-900">{t('signup.approvalNote')}</p>
      <Button type="submit" size="lg" busy={form.busy}>
        {form.busy ? t('signup.submitting') : t('signup.submit')}
      </Button>
      <button type="button" onClick={onSwitch} className="min-h-10 text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
        {t('signup.toLogin')}
      </button>
    </form>
  );
}
