import { CheckCircle2, Download, FileText, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  CLASSIFICATION_DECISIONS,
  type ClassificationApplication,
  type ClassificationDecision,
  classificationDecisionInput,
} from '../../../shared/dfsa-classification';
import { formatDate, formatDateTime } from '../../../shared/format';
import { formatUsdExact } from '../../../shared/money';
import { classificationText, STATE_TONE } from '../../components/domain/classification';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, serverMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { downloadEvidence, useClassificationQueue, useDecideClassification } from '../../lib/queries/classification';
import { toast } from '../../lib/toast';

/** The admins' review queue of client classifications (issue 31, decision 037), a tab of Investor Onboarding. */
export function ClassificationQueueTab() {
  const { t } = classificationText.useT();
  const queue = useClassificationQueue();
  const [reviewing, setReviewing] = useState<ClassificationApplication | null>(null);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="classification-queue" className="flex flex-col gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {t('queue.title')}
        </h2>
        <p className="text-sm text-muted">{t('queue.description')}</p>
        {queue.data && (
          <p className="mt-1 text-sm font-medium text-ink-900">{t('queue.waiting', { count: queue.data.counts.submitted })}</p>
        )}
      </div>
      {!queue.data ? (
        queue.isError ? (
          <Card className="p-5 text-sm text-danger-700" role="alert">
            {t('queue.loadFailed')} {serverMessage(queue.error)}
          </Card>
        ) : (
          <Skeleton shape="block" className="h-40" label={t('queue.loading')} />
        )
      ) : queue.data.applications.length === 0 ? (
        <Card className="p-8 text-center text-sm text-muted">{t('queue.empty')}</Card>
      ) : (
        <ul className="flex flex-col gap-2">
          {queue.data.applications.map((a) => (
            <li key={a.id}>
              <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="classification-row">
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <bdi className="font-semibold text-ink-900">{a.investorName}</bdi>
                    <Badge tone={a.decision ? STATE_TONE[a.decision] : 'info'}>
                      {a.decision ? t(`state.${a.decision}`) : t('queue.awaiting')}
                    </Badge>
                  </span>
                  <span className="text-sm text-muted">
                    {t(`basis.${a.answers.basis}`)} · {t('queue.submitted')} <span className="tabular">{formatDate(a.submittedAt)}</span>
                  </span>
                </div>
                <Button variant={a.status === 'submitted' ? 'primary' : 'secondary'} size="sm" onClick={() => setReviewing(a)}>
                  {t('queue.review')}
                  <span className="sr-only">
                    {' '}
                    <bdi>{a.investorName}</bdi>
                  </span>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={reviewing !== null} onOpenChange={(open) => !open && setReviewing(null)}>
        <DialogContent size="lg">{reviewing && <ReviewClassification app={reviewing} onDone={() => setReviewing(null)} />}</DialogContent>
      </Dialog>
    </section>
  );
}

const ANSWER_FIELDS = ['balanceSheetTotal', 'netTurnover', 'ownFunds', 'netAssets'] as const;

function ReviewClassification({ app, onDone }: { app: ClassificationApplication; onDone: () => void }) {
  const { t } = classificationText.useT();
  const decide = useDecideClassification();
  const [decision, setDecision] = useState<ClassificationDecision | ''>('');
  const [reasons, setReasons] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const answers = app.answers as Record<string, unknown>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = classificationDecisionInput.safeParse({ decision: decision || undefined, reasons });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= translateMessage(issue.message);
      setErrors(fields);
      document.getElementById(fields.decision ? 'classification-decision-professional' : 'classification-reasons')?.focus();
      return;
    }
    try {
      await decide.mutateAsync({ id: app.id, ...parsed.data });
      toast.success(t('toast.decided'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields)
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translateMessage(v)])));
      toast.error(t('toast.decideFailed'), { description: serverMessage(err) });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('review.title', { name: app.investorName })}</DialogTitle>
        <DialogDescription>{t('review.description')}</DialogDescription>
      </DialogHeader>

      <section aria-label={t('review.answers')} className="flex flex-col gap-2 text-sm">
        <p className="font-medium text-ink-900">{t(`basis.${app.answers.basis}`)}</p>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
          {ANSWER_FIELDS.filter((f) => typeof answers[f] === 'string').map((f) => (
            <div key={f} className="flex flex-wrap gap-1.5">
              <dt className="text-muted">{t(`form.${f}`)}</dt>
              <dd className="tabular font-medium text-ink-900">{formatUsdExact(answers[f] as string)}</dd>
            </div>
          ))}
          {typeof answers.yearsExperience === 'number' && (
            <div className="flex flex-wrap gap-1.5">
              <dt className="text-muted">{t('form.yearsExperience')}</dt>
              <dd className="tabular font-medium text-ink-900">{answers.yearsExperience}</dd>
            </div>
          )}
          {typeof answers.experience === 'string' && (
            <div className="sm:col-span-2">
              <dt className="text-muted">{t('form.experience')}</dt>
              <dd className="text-ink-900">{answers.experience}</dd>
            </div>
          )}
        </dl>
      </section>

      <section aria-label={t('review.guide')} className="rounded-md border border-border p-3 text-sm" data-testid="classification-guide">
        <p className="mb-1.5 font-medium text-ink-900">{t('review.guide')}</p>
        <ul className="flex flex-col gap-1">
          {app.assessment.criteria.map((c) => (
            <li key={c.key} className="flex items-center gap-2">
              {c.met ? (
                <CheckCircle2 aria-hidden="true" className="size-4 text-success-700" />
              ) : (
                <XCircle aria-hidden="true" className="size-4 text-danger-700" />
              )}
              <span className="sr-only">{c.met ? t('review.meets') : t('review.fails')}: </span>
              {t(`criterion.${c.key}`, { amount: c.threshold ? formatUsdExact(c.threshold) : '' })}
            </li>
          ))}
        </ul>
        <p className="mt-1.5 font-medium">{app.assessment.qualifies ? t('review.qualifies') : t('review.notQualifies')}</p>
      </section>

      <dl className="grid grid-cols-1 gap-2 text-sm">
        <div>
          <dt className="text-muted">{t('review.notice')}</dt>
          <dd className="text-ink-900">
            {t('review.noticeAt', { version: app.noticeVersion, time: formatDateTime(app.noticeAcknowledgedAt) })}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('review.evidence')}</dt>
          <dd>
            <ul className="flex flex-col gap-1">
              {app.evidence.map((e) => (
                <li key={e.id} className="flex items-center gap-2">
                  <FileText aria-hidden="true" className="size-4 text-ink-700" />
                  <bdi className="truncate">{e.name}</bdi>
                  <Button type="button" variant="ghost" size="sm" onClick={() => void downloadEvidence(e.id, e.name)}>
                    <Download aria-hidden="true" />
                    {t('review.download')}
                    <span className="sr-only">
                      {' '}
                      <bdi>{e.name}</bdi>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>

      {app.status === 'decided' ? (
        <p className="text-sm text-text" data-testid="classification-decided">
          {app.decision && <Badge tone={STATE_TONE[app.decision]}>{t(`state.${app.decision}`)}</Badge>}{' '}
          {t('review.decidedBy', { name: app.decidedByName ?? '', date: app.decidedAt ? formatDate(app.decidedAt) : '' })}
          <span className="mt-1 block">{app.reasons}</span>
        </p>
      ) : (
        <>
          <fieldset aria-describedby={errors.decision ? 'classification-decision-error' : undefined} className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium text-text">
              {t('review.decision')}
              <span aria-hidden="true" className="ms-0.5 text-danger-700">
                *
              </span>
            </legend>
            {CLASSIFICATION_DECISIONS.map((d) => (
              <label key={d} htmlFor={`classification-decision-${d}`} className="flex items-center gap-2 text-sm">
                <input
                  id={`classification-decision-${d}`}
                  type="radio"
                  name="decision"
                  value={d}
                  checked={decision === d}
                  onChange={() => {
                    setDecision(d);
                    setErrors(({ decision: _gone, ...rest }) => rest);
                  }}
                  aria-invalid={errors.decision ? true : undefined}
                />
                {t(`decision.${d}`)}
              </label>
            ))}
            {errors.decision && (
              <p id="classification-decision-error" className="text-sm text-danger-700">
                {errors.decision}
              </p>
            )}
          </fieldset>
          <Field
            label={t('review.reasons')}
            htmlFor="classification-reasons"
            hint={t('review.reasonsHint')}
            error={errors.reasons}
            required
          >
            <Textarea
              {...fieldProps('classification-reasons', errors.reasons, true)}
              rows={3}
              value={reasons}
              onChange={(e) => {
                setReasons(e.target.value);
                setErrors(({ reasons: _gone, ...rest }) => rest);
              }}
              aria-required="true"
            />
          </Field>
          <DialogActions submit={t('review.record')} busyLabel={t('review.busy')} busy={decide.isPending} />
        </>
      )}
    </form>
  );
}
