import { Info, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth-context';
import { common, enumLabel } from '../../lib/i18n';
import { CalendarFeedCard } from '../feeds/index';
import { DataRequestsCard } from '../records/data-requests-card';
import { ResidenceCard } from '../tax/residence-card';
import { useNotificationPrefs, useSaveNotificationPref } from './api';
import { ApiTokensCard } from './api-tokens-card';
import { profileText } from './i18n';

/** The signed-in user's profile: who they are, which e-mails they receive, and their API tokens. */
export default function ProfilePage() {
  const { user } = useAuth();
  const { t } = profileText.useT();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex max-w-3xl flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>{t('account.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted">{t('account.name')}</dt>
              <dd className="font-medium text-ink-900">
                <bdi>{user?.name}</bdi>
              </dd>
              <dt className="text-muted">{t('account.email')}</dt>
              <dd className="break-all font-medium text-ink-900">
                <bdi>{user?.email}</bdi>
              </dd>
              <dt className="text-muted">{t('account.type')}</dt>
              <dd className="font-medium text-ink-900">
                {user?.userType ? enumLabel('userType', user.userType) : enumLabel('role', user?.role)}
              </dd>
            </dl>
            <Link to="/change-password" className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
              <KeyRound aria-hidden="true" className="size-4" />
              {t('account.changePassword')}
            </Link>
          </CardContent>
        </Card>
        <NotificationsSection />
        <ApiTokensCard />
        {user?.role === 'investor' && <ResidenceCard />}
        {user?.role === 'investor' && <CalendarFeedCard />}
        {user?.role === 'investor' && <DataRequestsCard />}
      </div>
    </>
  );
}

function NotificationsSection() {
  const { t } = profileText.useT();
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPref();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('notifications.title')}</CardTitle>
        <CardDescription>{t('notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {t('notifications.loading')}
          </p>
        ) : prefs.isError ? (
          <LoadError
            title={t('notifications.loadFailed')}
            error={prefs.error}
            onRetry={() => void prefs.refetch()}
            busy={prefs.isFetching}
          />
        ) : (
          <>
            {!prefs.data.emailNotificationsEnabled && (
              <p className="mb-4 flex items-start gap-2 rounded-md bg-neutral-100 px-3 py-2 text-sm text-neutral-700">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {t('notifications.companyOff')}
              </p>
            )}
            <fieldset>
              <legend className="sr-only">{t('notifications.legend')}</legend>
              <ul className="flex flex-col gap-3">
                {prefs.data.topics.map((item) => {
                  const id = `notify-${item.topic}`;
                  const pending = save.isPending && save.variables?.topic === item.topic;
                  return (
                    <li key={item.topic} className="flex items-start gap-3 rounded-lg border border-border px-4 py-3">
                      <input
                        id={id}
                        type="checkbox"
                        checked={pending ? Boolean(save.variables?.enabled) : item.enabled}
                        disabled={pending}
                        aria-describedby={`${id}-hint`}
                        onChange={(e) => save.mutate({ topic: item.topic, enabled: e.target.checked })}
                        className="mt-2.5 size-5 shrink-0 cursor-pointer accent-gold-600"
                      />
                      <div className="flex min-w-0 flex-col gap-0.5">
                        <label htmlFor={id} className="flex min-h-10 cursor-pointer items-center text-sm font-medium text-text">
                          {enumLabel('notificationTopic', item.topic)}
                        </label>
                        <p id={`${id}-hint`} className="text-sm text-muted">
                          {common.t(`enum.notificationTopic.${item.topic}.description`)}
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
