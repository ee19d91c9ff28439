import { useMutation } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_TOPICS, type NotificationTopic, TOPIC_INFO } from '../../../shared/email';
import { Button } from '../../components/ui/button';
import { ApiError, apiPost } from '../../lib/api';
import { AuthCard } from './auth-card';

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
  const unsubscribe = useMutation({
    mutationFn: () => apiPost('/api/notifications/unsubscribe', { body: { token, topic } }),
  });
  const label = topic ? TOPIC_INFO[topic].label.toLowerCase() : '';
  const valid = token !== '' && topic !== null;

  // Drop the token from the address bar once read.
  useEffect(() => {
    if (valid) window.history.replaceState(null, '', '/unsubscribe');
  }, [valid]);

  return (
    <AuthCard title="E-mail notifications" subtitle="Choose which e-mails you receive.">
      <div className="flex flex-col gap-4">
        {!valid ? (
          <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
            This unsubscribe link is not valid.
          </p>
        ) : unsubscribe.isSuccess ? (
          <p role="status" className="flex items-start gap-2 rounded-md bg-success-100 px-3 py-3 text-sm text-success-700">
            <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{unsubscribe.data.message}</span>
          </p>
        ) : (
          <>
            <p className="text-sm text-text">Stop receiving {label} e-mails? You can turn them on again from your profile.</p>
            {unsubscribe.isError && (
              <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
                {unsubscribe.error instanceof ApiError ? unsubscribe.error.message : 'Something went wrong. Try again.'}
              </p>
            )}
            <Button size="lg" busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              {unsubscribe.isPending ? 'Unsubscribing...' : `Unsubscribe from ${label}`}
            </Button>
          </>
        )}
        <Link to="/login" className="min-h-10 text-center text-sm font-medium text-gold-700 underline-offset-4 hover:underline">
          Sign in to manage all notifications
        </Link>
      </div>
    </AuthCard>
  );
}
