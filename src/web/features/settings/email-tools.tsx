import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, RefreshCw, RotateCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { OutboxStatus } from '../../../shared/email';
import { formatDateTime } from '../../../shared/format';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { activityLogKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

const STATUS_TONE: Record<OutboxStatus, BadgeTone> = { queued: 'warning', sending: 'info', sent: 'success', failed: 'danger' };
const STATUS_LABEL: Record<OutboxStatus, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

/** The Email tab's tools: a test e-mail with the server's answer, and the outbox. */
export function EmailTools({ unsavedChanges }: { unsavedChanges: boolean }) {
  return (
    <>
      <TestEmailCard unsavedChanges={unsavedChanges} />
      <OutboxCard />
    </>
  );
}

function TestEmailCard({ unsavedChanges }: { unsavedChanges: boolean }) {
  const { user } = useAuth();
  const qc = useQueryClient();
  const [to, setTo] = useState(user?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const resultId = useId();
  const send = useMutation({
    mutationFn: () => apiPost('/api/email/test', { body: { to } }),
    onSuccess: (r) => {
      if (r.ok) toast.success('Test e-mail sent');
      else toast.error('The test e-mail was not sent');
      void qc.invalidateQueries({ queryKey: activityLogKeys.all });
    },
    onError: (err) => {
      const message = err instanceof ApiError ? (err.fields?.to ?? err.message) : 'Failed to send the test e-mail';
      setError(message);
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Send test e-mail</CardTitle>
        <CardDescription>Sends one e-mail now with the saved settings and shows what the mail server answered.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Send test e-mail to" htmlFor="test-email-to" error={error} className="flex-1">
            <Input
              {...fieldProps('test-email-to', error)}
              type="email"
              autoComplete="email"
              value={to}
              onChange={(e) => {
                setTo(e.target.value);
                setError(null);
              }}
            />
          </Field>
          <Button
            type="button"
            variant="secondary"
            busy={send.isPending}
            disabled={unsavedChanges}
            aria-describedby={unsavedChanges ? `${resultId}-unsaved` : undefined}
            onClick={() => {
              setError(null);
              send.reset();
              send.mutate();
            }}
          >
            <Send aria-hidden="true" className="size-4" />
            {send.isPending ? 'Sending...' : 'Send test e-mail'}
          </Button>
        </div>
        {unsavedChanges && (
          <p id={`${resultId}-unsaved`} className="text-sm text-muted">
            Save your changes first: the test uses the saved settings.
          </p>
        )}
        <div aria-live="polite" id={resultId}>
          {send.data && (
            <div
              className={
                send.data.ok
                  ? 'flex items-start gap-2 rounded-md bg-success-100 px-3 py-2 text-sm text-success-700'
                  : 'flex items-start gap-2 rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700'
              }
            >
              {send.data.ok ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : (
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              )}
              <div className="min-w-0">
                <p className="font-medium">{send.data.ok ? 'Sent. The server answered:' : 'Not sent. The server answered:'}</p>
                <p className="break-all font-mono text-xs" data-testid="smtp-answer">
                  {send.data.response}
                </p>
              </div>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function OutboxCard() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const outbox = useQuery({
    queryKey: ['email-outbox', status],
    queryFn: ({ signal }) => apiGet('/api/email/outbox', { query: { status }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const retry = useMutation({
    mutationFn: (id: number) => apiPost('/api/email/outbox/:id/retry', { params: { id: String(id) }, body: {} }),
    onSuccess: () => {
      toast.success('The e-mail will be sent again now');
      void qc.invalidateQueries({ queryKey: ['email-outbox'] });
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Failed to retry the e-mail'),
  });
  const counts = outbox.data?.counts;
  const server = outbox.data?.server;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>
          Every e-mail is queued with the action that causes it, then sent with retries.
          {counts && ` ${counts.queued} queued, ${counts.sent} sent, ${counts.failed} failed.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {server && (
          <ul className="flex flex-col gap-1 text-sm text-muted">
            {server.smtpUrlOverride && <li>SMTP_URL is set on the server: it overrides the host, port and user above.</li>}
            <li>
              {server.passwordFromEnv || server.smtpUrlOverride
                ? 'SMTP password: from the environment.'
                : 'SMTP password: not set (SMTP_PASSWORD).'}
            </li>
            <li>
              Links in e-mails point to <span className="font-mono text-xs text-text">{server.linkBase}</span>
              {server.publicUrlSet ? '.' : ': set PUBLIC_URL to the address users reach the product at.'}
            </li>
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Status" htmlFor="outbox-status">
            <NativeSelect
              id="outbox-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as OutboxStatus | '')}
              options={[
                { value: '', label: 'All' },
                ...(['queued', 'sending', 'sent', 'failed'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] })),
              ]}
            />
          </Field>
          <Button type="button" variant="ghost" onClick={() => void outbox.refetch()} busy={outbox.isFetching}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </Button>
        </div>
        {outbox.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> Loading the outbox...
          </p>
        ) : outbox.isError ? (
          <LoadError
            title="Failed to load the outbox"
            error={outbox.error}
            onRetry={() => void outbox.refetch()}
            busy={outbox.isFetching}
          />
        ) : (
          <Table aria-label="Outbox" maxHeight="28rem">
            <THead>
              <TR>
                <TH>Status</TH>
                <TH>To</TH>
                <TH>Subject</TH>
                <TH>Queued</TH>
                <TH>Attempts</TH>
                <TH>Result</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {outbox.data.entries.length === 0 ? (
                <EmptyRow colSpan={7}>No e-mails {status ? `with status ${STATUS_LABEL[status].toLowerCase()}` : 'yet'}</EmptyRow>
              ) : (
                outbox.data.entries.map((e) => (
                  <TR key={e.id}>
                    <TD>
                      <Badge tone={STATUS_TONE[e.status]}>{STATUS_LABEL[e.status]}</Badge>
                    </TD>
                    <TD className="break-all">{e.to}</TD>
                    <TD className="min-w-48">{e.subject}</TD>
                    <TD className="whitespace-nowrap">{formatDateTime(e.createdAt)}</TD>
                    <TD className="tabular">{e.attempts}</TD>
                    <TD className="min-w-48 text-xs">
                      {e.status === 'sent'
                        ? `Sent ${e.sentAt ? formatDateTime(e.sentAt) : ''}`
                        : e.lastError
                          ? `${e.lastError}${e.nextAttemptAt ? ` (next try ${formatDateTime(e.nextAttemptAt)})` : ''}`
                          : ''}
                    </TD>
                    <TD>
                      {(e.status === 'failed' || e.status === 'queued') && (
                        <Button
                          type="button"
                          size="sm"
                          variant="secondary"
                          busy={retry.isPending && retry.variables === e.id}
                          onClick={() => retry.mutate(e.id)}
                          aria-label={`Retry now: ${e.subject} to ${e.to}`}
                        >
                          <RotateCw aria-hidden="true" className="size-4" />
                          Retry now
                        </Button>
                      )}
                    </TD>
                  </TR>
                ))
              )}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
