import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiError, serverMessage } from '../../lib/api';
import { useConfirmEmail } from './api';
import { AuthCard } from './auth-card';
import { authText } from './i18n';

/** The token of the link a founder's e-mail change sent to the new address: #token=... (never in the server's logs). */
const tokenOfLink = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

/**
 * Confirms a new e-mail address (decision record 028). The change applies on the button, not on
 * opening the page, so a mail scanner that follows links confirms nothing.
 */
export default function ConfirmEmailPage() {
  const [token] = useState(tokenOfLink);
  const { t } = authText.useT();
  const confirm = useConfirmEmail(token);

  // Drop the token from the address bar once read.
  useEffect(() => {
    if (token) window.history.replaceState(null, '', '/confirm-email');
  }, [token]);

  return (
    <AuthCard title={t('confirmEmail.title')} subtitle={t('confirmEmail.subtitle')}>
      <div className="flex flex-col gap-4">
        {token === '' ? (
          <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
            {t('confirmEmail.invalid')}
          </p>
        ) : confirm.isSuccess ? (
          <p role="status" className="flex items-start gap-2 rounded-md bg-success-100 px-3 py-3 text-sm text-success-700">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {t('confirmEmail.done')}{' '}
              <bdi dir="ltr" className="font-medium [overflow-wrap:anywhere]">
                {confirm.data.email}
              </bdi>
            </span>
          </p>
        ) : (
          <>
            <p className="text-sm text-text">{t('confirmEmail.question')}</p>
            {confirm.isError && (
              <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
                {confirm.error instanceof ApiError ? (serverMessage(confirm.error) ?? t('confirmEmail.failed')) : t('confirmEmail.failed')}
              </p>
            )}
            <Button size="lg" busy={confirm.isPending} onClick={() => confirm.mutate()}>
              {confirm.isPending ? t('confirmEmail.submitting') : t('confirmEmail.submit')}
            </Button>
          </>
        )}
        <Link to="/login" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
          {t('confirmEmail.signIn')}
        </Link>
      </div>
    </AuthCard>
  );
}
