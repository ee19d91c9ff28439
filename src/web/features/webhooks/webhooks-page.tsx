import { History, KeyRound, Pencil, Plus, Send } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpoint } from '../../../shared/webhooks';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useAuth } from '../../lib/auth-context';
import { toast } from '../../lib/toast';
import { serverMessage, useSendTest, useWebhooks } from './api';
import { DeliveriesLog } from './deliveries-log';
import { EndpointForm, RotateConfirm, SecretView } from './endpoint-form';
import { webhooksText } from './i18n';

function EndpointRow({
  endpoint,
  onDeliveries,
  onEdit,
  onRotate,
}: {
  endpoint: WebhookEndpoint;
  onDeliveries: () => void;
  onEdit: () => void;
  onRotate: () => void;
}) {
  const { t } = webhooksText.useT();
  const test = useSendTest();
  const url = endpoint.url;
  return (
    <TR data-testid="webhook-endpoint">
      <TD className="min-w-48 [overflow-wrap:anywhere]">
        <span className="block font-mono text-sm text-ink-900" dir="ltr">
          {url}
        </span>
        {endpoint.description && <bdi className="block text-sm text-muted">{endpoint.description}</bdi>}
      </TD>
      <TD className="min-w-40 text-sm">{endpoint.events.map((e) => t(`event.${e}`)).join('; ')}</TD>
      <TD>
        <Badge tone={endpoint.enabled ? 'success' : 'neutral'}>{endpoint.enabled ? t('enabled') : t('disabled')}</Badge>
      </TD>
      <TD>
        <span className="font-mono text-xs text-muted" dir="ltr">
          {endpoint.secretHint}…
        </span>
      </TD>
      <TD>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onDeliveries} aria-label={t('deliveriesLabel', { url })}>
            <History aria-hidden="true" />
            {t('deliveries')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={t('editLabel', { url })}>
            <Pencil aria-hidden="true" />
            {t('edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onRotate} aria-label={t('rotateLabel', { url })}>
            <KeyRound aria-hidden="true" />
            {t('rotate')}
          </Button>
          {endpoint.enabled && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('testLabel', { url })}
              busy={test.isPending}
              onClick={() =>
                test.mutate(endpoint.id, {
                  onSuccess: () => {
                    toast.success(t('testSent'));
                    onDeliveries();
                  },
                  onError: (err) => toast.error(t('testFailed'), { description: serverMessage(err) }),
                })
              }
            >
              <Send aria-hidden="true" />
              {t('test')}
            </Button>
          )}
        </div>
      </TD>
    </TR>
  );
}

/** Webhooks (issue 34 part 2, decision 047): endpoints, their secrets, their delivery logs. */
export default function WebhooksPage() {
  const { t } = webhooksText.useT();
  const { user } = useAuth();
  const founder = user?.userType === 'founder';
  const endpoints = useWebhooks(founder);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = endpoints.data?.find((e) => e.id === shownId) ?? null;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          founder && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              {t('add')}
            </Button>
          )
        }
      />
      {!founder ? (
        <p className="rounded-lg border border-border bg-surface p-4 text-sm">{t('founderOnly')}</p>
      ) : endpoints.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner /> {t('loading')}
        </p>
      ) : endpoints.isError ? (
        <LoadError title={t('loadFailed')} error={endpoints.error} onRetry={() => void endpoints.refetch()} busy={endpoints.isFetching} />
      ) : (
        <>
          <Table aria-label={t('table')} maxHeight="none">
            <THead>
              <TR>
                <TH>{t('column.url')}</TH>
                <TH>{t('column.events')}</TH>
                <TH>{t('column.status')}</TH>
                <TH>{t('column.secret')}</TH>
                <TH>
                  <span className="sr-only">{t('column.actions')}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {endpoints.data.length === 0 ? (
                <EmptyRow colSpan={5}>{t('empty')}</EmptyRow>
              ) : (
                endpoints.data.map((e) => (
                  <EndpointRow
                    key={e.id}
                    endpoint={e}
                    onDeliveries={() => setShownId(e.id)}
                    onEdit={() => setEditing(e)}
                    onRotate={() => setRotating(e)}
                  />
                ))
              )}
            </TBody>
          </Table>
          <p className="mt-3 text-xs text-muted">{t('docs')}</p>
          {shown && <DeliveriesLog key={shown.id} endpoint={shown} onClose={() => setShownId(null)} />}
        </>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null && (
          <DialogContent size="md">
            <EndpointForm
              endpoint={editing === 'new' ? null : editing}
              onSaved={() => setEditing(null)}
              onCreated={(c) => {
                setEditing(null);
                setShownId(c.endpoint.id);
                setSecret(c.secret);
              }}
            />
          </DialogContent>
        )}
      </Dialog>
      <Dialog open={rotating !== null} onOpenChange={(open) => !open && setRotating(null)}>
        {rotating && (
          <DialogContent size="sm">
            <RotateConfirm
              endpoint={rotating}
              onRotated={(s) => {
                setRotating(null);
                setSecret(s);
              }}
            />
          </DialogContent>
        )}
      </Dialog>
      <Dialog open={secret !== null} onOpenChange={(open) => !open && setSecret(null)}>
        {secret && (
          <DialogContent size="md">
            <SecretView secret={secret} onDone={() => setSecret(null)} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
