import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Info, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { USER_TYPE_LABELS } from '../../../shared/constants';
import type { NotificationTopic } from '../../../shared/email';
import { PageHeader } from '../../components/layout/page-header';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, apiGet, apiPut } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { toast } from '../../lib/toast';

const prefsKey = ['me', 'notifications'] as const;

/** The signed-in user's profile: who they are, and which e-mails they receive. */
export default function ProfilePage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Profile" description="Your account and the e-mails you receive." />
      <div className="flex max-w-3xl flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted">Name</dt>
              <dd className="font-medium text-ink-900">{user?.name}</dd>
              <dt className="text-muted">Email</dt>
              <dd className="break-all font-medium text-ink-900">{user?.email}</dd>
              <dt className="text-muted">Type</dt>
              <dd className="font-medium text-ink-900">{user?.userType ? USER_TYPE_LABELS[user.userType] : user?.role}</dd>
            </dl>
            <Link to="/change-password" className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
              <KeyRound aria-hidden="true" className="size-4" />
              Change password
            </Link>
          </CardContent>
        </Card>
        <NotificationsSection />
      </div>
    </>
  );
}

function NotificationsSection() {
  const qc = useQueryClient();
  const prefs = useQuery({
    queryKey: prefsKey,
    queryFn: ({ signal }) => apiGet('/api/me/notifications', { signal }).then((r) => r.preferences),
  });
  const save = useMutation({
    mutationFn: (change: { topic: NotificationTopic; enabled: boolean }) =>
      apiPut('/api/me/notifications', { body: { topics: { [change.topic]: change.enabled } } }).then((r) => r.preferences),
    onSuccess: (saved, change) => {
      qc.setQueryData(prefsKey, saved);
      const label = saved.topics.find((t) => t.topic === change.topic)?.label ?? 'Notification';
      toast.success(`${label} e-mails turned ${change.enabled ? 'on' : 'off'}`);
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Failed to save notification settings'),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          E-mails about your account. Password recovery and account approval are always sent. Each change is saved at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> Loading notification settings...
          </p>
        ) : prefs.isError ? (
          <LoadError
            title="Failed to load notification settings"
            error={prefs.error}
            onRetry={() => void prefs.refetch()}
            busy={prefs.isFetching}
          />
        ) : (
          <>
            {!prefs.data.emailNotificationsEnabled && (
              <p className="mb-4 flex items-start gap-2 rounded-md bg-neutral-100 px-3 py-2 text-sm text-neutral-700">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                E-mail notifications are switched off for the whole company; your choices apply when they are on again.
              </p>
            )}
            <fieldset>
              <legend className="sr-only">E-mail notifications</legend>
              <ul className="flex flex-col gap-3">
                {prefs.data.topics.map((t) => {
                  const id = `notify-${t.topic}`;
                  const pending = save.isPending && save.variables?.topic === t.topic;
                  return (
                    <li key={t.topic} className="flex items-start gap-3 rounded-lg border border-border px-4 py-3">
                      <input
                        id={id}
                        type="checkbox"
                        checked={pending ? Boolean(save.variables?.enabled) : t.enabled}
                        disabled={pending}
                        aria-describedby={`${id}-hint`}
                        onChange={(e) => save.mutate({ topic: t.topic, enabled: e.target.checked })}
                        className="mt-2.5 size-5 shrink-0 cursor-pointer accent-gold-600"
                      />
                      <div className="flex min-w-0 flex-col gap-0.5">
                        <label htmlFor={id} className="flex min-h-10 cursor-pointer items-center text-sm font-medium text-text">
                          {t.label}
                        </label>
                        <p id={`${id}-hint`} className="text-sm text-muted">
                          {t.description}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </>
        )}
      </CardContent>
    </Card>
  );
}
