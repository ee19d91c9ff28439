import { type FormEvent, useId, useState } from 'react';
import { formatDate, formatDateTimeZoned } from '../../../shared/format';
import { RISK_RATINGS, type RiskRating, riskOverrideInput } from '../../../shared/risk-rating';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, fieldProps } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, useInvestorRisk, useOverrideRating } from './api';
import { riskText } from './i18n';

export const ratingTone = (r: RiskRating): BadgeTone => (r === 'high' ? 'danger' : r === 'medium' ? 'warning' : 'success');

/**
 * The admin's view of one investor's risk rating (issue 31 part 4, decision 050): the rating in
 * force, each factor's contribution, the KYC refresh due date, and the override with a reason.
 * Shown in the investor's KYC review on Investor Onboarding.
 */
export function RiskPanel({ investorId }: { investorId: string }) {
  const { t } = riskText.useT();
  const headingId = useId();
  const risk = useInvestorRisk(investorId);
  if (risk.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner label={t('panel.loading')} />
      </p>
    );
  if (risk.isError)
    return (
      <p role="alert" className="text-sm text-danger-700">
        {t('panel.loadFailed')}: {serverMessage(risk.error)}
      </p>
    );
  const { risk: r, refresh } = risk.data;
  return (
    <section aria-labelledby={headingId} data-testid="risk-panel" className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-ink-900">
        {t('panel.title')}
      </h3>
      <p className="text-xs text-muted">{t('panel.description')}</p>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">{t('panel.rating')}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <Badge tone={ratingTone(r.rating)} data-testid="risk-rating">
              {t(`rating.${r.rating}`)}
            </Badge>
            <span className="text-xs text-muted">{t('panel.computed', { rating: t(`rating.${r.computed}`), points: r.points })}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('panel.refreshDue')}</dt>
          <dd className="tabular">
            {refresh.dueDate ? formatDate(refresh.dueDate) : t('panel.refreshNone')}
            {refresh.overdue && (
              <Badge tone="danger" className="ms-2">
                {t('panel.overdue')}
              </Badge>
            )}
            <span className="block text-xs text-muted">{t('panel.interval', { months: refresh.intervalMonths })}</span>
          </dd>
        </div>
      </dl>
      {r.override && (
        <p className="rounded-md border border-border bg-ink-50 px-3 py-2 text-sm" data-testid="risk-override">
          {t('panel.overridden', { name: r.override.byName ?? '—', date: formatDateTimeZoned(r.override.at), reason: r.override.reason })}
        </p>
      )}
      <table className="w-full text-sm">
        <caption className="sr-only">{t('panel.factorsCaption')}</caption>
        <thead>
          <tr className="text-start text-xs text-muted">
            <th scope="col" className="py-1 text-start font-medium">
              {t('panel.colFactor')}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {t('panel.colReason')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('panel.colPoints')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {r.contributions.map((c) => (
            <tr key={c.factor}>
              <th scope="row" className="py-1 pe-2 text-start font-normal">
                {t(`factor.${c.factor}`)}
              </th>
              <td className="py-1 pe-2">{t(`reason.${c.reason}` as 'reason.pep')}</td>
              <td className="tabular py-1 text-end">{c.forcesHigh ? t('panel.forcesHigh') : c.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <OverrideForm investorId={investorId} current={r.rating} />
    </section>
  );
}

function OverrideForm({ investorId, current }: { investorId: string; current: RiskRating }) {
  const { t } = riskText.useT();
  const ids = { rating: useId(), reason: useId() };
  const save = useOverrideRating(investorId);
  const choices = RISK_RATINGS.filter((x) => x !== current);
  const [rating, setRating] = useState<RiskRating>(choices[0] as RiskRating);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = riskOverrideInput.safeParse({ rating, reason, expected: current });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= translateMessage(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { rating, reason, expected: current },
      {
        onSuccess: () => {
          toast.success(t('panel.saved', { rating: t(`rating.${rating}`) }));
          setReason('');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          else toast.error(serverMessage(err) ?? '');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-md border border-border p-3" aria-label={t('panel.override')}>
      <p className="text-sm font-medium text-ink-900">{t('panel.override')}</p>
      <Field label={t('panel.newRating')} htmlFor={ids.rating} error={errors.rating}>
        <NativeSelect
          {...fieldProps(ids.rating, errors.rating)}
          value={choices.includes(rating) ? rating : choices[0]}
          onChange={(e) => setRating(e.target.value as RiskRating)}
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {t(`rating.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label={t('panel.reason')} htmlFor={ids.reason} error={errors.reason} hint={t('panel.reasonHint')} required>
        <Textarea
          {...fieldProps(ids.reason, errors.reason, true)}
          rows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('panel.save')}
        </Button>
      </div>
    </form>
  );
}
