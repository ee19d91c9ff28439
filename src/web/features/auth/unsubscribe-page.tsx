import { BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../../shared/email';
import { Button } from '../../components/ui/button';
import { ApiError, serverMessage } from '../../lib/api';
import { enumLabel } from '../../lib/i18n';
import { useUnsubscribe } from './api';
import { AuthCard } from './auth-card';
import { authText } from './i18n';

/** The unsubscribe link of every non-essential e-mail: #token=...&topic=... (never sent to the server's logs). */
function linkParams(): { token: string; topic: NotificationTopic | null } {
  const p = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const topic = p.get('topic');
  return {
    token: p.get('token') ?? '',
    topic: topic && (NOTIFICATION_TOPICS as readonly string[]).includes(topic) ? (topic as NotificationTopic) : null,
  };
}

export default function UnsubscribePage() {
  const [{ token, topic }] = useState(linkParams);
  const { t } = authText.useT();
  const unsubscribe = useUnsubscribe(token);
  // "deal alerts" in an English sentence; Arabic has no case, so the label is unchanged.
  const label = topic ? enumLabel('notificationTopic', topic).toLowerCase() : '';
  const valid = token !== '' && topic !== null;

  // Drop the token from the address bar once read.
  useEffect(() => {
    if (valid) window.history.replaceState(null, '', '/unsubscribe');
  }, [valid]);

  return (
    <AuthCard title={t('unsubscribe.title')} subtitle={t('unsubscribe.subtitle')}>
      <div className="flex flex-col gap-4">
        {!valid ? (
          <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
            {t('unsubscribe.invalid')}
          </p>
        ) : unsubscribe.isSuccess ? (
          <p role="status" className="flex items-start gap-2 rounded-md bg-success-100 px-3 py-3 text-sm text-success-700">
            <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('unsubscribe.done', { topic: label })}</span>
          </p>
        ) : (
          <>
            <p className="text-sm text-text">{t('unsubscribe.question', { topic: label })}</p>
            {unsubscribe.isError && (
              <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
                {unsubscribe.error instanceof ApiError
                  ? (serverMessage(unsubscribe.error) ?? t('unsubscribe.failed'))
                  : t('unsubscribe.failed')}
              </p>
            )}
            <Button size="lg" busy={unsubscribe.isPending} onClick={() => topic && unsubscribe.mutate(topic)}>
              {unsubscribe.isPending ? t('unsubscribe.submitting') : t('unsubscribe.submit', { topic: label })}
            </Button>
          </>
        )}
        <Link to="/login" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
          {t('unsubscribe.manage')}
        </Link>
      </div>
    </AuthCard>
  );
}
