import { type FormEvent, useId, useRef, useState } from 'react';
import { formatDate } from '../../../shared/dates';
import { Card } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field, fieldProps } from '../../components/ui/field';
import { ilpaUrls } from './api';
import { feedsText } from './i18n';
import { IlpaDownload } from './ilpa-download';

/** A period's end before its start: the field error of "To", the start in the company's date format. */
export function periodError(from: string, to: string): string | undefined {
  return from && to && from > to ? feedsText.t('ilpa.period.toBeforeFrom', { from: formatDate(from) }) : undefined;
}

/**
 * The investor's ILPA-template notices as CSV (issue 34, decision 048): all of them, or those of a
 * period (both ends optional and included, by notice date: a call's date, a distribution's record
 * date). The download link carries the period; an end before the start is a field error on "To"
 * and nothing is downloaded. On the Capital Calls page and the Distribution Calendar.
 */
export function IlpaNoticesPanel() {
  const { t } = feedsText.useT();
  const id = useId();
  const headingId = `${id}-heading`;
  const fromId = `${id}-from`;
  const toId = `${id}-to`;
  const toRef = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const error = periodError(from, to);
  const url = ilpaUrls.investorPeriod(from, to);
  const onSubmit = (e: FormEvent) => e.preventDefault();
  return (
    <Card role="region" aria-labelledby={headingId} className="mb-6 p-4 sm:p-5" data-testid="ilpa-notices-panel">
      <h2 id={headingId} className="font-semibold text-ink-900">
        {t('ilpa.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('ilpa.hint')}</p>
      <div className="mt-3">
        <IlpaDownload url={ilpaUrls.investorAll} filename="ilpa-notices.csv" label={t('ilpa.all')} />
      </div>
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-legend`} className="mt-4 border-t border-border pt-4">
        <p id={`${id}-legend`} className="text-sm font-medium text-ink-900">
          {t('ilpa.period.title')}
        </p>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {t('ilpa.period.hint')}
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto] sm:items-start">
          <Field label={t('ilpa.period.from')} htmlFor={fromId}>
            <DateInput {...fieldProps(fromId)} value={from} onChange={(e) => setFrom(e.target.value)} max={to || undefined} />
          </Field>
          <Field label={t('ilpa.period.to')} htmlFor={toId} error={error}>
            <DateInput
              ref={toRef}
              {...fieldProps(toId, error)}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              min={from || undefined}
            />
          </Field>
          <div className="sm:pt-7">
            <IlpaDownload
              url={url}
              filename={periodFilename(from, to)}
              label={t('ilpa.period.download')}
              // No download while the period is wrong: the button leads to the field that says why.
              guard={() => {
                if (!error) return true;
                toRef.current?.focus();
                return false;
              }}
            />
          </div>
        </div>
      </form>
    </Card>
  );
}

/** ilpa-notices-2026-01-01-to-2026-06-30.csv; an open end is "start" or "latest". */
export function periodFilename(from: string, to: string): string {
  if (!from && !to) return 'ilpa-notices.csv';
  return `ilpa-notices-${from || 'start'}-to-${to || 'latest'}.csv`;
}
