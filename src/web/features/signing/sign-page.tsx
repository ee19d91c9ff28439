import { lazy, Suspense, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatUSDExact } from '../../../shared/format';
import type { Envelope } from '../../../shared/signing';
import { PageHeader } from '../../components/layout/page-header';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { envelopeDocumentUrl, serverMessage, useMyEnvelopes, useMySubscriptionsForSigning, useSigningAction } from './api';
import { ConfirmCheckbox } from './confirm-checkbox';
import { signingText } from './i18n';
import { QuestionnaireStep } from './questionnaire-step';
import { SignaturePad } from './signature-pad';
import { SigningTrail } from './trail';

// The page-by-page view and pdf.js load only once an agreement is there to show (decision record 056).
const AgreementViewer = lazy(() => import('./agreement-viewer').then((m) => ({ default: m.AgreementViewer })));

const fieldErrorsOf = (err: unknown): Record<string, string> => (err instanceof ApiError ? (err.fields ?? {}) : {});

/** /investor/subscriptions/:id/sign: the investor's path from details to a signed agreement (issue 30). */
export default function SignPage() {
  const { t } = signingText.useT();
  const { id = '' } = useParams();
  const subs = useMySubscriptionsForSigning();
  const envelopes = useMyEnvelopes();
  const sub = subs.data?.find((s) => s.id === id);
  const envelope = envelopes.data?.find((e) => e.subscriptionId === id);

  return (
    <>
      <PageHeader title={t('sign.title')} description={t('sign.description')} />
      <p className="mb-4">
        <Link to="/investor/subscriptions" className="text-sm font-medium text-gold-700 underline">
          {t('sign.back')}
        </Link>
      </p>
      {subs.isPending || envelopes.isPending ? (
        <ListSkeleton label={t('sign.loading')} rowClassName="h-24" />
      ) : subs.isError || envelopes.isError ? (
        <LoadError title={t('sign.notFound')} error={subs.error ?? envelopes.error} busy={false} onRetry={() => void envelopes.refetch()} />
      ) : !sub ? (
        <Card className="p-6">{t('sign.notFound')}</Card>
      ) : (
        <div className="flex flex-col gap-4">
          <Card className="p-4">
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-xs text-muted">{t('sign.name')}</dt>
                <dd className="font-semibold text-ink-900">
                  <bdi>{sub.investorName}</bdi>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">{t('sign.amount')}</dt>
                <dd className="tabular font-semibold text-ink-900">{formatUSDExact(sub.amount)}</dd>
              </div>
            </dl>
          </Card>
          {!envelope || ['declined', 'voided', 'expired'].includes(envelope.status) ? (
            <>
              {envelope && <ClosedNote envelope={envelope} />}
              {(sub.status === 'Pending' || sub.status === 'Under Review') && <QuestionnaireStep subscriptionId={sub.id} />}
            </>
          ) : envelope.status === 'sent' ? (
            <SignSteps envelope={envelope} />
          ) : (
            <Outcome envelope={envelope} />
          )}
          {envelope && (
            <Card className="p-4">
              <SigningTrail events={envelope.events} level={2} />
            </Card>
          )}
        </div>
      )}
    </>
  );
}

function ClosedNote({ envelope }: { envelope: Envelope }) {
  const { t } = signingText.useT();
  return (
    <Card className="p-4 text-sm" role="status">
      {t('sign.closedText', { status: t(`sign.status.${envelope.status}`) })}
      {envelope.reason && <p className="mt-1 text-muted">{envelope.reason}</p>}
    </Card>
  );
}

function SignSteps({ envelope }: { envelope: Envelope }) {
  const { t } = signingText.useT();
  const { sign, decline } = useSigningAction();
  const [consent, setConsent] = useState(false);
  const [method, setMethod] = useState<'typed' | 'drawn'>('typed');
  const [typedName, setTypedName] = useState('');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const readId = useId();
  const signId = useId();
  const declineId = useId();
  const padLabel = useId();
  const padHint = useId();
  const errors = fieldErrorsOf(sign.error);
  const askCode = Boolean(errors.code);
  const declineErrors = fieldErrorsOf(decline.error);

  return (
    <>
      <Card className="p-4" role="group" aria-labelledby={readId}>
        <h2 id={readId} className="mb-1 text-lg font-semibold text-ink-900">
          {t('sign.agreementTitle')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t('sign.agreementHint', { count: envelope.pageCount })}</p>
        <div className="mb-3">
          <Suspense fallback={<ListSkeleton label={t('sign.loading')} rowClassName="h-96" />}>
            <AgreementViewer url={envelopeDocumentUrl(envelope)} />
          </Suspense>
        </div>
        <a href={envelopeDocumentUrl(envelope)} className={buttonClass({ variant: 'secondary', size: 'sm' })} download>
          {t('sign.open')}
        </a>
      </Card>
      <Card className="p-4" role="group" aria-labelledby={signId}>
        <h2 id={signId} className="mb-3 text-lg font-semibold text-ink-900">
          {t('sign.signTitle')}
        </h2>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            sign.mutate(
              {
                id: envelope.id,
                consent: consent as true,
                method,
                ...(method === 'typed' ? { typedName } : drawing ? { drawing } : {}),
                ...(askCode ? { code } : { password }),
              },
              { onError: (err) => toast.error(t('sign.failed'), { description: serverMessage(err) }) },
            );
          }}
        >
          <ConfirmCheckbox id="sign-consent" checked={consent} onChange={setConsent} label={t('sign.consent')} error={errors.consent} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-text">{t('sign.method')}</legend>
            <div className="flex flex-wrap gap-4">
              {(['typed', 'drawn'] as const).map((m) => (
                <label key={m} className="flex min-h-10 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="sign-method"
                    value={m}
                    checked={method === m}
                    onChange={() => setMethod(m)}
                    className="size-4 accent-gold-600"
                  />
                  {t(`sign.${m}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {method === 'typed' ? (
            <Field
              label={t('sign.typedName')}
              htmlFor="sign-typed"
              hint={t('sign.typedHint', { name: envelope.investorName })}
              error={errors.typedName}
            >
              <Input
                {...fieldProps('sign-typed', errors.typedName, true)}
                value={typedName}
                autoComplete="name"
                onChange={(e) => setTypedName(e.target.value)}
                className="font-serif text-xl italic"
              />
            </Field>
          ) : (
            <div className="flex flex-col gap-1">
              <p id={padLabel} className="text-sm font-medium text-text">
                {t('sign.pad')}
              </p>
              <p id={padHint} className="text-sm text-muted">
                {t('sign.padHint')}
              </p>
              <SignaturePad onChange={setDrawing} labelId={padLabel} hintId={padHint} />
              {errors.drawing && <p className="text-sm text-danger-700">{errors.drawing}</p>}
            </div>
          )}
          {askCode ? (
            <Field label={t('sign.code')} htmlFor="sign-code" hint={t('sign.codeHint')} error={errors.code}>
              <Input
                {...fieldProps('sign-code', errors.code, true)}
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                onChange={(e) => setCode(e.target.value)}
              />
            </Field>
          ) : (
            <Field label={t('sign.password')} htmlFor="sign-password" hint={t('sign.passwordHint')} error={errors.password}>
              <Input
                {...fieldProps('sign-password', errors.password, true)}
                type="password"
                value={password}
                autoComplete="current-password"
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
          )}
          <div>
            <Button type="submit" busy={sign.isPending}>
              {sign.isPending ? t('sign.submitting') : t('sign.submit')}
            </Button>
          </div>
        </form>
      </Card>
      <Card className="p-4" role="group" aria-labelledby={declineId}>
        <h2 id={declineId} className="mb-1 text-lg font-semibold text-ink-900">
          {t('sign.declineTitle')}
        </h2>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            decline.mutate(
              { id: envelope.id, reason },
              {
                onSuccess: () => toast.success(t('sign.declined')),
                onError: (err) => toast.error(t('sign.failed'), { description: serverMessage(err) }),
              },
            );
          }}
        >
          <Field label={t('sign.reasonLabel')} htmlFor="decline-reason" hint={t('sign.declineHint')} error={declineErrors.reason}>
            <Textarea
              {...fieldProps('decline-reason', declineErrors.reason, true)}
              value={reason}
              rows={2}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" variant="danger" busy={decline.isPending}>
              {t('sign.decline')}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}

function Outcome({ envelope }: { envelope: Envelope }) {
  const { t } = signingText.useT();
  const executed = envelope.status === 'executed';
  return (
    <Card className="flex flex-col gap-3 p-4" role="status">
      <h2 className="text-lg font-semibold text-ink-900">{executed ? t('sign.executedTitle') : t('sign.signedTitle')}</h2>
      <p className="text-sm text-text">{executed ? t('sign.executedText') : t('sign.signedText')}</p>
      {envelope.signedAt && <p className="tabular text-sm text-muted">{formatDateTime(envelope.signedAt)}</p>}
      {executed && (
        <div>
          <a href={envelopeDocumentUrl(envelope)} className={buttonClass({ variant: 'primary', size: 'sm' })} download>
            {t('sign.download')}
          </a>
        </div>
      )}
    </Card>
  );
}
