import { useEffect, useId, useState } from 'react';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup, twoFactorCodeInput } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { ApiError, apiPost } from '../../lib/api';
import { toast } from '../../lib/toast';

function errorText(err: unknown): string {
  return err instanceof ApiError ? err.message || TWO_FACTOR_MESSAGES.invalidCode : 'Something went wrong. Try again.';
}

/** The second step of sign-in: a code from the authenticator app, or one of the recovery codes. */
export function VerifyStep({ onDone, onCancel }: { onDone: () => Promise<unknown>; onCancel: () => void }) {
  const form = useZodForm(twoFactorCodeInput, { defaultValues: { code: '' } });
  const error = form.formError;
  const errorId = useId();

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await apiPost('/api/auth/two-factor/verify', { body: { code } });
      await onDone();
    } catch (err) {
      form.setValue('code', '');
      form.setFormError(errorText(err));
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-describedby={error ? errorId : undefined}>
      <p className="text-sm text-ink-700">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <Field label="Authentication code" htmlFor="tf-code" error={form.errorOf('code')}>
        <Input {...form.field('code', 'tf-code')} autoComplete="one-time-code" inputMode="text" required autoFocus />
      </Field>
      <FormError id={errorId}>{error}</FormError>
      <Button type="submit" size="lg" busy={form.busy}>
        {form.busy ? 'Verifying...' : 'Verify'}
      </Button>
      <button type="button" onClick={onCancel} className="min-h-10 text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
        Back to sign in
      </button>
    </form>
  );
}

/** Enrolment: QR code and the secret as text, a code to confirm, then the ten recovery codes once. */
export function EnrolStep({ onDone, required }: { onDone: () => Promise<unknown>; required: boolean }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const form = useZodForm(twoFactorCodeInput, { defaultValues: { code: '' } });
  const [setupError, setSetupError] = useState<string | null>(null);
  const error = form.formError ?? setupError;
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    apiPost('/api/auth/two-factor/setup')
      .then(setSetup)
      .catch((err) => setSetupError(errorText(err)));
  }, []);

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const res = await apiPost('/api/auth/two-factor/confirm', { body: { code } });
      setRecoveryCodes(res.recoveryCodes);
      toast.success('Two-factor authentication is on');
    } catch (err) {
      form.setFormError(errorText(err));
    }
  });

  if (recoveryCodes) {
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink-900">Recovery codes</h2>
        <p className="text-sm text-ink-700">
          Keep these ten codes somewhere safe. Each one signs you in once if you lose your phone. They are not shown again.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-ink-50 p-3 font-mono text-sm tabular-nums">
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button size="lg" onClick={() => void onDone()}>
          Continue
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {required && (
        <p role="status" className="rounded-md bg-gold-100 px-3 py-2 text-sm text-ink-900">
          {TWO_FACTOR_MESSAGES.enrolRequired}
        </p>
      )}
      <p className="text-sm text-ink-700">
        Scan the QR code with an authenticator app, or type the secret key into it, then enter the code it shows.
      </p>
      {setup ? (
        <>
          <img src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" width={220} height={220} className="self-center" />
          <dl className="text-sm">
            <dt className="font-medium text-ink-900">Secret key</dt>
            <dd>
              <code data-testid="two-factor-secret" className="break-all font-mono text-ink-900">
                {setup.secret}
              </code>
            </dd>
          </dl>
        </>
      ) : (
        !error && <p className="text-sm text-ink-700">Preparing...</p>
      )}
      <Field label="Code from the app" htmlFor="tf-confirm" error={form.errorOf('code')}>
        <Input {...form.field('code', 'tf-confirm')} autoComplete="one-time-code" inputMode="numeric" required />
      </Field>
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" busy={form.busy} disabled={!setup}>
        {form.busy ? 'Confirming...' : 'Turn on two-factor'}
      </Button>
    </form>
  );
}
