import { CircleAlert, CircleCheck, RefreshCw, RotateCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import { type OutboxStatus, testEmailInput } from '../../../shared/email';
import { formatDateTimeZoned, formatFigure, formatNumber } from '../../../shared/format';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmailText } from '../../components/ui/email-text';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useAuth } from '../../lib/auth-context';
import { currentLanguage, enumLabel } from '../../lib/i18n';
import { useOutbox, useRetryEmail, useSendTestEmail } from './api';
import { settingsText } from './i18n';

const STATUS_TONE: Record<OutboxStatus, BadgeTone> = { queued: 'warning', sending: 'info', sent: 'success', failed: 'danger' };

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
  const { t } = settingsText.useT();
  const { user } = useAuth();
  // The shared schema the server applies; no unsaved-changes guard (a test address is not a setting).
  const form = useZodForm(testEmailInput, { defaultValues: { to: user?.email ?? '' } });
  const resultId = useId();
  const send = useSendTestEmail();
  // Inside the settings form: a button that validates and sends this field only (no nested <form>).
  const submit = form.handleSubmit(async ({ to }) => {
    send.reset();
    try {
      await send.mutateAsync(to);
    } catch (err) {
      form.applyServerError(err, { fallback: settingsText.t('testEmail.failed') });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('testEmail.title')}</CardTitle>
        <CardDescription>{t('testEmail.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label={t('testEmail.to')} htmlFor="test-email-to" error={form.errorOf('to')} className="flex-1">
            <Input {...form.field('to', 'test-email-to')} type="email" autoComplete="email" />
          </Field>
          <Button
            type="button"
            variant="secondary"
            busy={form.busy}
            disabled={unsavedChanges}
            aria-describedby={unsavedChanges ? `${resultId}-unsaved` : undefined}
            onClick={() => void submit()}
          >
            <Send aria-hidden="true" className="size-4" />
            {form.busy ? t('testEmail.sending') : t('testEmail.send')}
          </Button>
        </div>
        <FormError>{form.formError}</FormError>
        {unsavedChanges && (
          <p id={`${resultId}-unsaved`} className="text-sm text-muted">
            {t('testEmail.saveFirst')}
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
                <p className="font-medium">{send.data.ok ? t('testEmail.sentAnswer') : t('testEmail.notSentAnswer')}</p>
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
  const { t } = settingsText.useT();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const outbox = useOutbox(status);
  const retry = useRetryEmail();
  const counts = outbox.data?.counts;
  const server = outbox.data?.server;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('outbox.title')}</CardTitle>
        <CardDescription>
          {t('outbox.description')}
          {counts &&
            t('outbox.counts', {
              queued: formatNumber(counts.queued),
              sent: formatNumber(counts.sent),
              failed: formatNumber(counts.failed),
            })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {server && (
          <ul className="flex flex-col gap-1 text-sm text-muted">
            {server.smtpUrlOverride && <li>{t('outbox.smtpUrlOverride')}</li>}
            <li>{server.passwordFromEnv || server.smtpUrlOverride ? t('outbox.passwordFromEnv') : t('outbox.passwordNotSet')}</li>
            <li>
              <Trans
                t={t}
                i18nKey={server.publicUrlSet ? 'outbox.linksSet' : 'outbox.linksNotSet'}
                values={{ url: server.linkBase }}
                components={{ code: <span className="font-mono text-xs text-text" dir="ltr" /> }}
              />
            </li>
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <Field label={t('outbox.status')} htmlFor="outbox-status">
            <NativeSelect
              id="outbox-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as OutboxStatus | '')}
              options={[
                { value: '', label: t('outbox.all') },
                ...(['queued', 'sending', 'sent', 'failed'] as const).map((s) => ({ value: s, label: enumLabel('outboxStatus', s) })),
              ]}
            />
          </Field>
          <Button type="button" variant="ghost" onClick={() => void outbox.refetch()} busy={outbox.isFetching}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('outbox.refresh')}
          </Button>
        </div>
        {outbox.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {t('outbox.loading')}
          </p>
        ) : outbox.isError ? (
          <LoadError title={t('outbox.loadFailed')} error={outbox.error} onRetry={() => void outbox.refetch()} busy={outbox.isFetching} />
        ) : (
          <Table aria-label={t('outbox.table')} maxHeight="28rem">
            <THead>
              <TR>
                <TH>{t('outbox.column.status')}</TH>
                <TH>{t('outbox.column.to')}</TH>
                <TH>{t('outbox.column.subject')}</TH>
                <TH>{t('outbox.column.queued')}</TH>
                <TH>{t('outbox.column.attempts')}</TH>
                <TH>{t('outbox.column.result')}</TH>
                <TH>
                  <span className="sr-only">{t('outbox.column.actions')}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {outbox.data.entries.length === 0 ? (
                <EmptyRow colSpan={7}>
                  {status
                    ? t('outbox.emptyStatus', { status: enumLabel('outboxStatus', status).toLocaleLowerCase(currentLanguage()) })
                    : t('outbox.emptyAll')}
                </EmptyRow>
              ) : (
                outbox.data.entries.map((e) => (
                  <TR key={e.id}>
                    <TD>
                      <Badge tone={STATUS_TONE[e.status]}>{enumLabel('outboxStatus', e.status)}</Badge>
                    </TD>
                    <TD className="min-w-48">
                      <EmailText address={e.to} />
                    </TD>
                    <TD className="min-w-48">
                      <bdi>{e.subject}</bdi>
                    </TD>
                    <TD className="whitespace-nowrap">{formatDateTimeZoned(e.createdAt)}</TD>
                    <TD className="tabular">{formatFigure(e.attempts)}</TD>
                    <TD className="min-w-48 text-xs">
                      {e.status === 'sent'
                        ? t('outbox.sentAt', { date: e.sentAt ? formatDateTimeZoned(e.sentAt) : '' })
                        : e.lastError
                          ? e.nextAttemptAt
                            ? t('outbox.nextTry', { error: e.lastError, date: formatDateTimeZoned(e.nextAttemptAt) })
                            : e.lastError
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
                          aria-label={t('outbox.retryLabel', { subject: e.subject, to: e.to })}
                        >
                          <RotateCw aria-hidden="true" className="size-4" />
                          {t('outbox.retry')}
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
