import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import type { SigningQuestionnaire } from '../../../shared/signing';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { currentLanguage, enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, useSigningAction, useSigningQuestionnaire } from './api';
import { ConfirmCheckbox } from './confirm-checkbox';
import { signingText } from './i18n';

const fieldErrorsOf = (err: unknown): Record<string, string> => (err instanceof ApiError ? (err.fields ?? {}) : {});

/** A country's name in the reader's language (ISO 3166 alpha-2 as stored), the code when unknown. */
function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Step 1 of signing (issue 30): the questionnaire pre-filled from what the product holds (the
 * profile, KYC, DFSA classification, tax self-certification). The investor corrects the entity and
 * the address here and confirms the rest; classification and tax are corrected where they are kept.
 */
export function QuestionnaireStep({ subscriptionId }: { subscriptionId: string }) {
  const { t } = signingText.useT();
  const q = useSigningQuestionnaire(subscriptionId);
  const headingId = useId();
  return (
    <Card className="p-4" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-1 text-lg font-semibold text-ink-900">
        {t('sign.detailsTitle')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('questionnaire.hint')}</p>
      {q.isPending ? (
        <ListSkeleton label={t('sign.loading')} rowClassName="h-24" />
      ) : q.isError ? (
        <LoadError title={t('sign.notFound')} error={q.error} busy={q.isFetching} onRetry={() => void q.refetch()} />
      ) : (
        <QuestionnaireForm subscriptionId={subscriptionId} data={q.data} />
      )}
    </Card>
  );
}

function QuestionnaireForm({ subscriptionId, data }: { subscriptionId: string; data: SigningQuestionnaire }) {
  const { t } = signingText.useT();
  const { open } = useSigningAction();
  const [entity, setEntity] = useState(data.entity);
  const [address, setAddress] = useState(data.address ?? '');
  const [confirmed, setConfirmed] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const server = fieldErrorsOf(open.error);
  const errors = {
    entity: local.entity ?? server.entity,
    address: local.address ?? server['questionnaire.address'],
    confirmed: local.confirmed ?? server['questionnaire.confirmed'],
  };
  const notGiven = t('questionnaire.notGiven');
  const c = data.classification;
  const classification = t(`questionnaire.classificationState.${c.state}`);

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found: Record<string, string> = {};
        if (!address.trim()) found.address = t('questionnaire.addressRequired');
        if (!confirmed) found.confirmed = t('questionnaire.confirmRequired');
        setLocal(found);
        if (found.address) return document.getElementById('sign-address')?.focus();
        if (found.confirmed) return document.getElementById('sign-confirm')?.focus();
        open.mutate(
          { subscriptionId, entity, questionnaire: { address, confirmed: true } },
          { onError: (err) => toast.error(t('sign.failed'), { description: serverMessage(err) }) },
        );
      }}
    >
      <Field label={t('sign.entity')} htmlFor="sign-entity" hint={t('sign.entityHint')} error={errors.entity}>
        <Input
          {...fieldProps('sign-entity', errors.entity, true)}
          value={entity}
          maxLength={200}
          onChange={(e) => setEntity(e.target.value)}
        />
      </Field>
      <Field
        label={t('questionnaire.address')}
        htmlFor="sign-address"
        hint={t('questionnaire.addressHint')}
        error={errors.address}
        required
      >
        <Textarea
          {...fieldProps('sign-address', errors.address, true)}
          value={address}
          rows={2}
          maxLength={500}
          autoComplete="street-address"
          dir="auto"
          onChange={(e) => setAddress(e.target.value)}
        />
      </Field>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-900">{t('questionnaire.held')}</h3>
        <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-2" data-testid="questionnaire-facts">
          <Fact label={t('questionnaire.investorType')}>{data.investorType ? enumLabel('userType', data.investorType) : notGiven}</Fact>
          <Fact label={t('questionnaire.residence')}>{countryName(data.residenceCountry) ?? notGiven}</Fact>
          <Fact label={t('questionnaire.nationality')}>{countryName(data.nationality) ?? notGiven}</Fact>
          <Fact label={t('questionnaire.kyc')}>
            {data.kycStatus === 'not_started' ? t('questionnaire.kycNone') : enumLabel('kycStatus', data.kycStatus)}
          </Fact>
          <Fact label={t('questionnaire.classification')}>
            {c.reviewDue ? t('questionnaire.classificationDue', { label: classification, date: formatDate(c.reviewDue) }) : classification}
          </Fact>
          <Fact label={t('questionnaire.taxCertified')}>
            {data.tax
              ? t('questionnaire.taxVersion', { version: data.tax.version, date: formatDate(data.tax.signedAt) })
              : t('questionnaire.taxNone')}
          </Fact>
          {data.tax && (
            <>
              <Fact label={t('questionnaire.taxResidences')}>
                <ul className="flex flex-col gap-0.5">
                  {data.tax.residences.map((r) => (
                    <li key={r.country}>
                      {countryName(r.country)} · {r.tin ? <bdi>{t('questionnaire.tin', { tin: r.tin })}</bdi> : t('questionnaire.noTin')}
                    </li>
                  ))}
                </ul>
              </Fact>
              <Fact label={t('questionnaire.usPerson')}>{data.tax.usPerson ? t('questionnaire.yes') : t('questionnaire.no')}</Fact>
            </>
          )}
        </dl>
        <p className="mt-3 text-sm text-muted">
          {t('questionnaire.outOfDate')}{' '}
          <Link to="/investor/compliance" className="font-medium text-gold-700 underline">
            {t('questionnaire.complianceLink')}
          </Link>
          .
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <ConfirmCheckbox
          id="sign-confirm"
          checked={confirmed}
          onChange={setConfirmed}
          label={t('questionnaire.confirm')}
          error={errors.confirmed}
        />
      </div>
      <div>
        <Button type="submit" busy={open.isPending}>
          {open.isPending ? t('sign.preparing') : t('sign.prepare')}
        </Button>
      </div>
    </form>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-medium break-words text-ink-900">{children}</dd>
    </div>
  );
}
