import { useEffect, useState } from 'react';
import { formatDate, formatUSDExact } from '../../../shared/format';
import type { Envelope } from '../../../shared/signing';
import { PACK_STATUS_OF } from '../../../shared/signing';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAdminEnvelope, useEnvelopeAdminActions } from './admin-api';
import { signingAdminText } from './admin-i18n';
import { envelopeDocumentUrl, serverMessage } from './api';
import { PackStatusBadge } from './pack-status-card';
import { SigningTrail } from './trail';

/** Longest reason the server takes (shared/signing.ts reasonInput). */
const MAX_REASON = 1000;

/**
 * An envelope's detail for the firm (issue 30): its state, the document, the trail with IP
 * addresses, and the actions its state allows: void (with a reason) while it is open or signed by
 * the investor; a reminder while it waits for the investor; a new agreement once it is closed.
 */
export function EnvelopeDialog({ envelopeId, onClose }: { envelopeId: string | null; onClose: () => void }) {
  const { t } = signingAdminText.useT();
  const envelope = useAdminEnvelope(envelopeId);
  const [voiding, setVoiding] = useState(false);
  useEffect(() => {
    if (envelopeId === null) setVoiding(false);
  }, [envelopeId]);
  const e = envelope.data;
  return (
    <Dialog open={envelopeId !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent size="lg" aria-describedby={undefined}>
        {envelope.isPending ? (
          <>
            <DialogTitle className="sr-only">{t('detail.loading')}</DialogTitle>
            <ListSkeleton label={t('detail.loading')} rowClassName="h-10" />
          </>
        ) : envelope.isError || !e ? (
          <>
            <DialogTitle>{t('detail.failed')}</DialogTitle>
            <LoadError
              title={t('detail.failed')}
              error={envelope.error}
              busy={envelope.isFetching}
              onRetry={() => void envelope.refetch()}
            />
          </>
        ) : voiding ? (
          <VoidForm envelope={e} onDone={() => setVoiding(false)} />
        ) : (
          <Detail envelope={e} onVoid={() => setVoiding(true)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Detail({ envelope: e, onVoid }: { envelope: Envelope; onVoid: () => void }) {
  const { t } = signingAdminText.useT();
  const actions = useEnvelopeAdminActions();
  const closed = e.status === 'voided' || e.status === 'declined' || e.status === 'expired';
  const resend = () =>
    actions.resend.mutate(
      { id: e.id },
      {
        onSuccess: () => toast.success(e.status === 'sent' ? t('actions.reminded') : t('actions.resent')),
        onError: (err) => toast.error(t('actions.failed'), { description: serverMessage(err) }),
      },
    );
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('detail.title', { investor: e.investorName })}</DialogTitle>
        <DialogDescription>
          {t('detail.description', { deal: e.dealTitle, amount: formatUSDExact(e.amount), version: e.packVersion })}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted">{t('detail.status')}</dt>
          <dd>
            <PackStatusBadge status={PACK_STATUS_OF[e.status]} />
          </dd>
        </div>
        {(e.status === 'sent' || e.status === 'signed') && (
          <div>
            <dt className="text-xs text-muted">{t('detail.expires')}</dt>
            <dd className="tabular">{formatDate(e.expiresAt)}</dd>
          </div>
        )}
        {e.reason && (
          <div className="sm:col-span-2">
            <dt className="text-xs text-muted">{t('detail.reason')}</dt>
            <dd>
              <bdi>{e.reason}</bdi>
            </dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted">{t('detail.sha')}</dt>
          <dd className="break-all font-mono text-xs">{e.documentSha256}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <a href={envelopeDocumentUrl(e, true)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t('detail.open')}
        </a>
        {e.status === 'sent' && (
          <Button type="button" size="sm" variant="secondary" busy={actions.resend.isPending} onClick={resend}>
            {t('actions.remind')}
          </Button>
        )}
        {closed && (
          <Button type="button" size="sm" busy={actions.resend.isPending} onClick={resend}>
            {t('actions.resend')}
          </Button>
        )}
        {(e.status === 'sent' || e.status === 'signed') && (
          <Button type="button" size="sm" variant="danger" onClick={onVoid}>
            {t('void.open')}
          </Button>
        )}
      </div>
      <SigningTrail events={e.events} showIp />
    </>
  );
}

function VoidForm({ envelope, onDone }: { envelope: Envelope; onDone: () => void }) {
  const { t } = signingAdminText.useT();
  const actions = useEnvelopeAdminActions();
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const serverError = actions.void.error instanceof ApiError ? actions.void.error.fields?.reason : undefined;
  const error = localError ?? serverError;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(ev) => {
        ev.preventDefault();
        const trimmed = reason.trim();
        // Field-level checks before the request; the server checks the same (reasonInput).
        const problem = trimmed.length === 0 ? t('void.required') : trimmed.length > MAX_REASON ? t('void.tooLong') : undefined;
        setLocalError(problem);
        if (problem) {
          document.getElementById('void-reason')?.focus();
          return;
        }
        actions.void.mutate(
          { id: envelope.id, reason: trimmed },
          {
            onSuccess: () => {
              toast.success(t('void.done'));
              onDone();
            },
            onError: (err) => toast.error(t('void.failed'), { description: serverMessage(err) }),
          },
        );
      }}
    >
      <DialogHeader>
        <DialogTitle>{t('void.title')}</DialogTitle>
        <DialogDescription>{t('void.description')}</DialogDescription>
      </DialogHeader>
      <Field label={t('void.reason')} htmlFor="void-reason" hint={t('void.reasonHint')} error={error} required>
        <Textarea
          {...fieldProps('void-reason', error, true)}
          value={reason}
          rows={3}
          onChange={(ev) => {
            setReason(ev.target.value);
            if (localError) setLocalError(undefined);
          }}
        />
      </Field>
      <DialogActions submit={t('void.submit')} busyLabel={t('void.busy')} busy={actions.void.isPending} variant="danger" />
    </form>
  );
}
