import { type FormEvent, useId, useState } from 'react';
import { formatDate, formatDateTimeZoned } from '../../../shared/format';
import { kycRefreshInput } from '../../../shared/risk-rating';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, useMyRefresh, useSubmitRefresh } from './api';
import { riskText } from './i18n';

/**
 * The investor's periodic KYC refresh on DFSA Compliance (issue 31 part 4, decision 050): the due
 * date (the risk rating itself is not shown to the investor), the overdue notice, and the form
 * that re-confirms their details.
 */
export function KycRefreshCard() {
  const { t } = riskText.useT();
  const headingId = useId();
  const me = useMyRefresh();
  if (me.isPending) return <Skeleton shape="block" className="mt-8 h-32" label={t('investor.title')} />;
  if (me.isError)
    return <LoadError title={t('investor.loadFailed')} error={me.error} busy={me.isFetching} onRetry={() => void me.refetch()} />;
  const r = me.data;
  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="kyc-refresh">
      <Card>
        <CardHeader>
          <CardTitle id={headingId}>{t('investor.title')}</CardTitle>
          <CardDescription>{t('investor.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {r.dueDate ? (
            <p className="text-sm">
              <span className="text-muted">{t('investor.due')}: </span>
              <span className="tabular font-medium text-ink-900" data-testid="refresh-due">
                {formatDate(r.dueDate)}
              </span>
              {r.overdue && (
                <Badge tone="danger" className="ms-2">
                  {t('panel.overdue')}
                </Badge>
              )}
            </p>
          ) : (
            <p className="text-sm text-muted">{t('investor.notYet')}</p>
          )}
          {r.pending ? (
            <p role="status" className="rounded-md border border-border bg-ink-50 p-3 text-sm">
              {t('investor.pending', { date: formatDateTimeZoned(r.pending.submittedAt) })}
            </p>
          ) : (
            r.overdue && (
              <>
                <p role="alert" className="rounded-md border border-danger-700 p-3 text-sm text-danger-700">
                  {t('investor.overdue')}
                </p>
                <RefreshForm />
              </>
            )
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function RefreshForm() {
  const { t } = riskText.useT();
  const ids = { residence: useId(), changes: useId(), confirm: useId() };
  const submit = useSubmitRefresh();
  const [form, setForm] = useState({ residenceCountry: '', changes: '', detailsConfirmed: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The server's schema, checked here first: field errors without a round trip.
    const checked = kycRefreshInput.safeParse(form);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= translateMessage(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    // mutateAsync: the form unmounts on success (the card shows the pending notice instead), and a
    // mutate callback would not run after that.
    submit.mutateAsync(form).then(
      () => toast.success(t('investor.submitted')),
      (err: unknown) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        else toast.error(serverMessage(err) ?? '');
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={t('investor.start')}>
      <h3 className="text-base font-semibold text-ink-900 md:col-span-2">{t('investor.start')}</h3>
      <Field
        label={t('investor.residence')}
        htmlFor={ids.residence}
        error={errors.residenceCountry}
        hint={t('investor.residenceHint')}
        required
      >
        <Input
          {...fieldProps(ids.residence, errors.residenceCountry, true)}
          value={form.residenceCountry}
          maxLength={2}
          autoComplete="country"
          onChange={(e) => setForm({ ...form, residenceCountry: e.target.value })}
        />
      </Field>
      <Field
        label={t('investor.changes')}
        htmlFor={ids.changes}
        error={errors.changes}
        hint={t('investor.changesHint')}
        className="md:col-span-2"
      >
        <Textarea
          {...fieldProps(ids.changes, errors.changes, true)}
          rows={3}
          maxLength={2000}
          value={form.changes}
          onChange={(e) => setForm({ ...form, changes: e.target.value })}
        />
      </Field>
      <div className="flex flex-col gap-1 md:col-span-2">
        <div className="flex items-start gap-2">
          <input
            id={ids.confirm}
            type="checkbox"
            className="mt-0.5 size-4"
            checked={form.detailsConfirmed}
            aria-invalid={errors.detailsConfirmed ? true : undefined}
            aria-describedby={errors.detailsConfirmed ? `${ids.confirm}-error` : undefined}
            onChange={(e) => setForm({ ...form, detailsConfirmed: e.target.checked })}
          />
          <label htmlFor={ids.confirm} className="text-sm">
            {t('investor.confirm')}
          </label>
        </div>
        {errors.detailsConfirmed && (
          <p id={`${ids.confirm}-error`} className="text-sm text-danger-700">
            {errors.detailsConfirmed}
          </p>
        )}
      </div>
      <div className="md:col-span-2">
        <Button type="submit" disabled={submit.isPending}>
          {t('investor.submit')}
        </Button>
      </div>
    </form>
  );
}
