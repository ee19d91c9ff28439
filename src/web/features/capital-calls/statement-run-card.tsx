import { FileStack } from 'lucide-react';
import { useState } from 'react';
import { lastQuarter } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { toast } from '../../lib/toast';
import { serverMessage, useGenerateStatements, useStatementRun } from './api';
import { capitalCallsText } from './i18n';

/**
 * Generates the last quarter's capital account statements for every investor at once. The run
 * happens on the server in the background; this card polls its progress (the query's
 * refetchInterval, api.ts). Each statement lands in the investor's Document Vault.
 */
export function StatementRunCard() {
  const { t } = capitalCallsText.useT();
  const [from, to] = lastQuarter();
  /** The run shown: the latest started. */
  const [runId, setRunId] = useState<string | null>(null);
  const generate = useGenerateStatements((started) => setRunId(started.id));
  const run = useStatementRun(runId).data ?? null;
  const starting = generate.isPending;

  async function start() {
    try {
      const r = await generate.mutateAsync({ from, to });
      if (r.failed > 0) toast.error(t('statements.toastFailed', { failed: r.failed, done: r.done }));
      else toast.success(t('statements.toastDone', { count: r.done }));
    } catch (err) {
      toast.error(serverMessage(err) ?? t('statements.failed'));
    }
  }

  const pct = run && run.total > 0 ? ((run.done + run.failed) / run.total) * 100 : run ? 100 : 0;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t('statements.title')}</CardTitle>
        <CardDescription>{t('statements.description', { from: formatDate(from), to: formatDate(to) })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Button onClick={start} busy={starting} className="self-start" variant="secondary">
          <FileStack aria-hidden="true" />
          {starting ? t('statements.generating') : t('statements.generate')}
        </Button>
        {run && (
          <div className="flex flex-col gap-1" data-testid="statement-run">
            <Progress value={pct} label={t('statements.progress')} />
            <p className="text-sm text-muted" aria-live="polite">
              {t(
                run.status === 'running'
                  ? run.failed > 0
                    ? 'statements.runningFailed'
                    : 'statements.running'
                  : run.failed > 0
                    ? 'statements.doneFailed'
                    : 'statements.done',
                { done: run.done, total: run.total, failed: run.failed },
              )}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
