import { FileStack } from 'lucide-react';
import { useState } from 'react';
import { lastQuarter } from '../../../shared/dates';
import type { StatementRun } from '../../../shared/ledger';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { apiGet, apiPost } from '../../lib/api';
import { toast } from '../../lib/toast';
import { serverMessage } from './api';

type Run = StatementRun;

/**
 * Generates the last quarter's capital account statements for every investor at once. The run
 * happens on the server in the background; this card polls its progress. Each statement lands
 * in the investor's Document Vault.
 */
export function StatementRunCard() {
  const [from, to] = lastQuarter();
  const [run, setRun] = useState<Run | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      let r = (await apiPost('/api/statement-runs', { body: { from, to } })).run;
      setRun(r);
      while (r.status === 'running') {
        await new Promise((ok) => setTimeout(ok, 500));
        r = (await apiGet('/api/statement-runs/:id', { params: { id: r.id } })).run;
        setRun(r);
      }
      if (r.failed > 0) toast.error(`${r.failed} statements failed; ${r.done} generated`);
      else toast.success(`${r.done} statements generated`);
    } catch (err) {
      toast.error(serverMessage(err) ?? 'Failed to generate statements');
    } finally {
      setStarting(false);
    }
  }

  const pct = run && run.total > 0 ? ((run.done + run.failed) / run.total) * 100 : run ? 100 : 0;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Quarterly statements</CardTitle>
        <CardDescription>
          Capital account statements for {from} to {to}, for every investor with a capital account, saved to each investor's documents.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Button onClick={start} busy={starting} className="self-start" variant="secondary">
          <FileStack aria-hidden="true" />
          {starting ? 'Generating...' : 'Generate Quarter Statements'}
        </Button>
        {run && (
          <div className="flex flex-col gap-1" data-testid="statement-run">
            <Progress value={pct} label="Statement generation progress" />
            <p className="text-sm text-muted" aria-live="polite">
              {run.status === 'running'
                ? `Generating: ${run.done} of ${run.total}`
                : `Done: ${run.done} of ${run.total} statements generated`}
              {run.failed > 0 ? `, ${run.failed} failed` : ''}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
