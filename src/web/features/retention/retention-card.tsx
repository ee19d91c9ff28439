import { Check, RefreshCw, Save, Trash2, Undo2 } from 'lucide-react';
import { useEffect } from 'react';
import { formatDate, formatDateTimeZoned, formatNumber } from '../../../shared/format';
import {
  RECORD_KINDS,
  RETENTION_RULES,
  type RetentionCandidate,
  type RetentionOverview,
  type RetentionPurge,
  type RetentionReason,
  retentionPolicyInput,
} from '../../../shared/retention';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, serverMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { toast } from '../../lib/toast';
import { useDecidePurge, useProposePurge, useRetention, useReviewRetention, useSaveRetentionPolicy } from './api';
import { retentionText } from './i18n';

/**
 * Retention and the four-eyes purge (decision 054): the policy per record kind (never below the
 * DFSA minimum), the clients whose records are all past retention with why, and their purge:
 * proposed by one admin, approved by another.
 */
export function RetentionCard() {
  const { t } = retentionText.useT();
  const data = useRetention();
  return (
    <Card className="lg:col-span-2 print:hidden">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        {data.isPending ? (
          <Spinner />
        ) : data.isError ? (
          <LoadError title={t('title')} error={data.error} onRetry={() => void data.refetch()} />
        ) : (
          <>
            <PolicyForm overview={data.data} />
            <Candidates overview={data.data} />
            <Purges purges={data.data.purges} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PolicyForm({ overview }: { overview: RetentionOverview }) {
  const { t } = retentionText.useT();
  const save = useSaveRetentionPolicy();
  const form = useZodForm(retentionPolicyInput, { defaultValues: overview.policy });
  const { reset } = form;
  useEffect(() => reset(overview.policy), [overview.policy, reset]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(retentionText.t('policy.saved'));
    } catch (err) {
      form.applyServerError(err, { fallback: retentionText.t('policy.failed') });
    }
  });
  return (
    <section aria-labelledby="retention-policy-title" className="flex flex-col gap-3">
      <h3 id="retention-policy-title" className="font-semibold">
        {t('policy.title')}
      </h3>
      {!overview.canEditPolicy && <p className="text-sm text-muted">{t('policy.readOnly')}</p>}
      <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset disabled={!overview.canEditPolicy} className="grid gap-3 sm:grid-cols-2">
          {RECORD_KINDS.map((kind) => {
            const id = `retention-${kind}`;
            const rule = RETENTION_RULES[kind];
            return (
              <Field
                key={kind}
                label={t('policy.years', { kind: t(`kind.${kind}`) })}
                htmlFor={id}
                error={form.errorOf(kind)}
                hint={t('policy.minimum', { years: rule.minimumYears, from: t(`from.${rule.from}`) })}
              >
                <Input
                  {...form.field(kind, id, { hint: true })}
                  {...form.register(kind, { valueAsNumber: true })}
                  type="number"
                  inputMode="numeric"
                  min={rule.minimumYears}
                  max={100}
                  step={1}
                />
              </Field>
            );
          })}
        </fieldset>
        <FormError>{form.formError}</FormError>
        {overview.canEditPolicy && (
          <div>
            <Button type="submit" busy={form.busy}>
              <Save aria-hidden="true" className="size-4" />
              {form.busy ? t('policy.saving') : t('policy.save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}

const failure = (err: unknown) =>
  err instanceof ApiError ? (serverMessage(err) ?? retentionText.t('list.failed')) : retentionText.t('list.failed');

function Candidates({ overview }: { overview: RetentionOverview }) {
  const { t } = retentionText.useT();
  const review = useReviewRetention();
  return (
    <section aria-labelledby="retention-list-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="retention-list-title" className="font-semibold">
            {t('list.title')}
          </h3>
          <p className="text-xs text-muted">
            {overview.reviewedAt ? t('list.reviewedAt', { date: formatDateTimeZoned(overview.reviewedAt) }) : t('list.neverReviewed')}
          </p>
        </div>
        <Button
          type="button"
          variant="secondary"
          busy={review.isPending}
          onClick={() => review.mutate(undefined, { onError: (err) => toast.error(failure(err)) })}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {review.isPending ? t('list.reviewing') : t('list.review')}
        </Button>
      </div>
      {overview.candidates.length === 0 ? (
        <p className="text-sm text-muted">{t('list.empty')}</p>
      ) : (
        <ul aria-label={t('list.listLabel')} className="flex flex-col divide-y divide-line">
          {overview.candidates.map((c) => (
            <CandidateItem key={c.investorId} candidate={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReasonLine({ reason }: { reason: RetentionReason }) {
  const { t } = retentionText.useT();
  return (
    <li>
      {t('list.reason', {
        kind: t(`kind.${reason.kind}`),
        years: reason.years,
        start: formatDate(reason.startOn),
        until: formatDate(reason.retainedUntil),
      })}
      <span className="block text-xs text-muted">{RETENTION_RULES[reason.kind].rule}</span>
    </li>
  );
}

function CandidateItem({ candidate: c }: { candidate: RetentionCandidate }) {
  const { t } = retentionText.useT();
  const { user } = useAuth();
  const propose = useProposePurge();
  const decide = useDecidePurge();
  const own = c.proposal !== null && c.proposal.proposedById === user?.id;
  const onPropose = () =>
    propose.mutate(c.investorId, {
      onSuccess: () => toast.success(retentionText.t('list.proposed', { name: c.investorName })),
      onError: (err) => toast.error(failure(err)),
    });
  const onDecide = (decision: 'approve' | 'withdraw') => {
    if (!c.proposal) return;
    decide.mutate(
      { id: c.proposal.id, decision },
      {
        onSuccess: (p) =>
          toast.success(
            decision === 'approve' ? retentionText.t('list.approved', { name: p.investorName }) : retentionText.t('list.withdrawn'),
          ),
        onError: (err) => toast.error(failure(err)),
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0" data-testid="retention-candidate">
      <span className="font-medium">
        <bdi>{c.investorName}</bdi>
      </span>
      <ul className="flex flex-col gap-1 text-sm">
        {c.reasons.map((r) => (
          <ReasonLine key={r.kind} reason={r} />
        ))}
      </ul>
      {c.proposal === null ? (
        <div>
          <Button type="button" variant="secondary" busy={propose.isPending} onClick={onPropose}>
            <Trash2 aria-hidden="true" className="size-4" />
            {propose.isPending ? t('list.proposing') : t('list.propose', { name: c.investorName })}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            {t('list.proposedBy', { name: c.proposal.proposedBy ?? '-', date: formatDateTimeZoned(c.proposal.proposedAt) })}
          </p>
          {own && <p className="text-sm text-muted">{t('list.ownProposal')}</p>}
          <div className="flex flex-wrap gap-2">
            {!own && (
              <Button type="button" variant="danger" busy={decide.isPending} onClick={() => onDecide('approve')}>
                <Check aria-hidden="true" className="size-4" />
                {decide.isPending ? t('list.approving') : t('list.approve', { name: c.investorName })}
              </Button>
            )}
            <Button type="button" variant="secondary" disabled={decide.isPending} onClick={() => onDecide('withdraw')}>
              <Undo2 aria-hidden="true" className="size-4" />
              {t('list.withdraw')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

const STATUS_TONE = { proposed: 'warning', purged: 'neutral', withdrawn: 'neutral' } as const;

function Purges({ purges }: { purges: RetentionPurge[] }) {
  const { t } = retentionText.useT();
  return (
    <section aria-labelledby="retention-purges-title" className="flex flex-col gap-3">
      <h3 id="retention-purges-title" className="font-semibold">
        {t('purges.title')}
      </h3>
      {purges.length === 0 ? (
        <p className="text-sm text-muted">{t('purges.empty')}</p>
      ) : (
        <ul aria-label={t('purges.listLabel')} className="flex flex-col divide-y divide-line">
          {purges.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 py-3 text-sm first:pt-0" data-testid="retention-purge">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  <bdi>{p.investorName}</bdi>
                </span>
                <Badge tone={STATUS_TONE[p.status]}>{t(`purges.status.${p.status}`)}</Badge>
              </div>
              <p className="text-xs text-muted">
                {t('purges.line', { proposer: p.proposedBy ?? '-', proposed: formatDateTimeZoned(p.proposedAt) })}
                {p.decidedAt &&
                  ` · ${t('purges.decided', { status: t(`purges.status.${p.status}`), name: p.decidedBy ?? '-', date: formatDateTimeZoned(p.decidedAt) })}`}
              </p>
              {p.result && (
                <p className="text-xs text-muted">
                  {t('purges.removed', {
                    rows: formatNumber(Object.values(p.result.rows).reduce((a, b) => a + b, 0)),
                    files: formatNumber(p.result.files),
                  })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
