import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { downloadTaxExport, serverMessage } from './api';
import { taxText } from './i18n';

/** The first CRS reporting year in the UAE (decision 049); the last is the last finished year. */
const FIRST_YEAR = 2014;

/** A finished reporting year, or null. The server checks it again (in the company's zone). */
export function reportingYear(value: string, now: Date = new Date()): number | null {
  if (!/^\d{4}$/.test(value.trim())) return null;
  const y = Number(value.trim());
  return y >= FIRST_YEAR && y <= now.getFullYear() - 1 ? y : null;
}

/** Admins, Compliance Center: the CRS/FATCA reportable accounts of a reporting year as CSV (decision 049). */
export function TaxExportCard() {
  const { t } = taxText.useT();
  const id = useId();
  const max = new Date().getFullYear() - 1;
  const [year, setYear] = useState(String(max));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const y = reportingYear(year);
    if (y === null) {
      setError(t('admin.yearError', { max }));
      document.getElementById(`${id}-year`)?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await downloadTaxExport(y);
      toast.success(t('admin.downloaded'));
    } catch (err) {
      toast.error(t('admin.downloadFailed'), { description: serverMessage(err) ?? undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mb-6" data-testid="tax-export">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('admin.exportTitle')}</CardTitle>
        <CardDescription>{t('admin.exportHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
          <Field label={t('admin.year')} htmlFor={`${id}-year`} error={error} required className="w-40">
            <Input
              {...fieldProps(`${id}-year`, error)}
              inputMode="numeric"
              autoComplete="off"
              value={year}
              onChange={(e) => setYear(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={busy} className={error ? 'mb-6' : undefined}>
            {busy ? t('admin.downloading') : t('admin.download')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
