import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTimeZoned } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
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
  const uid = useId();
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('calendar.createdTitle')}</DialogTitle>
        <DialogDescription>{t('calendar.createdText')}</DialogDescription>
      </DialogHeader>
      <Field label={t('calendar.url')} htmlFor={`${uid}-url`}>
        <Input
          {...fieldProps(`${uid}-url`)}
          readOnly
          value={url}
          dir="ltr"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="secondary"
          onClick={async () => {
            if (await copyText(url)) toast.success(t('calendar.copied'));
            else toast.error(t('calendar.copyFailed'));
          }}
        >
          <Copy aria-hidden="true" />
          {t('calendar.copy')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('calendar.done')}
        </Button>
      </div>
    </div>
  );
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
