import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { GeneratedStatement, StatementRun } from '../../../shared/ledger.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { conflict } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { storeDocument } from '../documents/service.ts';
import { documentRenderer } from './pdf-pool.ts';
import { buildStatement, newStatementCache, statementPdf } from './statements.ts';

const runs = new Map<string, StatementRun>();

export const getRun = (id: string) => runs.get(id) ?? null;

/**
 * The statements runs generated for an investor, newest period first. They are downloaded
 * through the investor's document route (they are vault documents addressed to them) and are
 * not compliance documents.
 */
export async function generatedStatements(q: Queryable, investorId: string): Promise<GeneratedStatement[]> {
  const rows = await sql<{
    id: string;
    from: string;
    to: string;
    upload_date: Date;
  }>(`SELECT id, to_char(statement_from, 'YYYY-MM-DD') AS "from", to_char(statement_to, 'YYYY-MM-DD') AS "to", upload_date
       FROM documents WHERE investor_id = $1 AND statement_from IS NOT NULL
      ORDER BY statement_to DESC, statement_from DESC, upload_date DESC, id`).all(q, [investorId]);
  return rows.map((r) => ({ id: r.id, from: r.from, to: r.to, generatedAt: new Date(r.upload_date).toISOString() }));
}

/**
 * Generates every investor's capital account statement for a period, one at a time, yielding
 * to the event loop between statements so other requests are served during the run. Each PDF
 * is stored in the document vault addressed to its investor. Progress is kept in memory and
 * polled; one run at a time per server.
 */
export async function startStatementRun(ctx: AppContext, from: string, to: string, actorId: string, ip: string): Promise<StatementRun> {
  if ([...runs.values()].some((r) => r.status === 'running')) throw conflict('A statement run is already in progress', 'RUN_IN_PROGRESS');
  const investors = await sql<{ id: string; name: string }>(
    `SELECT p.id, p.name FROM profiles p WHERE p.role = 'investor' AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.investor_id = p.id) ORDER BY p.name, p.id`,
  ).all(ctx.db);
  const run: StatementRun = {
    id: randomUUID(),
    from,
    to,
    status: 'running',
    total: investors.length,
    done: 0,
    failed: 0,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    msPerStatement: null,
    error: null,
  };
  runs.set(run.id, run);
  const started = performance.now();
  // Each deal's ledger is loaded once per run: the run's statements share one snapshot of it.
  const cache = newStatementCache();
  void (async () => {
    for (const inv of investors) {
      await yieldToEventLoop();
      try {
        const pdf = await statementPdf(ctx.db, await buildStatement(ctx.db, inv.id, from, to, cache), documentRenderer(ctx), {
          background: true,
        });
        const temp = await ctx.files.writeTemp(Readable.from(pdf));
        await storeDocument(
          ctx.db,
          ctx.files,
          {
            name: `Capital account statement ${from} to ${to}`,
            type: 'Other',
            investorId: inv.id,
            investorVisible: false,
            dealId: null,
            expirationDate: null,
          },
          temp,
          'pdf',
          actorId,
          ip,
          { from, to },
        );
        run.done += 1;
      } catch (err) {
        run.failed += 1;
        run.error = err instanceof Error ? err.message : String(err);
      }
    }
    run.status = run.failed > 0 && run.done === 0 && run.total > 0 ? 'failed' : 'done';
    run.finishedAt = new Date().toISOString();
    run.msPerStatement = run.total > 0 ? Math.round((performance.now() - started) / run.total) : 0;
    await logActivity(ctx.db, {
      type: 'statements_generated',
      userId: actorId,
      details: { runId: run.id, from, to, done: run.done, failed: run.failed },
      ip,
    }).catch(() => {});
  })();
  return { ...run };
}
