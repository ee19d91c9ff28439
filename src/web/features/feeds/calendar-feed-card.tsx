import { CalendarPlus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatDateTimeZoned } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { ShownOnceSecret } from '../../components/ui/shown-once-secret';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCalendarFeed, useRegenerateFeed, useRevokeFeed } from './api';
import { feedsText } from './i18n';

/**
 * Profile (investors): the private calendar feed (issue 34 part 3, decision 048). The link holds
 * the secret: shown once with a copy button, replaceable (the old one stops) and revocable.
 */
export function CalendarFeedCard() {
  const { t } = feedsText.useT();
  const feed = useCalendarFeed();
  const regenerate = useRegenerateFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);

  const make = async () => {
    try {
      setUrl((await regenerate.mutateAsync()).url);
    } catch (err) {
      toast.error(t('calendar.createFailed'), { description: serverMessage(err) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('calendar.title')}</CardTitle>
        <CardDescription>{t('calendar.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {feed.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {t('calendar.loading')}
          </p>
        ) : feed.isError ? (
          <LoadError title={t('calendar.loadFailed')} error={feed.error} onRetry={() => void feed.refetch()} busy={feed.isFetching} />
        ) : feed.data.active ? (
          <>
            <p className="text-sm">
              {t('calendar.active', { date: formatDateTimeZoned(feed.data.createdAt), hint: feed.data.hint ?? '' })}
            </p>
            <p className="text-sm text-muted">
              {feed.data.lastUsedAt ? t('calendar.lastUsed', { date: formatDateTimeZoned(feed.data.lastUsedAt) }) : t('calendar.neverUsed')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={make}
                disabled={regenerate.isPending}
                aria-describedby="calendar-regenerate-hint"
              >
                <RefreshCw aria-hidden="true" />
                {t('calendar.regenerate')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRevoking(true)}>
                {t('calendar.revoke')}
              </Button>
            </div>
            <p id="calendar-regenerate-hint" className="text-xs text-muted">
              {t('calendar.regenerateHint')}
            </p>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">{t('calendar.none')}</p>
            <div>
              <Button variant="secondary" size="sm" onClick={make} disabled={regenerate.isPending}>
                <CalendarPlus aria-hidden="true" />
                {t('calendar.create')}
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <Dialog open={url !== null} onOpenChange={(open) => !open && setUrl(null)}>
        {url && (
          <DialogContent size="md">
            <CreatedLink url={url} onDone={() => setUrl(null)} />
          </DialogContent>
        )}
      </Dialog>
      <Dialog open={revoking} onOpenChange={setRevoking}>
        {revoking && (
          <DialogContent size="sm">
            <RevokeConfirm onDone={() => setRevoking(false)} />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}

function CreatedLink({ url, onDone }: { url: string; onDone: () => void }) {
  const { t } = feedsText.useT();
  const texts = {
    title: t('calendar.createdTitle'),
    text: t('calendar.createdText'),
    label: t('calendar.url'),
    copy: t('calendar.copy'),
    copied: t('calendar.copied'),
    copyFailed: t('calendar.copyFailed'),
    done: t('calendar.done'),
  };
  return <ShownOnceSecret value={url} texts={texts} onDone={onDone} />;
}

function RevokeConfirm({ onDone }: { onDone: () => void }) {
  const { t } = feedsText.useT();
  const revoke = useRevokeFeed();
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('calendar.revokeTitle')}</DialogTitle>
        <DialogDescription>{t('calendar.revokeText')}</DialogDescription>
      </DialogHeader>
      <DialogActions
        submit={t('calendar.revoke')}
        variant="danger"
        busy={revoke.isPending}
        onSubmit={async () => {
          try {
            await revoke.mutateAsync();
            toast.success(t('calendar.revoked'));
            onDone();
          } catch (err) {
            toast.error(t('calendar.revokeFailed'), { description: serverMessage(err) });
          }
        }}
      />
    </div>
  );
}
