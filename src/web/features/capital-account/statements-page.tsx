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
import { toast } from '../../lib/toast';
import { downloadPdf, useMyGeneratedStatements } from './api';

/** Statements (/investor/statements): a capital account statement for any period, as a PDF. */
export default function StatementsPage() {
  const [from, to] = lastQuarter();
  // A period to download, not input to keep: no unsaved-changes guard.
  const form = useZodForm(statementQuery, { defaultValues: { from, to } });

  const submit = form.handleSubmit(async ({ from, to }) => {
    try {
      await downloadPdf(`/api/investor/statement?from=${from}&to=${to}`, `capital-account-statement-${from}-${to}.pdf`);
      toast.success('Statement downloaded');
    } catch (err) {
      toast.error((err as Error).message);
    }
  });

  return (
    <>
      <PageHeader title="Statements" description="Your capital account statement for any period." />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Capital account statement</CardTitle>
          <CardDescription>
            Opening balance, calls, contributions, distributions by type, fees, closing balance, net asset value, MOIC and IRR, per holding.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
            <Field label="From" htmlFor="statement-from" error={form.errorOf('from')} required>
              <DateInput {...form.field('from', 'statement-from')} />
            </Field>
            <Field label="To" htmlFor="statement-to" error={form.errorOf('to')} required>
              <DateInput {...form.field('to', 'statement-to')} />
            </Field>
            <Button type="submit" busy={form.busy} className="sm:col-span-2">
              <Download aria-hidden="true" />
              {form.busy ? 'Preparing...' : 'Download Statement (PDF)'}
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
  const statements = useMyGeneratedStatements();
  return (
    <Card className="mt-6 max-w-xl" role="region" aria-labelledby="issued-statements-title">
      <CardHeader>
        <CardTitle id="issued-statements-title">Issued statements</CardTitle>
        <CardDescription>Statements your investment team generated for each period.</CardDescription>
      </CardHeader>
      <CardContent>
        {statements.isError && (
          <LoadError
            title="Failed to load your statements"
            error={statements.error}
            onRetry={() => statements.refetch()}
            busy={statements.isFetching}
          />
        )}
        {statements.isLoading && <p className="text-muted">Loading your statements...</p>}
        {statements.data?.length === 0 && <p className="text-muted">No statements have been issued to you yet.</p>}
        {statements.data && statements.data.length > 0 && (
          <ul className="divide-y divide-border" aria-label="Issued statements">
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
  const [busy, setBusy] = useState(false);
  const period = `${formatDate(s.from)} to ${formatDate(s.to)}`;
  async function download() {
    setBusy(true);
    try {
      await downloadPdf(`/api/investor/documents/${encodeURIComponent(s.id)}/download`, `capital-account-statement-${s.from}-${s.to}.pdf`);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="issued-statement">
      <div>
        <p className="font-medium text-ink-900">{period}</p>
        <p className="text-sm text-muted">Issued {formatDate(s.generatedAt)}</p>
      </div>
      <Button variant="secondary" busy={busy} onClick={download} aria-label={`Download statement ${period}`}>
        <Download aria-hidden="true" />
        {busy ? 'Preparing...' : 'Download'}
      </Button>
    </li>
  );
}
