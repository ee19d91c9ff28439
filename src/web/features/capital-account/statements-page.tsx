import { Download } from 'lucide-react';
import { useState } from 'react';
import { lastQuarter } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { type GeneratedStatement, statementQuery } from '../../../shared/ledger';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { LoadError } from '../../components/ui/load-error';
import { translateMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { downloadPdf, useMyGeneratedStatements } from './api';
import { capitalAccountText } from './i18n';

/** Statements (/investor/statements): a capital account statement for any period, as a PDF. */
export default function StatementsPage() {
  const { t } = capitalAccountText.useT();
  const [from, to] = lastQuarter();
  // A period to download, not input to keep: no unsaved-changes guard.
  const form = useZodForm(statementQuery, { defaultValues: { from, to } });

  const submit = form.handleSubmit(async ({ from, to }) => {
    try {
      await downloadPdf(`/api/investor/statement?from=${from}&to=${to}`, `capital-account-statement-${from}-${to}.pdf`);
      toast.success(t('statements.downloaded'));
    } catch (err) {
      toast.error(translateMessage((err as Error).message));
    }
  });

  return (
    <>
      <PageHeader title={t('statements.title')} description={t('statements.description')} />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>{t('statements.cardTitle')}</CardTitle>
          <CardDescription>{t('statements.cardDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
            <Field label={t('statements.from')} htmlFor="statement-from" error={form.errorOf('from')} required>
              <DateInput {...form.field('from', 'statement-from')} />
            </Field>
            <Field label={t('statements.to')} htmlFor="statement-to" error={form.errorOf('to')} required>
              <DateInput {...form.field('to', 'statement-to')} />
            </Field>
            <Button type="submit" busy={form.busy} className="sm:col-span-2">
              <Download aria-hidden="true" />
              {form.busy ? t('statements.preparing') : t('statements.download')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <IssuedStatements />
    </>
  );
}

/** The statements the desk issued (statement runs), newest period first. */
function IssuedStatements() {
  const { t } = capitalAccountText.useT();
  const statements = useMyGeneratedStatements();
  return (
    <Card className="mt-6 max-w-xl" role="region" aria-labelledby="issued-statements-title">
      <CardHeader>
        <CardTitle id="issued-statements-title">{t('statements.issuedTitle')}</CardTitle>
        <CardDescription>{t('statements.issuedDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        {statements.isError && (
          <LoadError
            title={t('statements.loadFailed')}
            error={statements.error}
            onRetry={() => statements.refetch()}
            busy={statements.isFetching}
          />
        )}
        {statements.isLoading && <p className="text-muted">{t('statements.loading')}</p>}
        {statements.data?.length === 0 && <p className="text-muted">{t('statements.empty')}</p>}
        {statements.data && statements.data.length > 0 && (
          <ul className="divide-y divide-border" aria-label={t('statements.issuedTitle')}>
            {statements.data.map((s) => (
              <IssuedStatement key={s.id} s={s} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function IssuedStatement({ s }: { s: GeneratedStatement }) {
  const { t } = capitalAccountText.useT();
  const [busy, setBusy] = useState(false);
  const period = t('statements.period', { from: formatDate(s.from), to: formatDate(s.to) });
  async function download() {
    setBusy(true);
    try {
      await downloadPdf(`/api/investor/documents/${encodeURIComponent(s.id)}/download`, `capital-account-statement-${s.from}-${s.to}.pdf`);
    } catch (err) {
      toast.error(translateMessage((err as Error).message));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="issued-statement">
      <div>
        <p className="font-medium text-ink-900">{period}</p>
        <p className="text-sm text-muted">{t('statements.issuedOn', { date: formatDate(s.generatedAt) })}</p>
      </div>
      <Button variant="secondary" busy={busy} onClick={download} aria-label={t('statements.downloadLabel', { period })}>
        <Download aria-hidden="true" />
        {busy ? t('statements.preparing') : t('statements.downloadOne')}
      </Button>
    </li>
  );
}
