import { Copy, Download } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type TwoFactorSetup, twoFactorCodeInput } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { ApiError, serverMessage } from '../../lib/api';
import { copyText, downloadText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { confirmTwoFactor, startTwoFactorSetup, verifyTwoFactor } from './api';
import { authText } from './i18n';

function errorText(err: unknown): string {
  return err instanceof ApiError ? (serverMessage(err) ?? authText.t('twoFactor.invalidCode')) : authText.t('twoFactor.failed');
}

/** The second step of sign-in: a code from the authenticator app, or one of the recovery codes. */
export function VerifyStep({ onDone, onCancel }: { onDone: () => Promise<unknown>; onCancel: () => void }) {
  const { t } = authText.useT();
  const form = useZodForm(twoFactorCodeInput, { defaultValues: { code: '' } });
  const error = form.formError;
  const errorId = useId();

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyTwoFactor(code);
      await onDone();
    } catch (err) {
      form.setValue('code', '');
      form.setFormError(errorText(err));
    }
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-describedby={error ? errorId : undefined}>
      <p className="text-sm text-ink-700">{t('twoFactor.verifyIntro')}</p>
      <Field label={t('twoFactor.code')} htmlFor="tf-code" error={form.errorOf('code')}>
        <Input {...form.field('code', 'tf-code')} autoComplete="one-time-code" inputMode="text" required autoFocus />
      </Field>
      <FormError id={errorId}>{error}</FormError>
      <Button type="submit" size="lg" busy={form.busy}>
        {form.busy ? t('twoFactor.verifying') : t('twoFactor.verify')}
      </Button>
      <button type="button" onClick={onCancel} className="min-h-10 text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
        {t('twoFactor.backToSignIn')}
      </button>
    </form>
  );
}

/** Enrolment: QR code and the secret as text, a code to confirm, then the ten recovery codes once. */
export function EnrolStep({ onDone, required }: { onDone: () => Promise<unknown>; required: boolean }) {
  const { t } = authText.useT();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const form = useZodForm(twoFactorCodeInput, { defaultValues: { code: '' } });
  const [setupError, setSetupError] = useState<string | null>(null);
  const error = form.formError ?? setupError;
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    startTwoFactorSetup()
      .then(setSetup)
      .catch((err) => setSetupError(errorText(err)));
  }, []);

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const res = await confirmTwoFactor(code);
      setRecoveryCodes(res.recoveryCodes);
      toast.success(authText.t('twoFactor.enabled'));
    } catch (err) {
      form.setFormError(errorText(err));
    }
  });

  if (recoveryCodes) {
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink-900">{t('twoFactor.recoveryTitle')}</h2>
        <p className="text-sm text-ink-700">{t('twoFactor.recoveryIntro')}</p>
        <ul
          aria-label={t('twoFactor.recoveryTitle')}
          className="grid grid-cols-2 gap-2 rounded-md bg-ink-50 p-3 font-mono text-sm tabular-nums"
        >
          {recoveryCodes.map((c) => (
            <li key={c} dir="ltr">
              {c}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={async () => {
              if (await copyText(recoveryCodes.join('\n'))) toast.success(authText.t('twoFactor.recoveryCopied'));
              else toast.error(authText.t('twoFactor.recoveryCopyFailed'));
            }}
          >
            <Copy aria-hidden="true" />
            {t('twoFactor.recoveryCopy')}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              downloadText(t('twoFactor.recoveryFileName'), `${t('twoFactor.recoveryFileHeader')}\n\n${recoveryCodes.join('\n')}\n`)
            }
          >
            <Download aria-hidden="true" />
            {t('twoFactor.recoveryDownload')}
          </Button>
        </div>
        <Button size="lg" onClick={() => void onDone()}>
          {t('twoFactor.continue')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {required && (
        <p role="status" className="rounded-md bg-gold-100 px-3 py-2 text-sm text-ink-900">
          {t('twoFactor.enrolRequired')}
        </p>
      )}
      <p className="text-sm text-ink-700">{t('twoFactor.enrolIntro')}</p>
      {setup ? (
        <>
          <img src={setup.qrCodeDataUrl} alt={t('twoFactor.qrAlt')} width={220} height={220} className="self-center" />
          <dl className="text-sm">
            <dt className="font-medium text-ink-900">{t('twoFactor.secret')}</dt>
            <dd>
              <code data-testid="two-factor-secret" className="break-all font-mono text-ink-900">
                {setup.secret}
              </code>
            </dd>
          </dl>
        </>
      ) : (
        !error && <p className="text-sm text-ink-700">{t('twoFactor.preparing')}</p>
      )}
      <Field label={t('twoFactor.appCode')} htmlFor="tf-confirm" error={form.errorOf('code')}>
        <Input {...form.field('code', 'tf-confirm')} autoComplete="one-time-code" inputMode="numeric" required />
      </Field>
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" busy={form.busy} disabled={!setup}>
        {form.busy ? t('twoFactor.turningOn') : t('twoFactor.turnOn')}
      </Button>
    </form>
  );
}
