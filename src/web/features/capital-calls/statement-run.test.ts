import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StatementRun } from '../../../shared/ledger';
import { STATEMENT_RUN_POLL_MS, statementRunPolling, statementRunQuery } from './api';

// The Generate statements card polls a run through the query's refetchInterval (decision record
// 032). The query library runs no intervals outside a browser (it treats node as a server), so
// this checks the interval the query asks for in each state; e2e/capital-calls.spec.ts watches
// the card poll in Chromium.
describe('statement run polling', () => {
  const run = (status: StatementRun['status'], done: number): StatementRun =>
    ({ id: 'r1', status, total: 2, done, failed: 0 }) as StatementRun;

  /** The interval asked for when the run's entry is in a given state (the cache entry after a read). */
  const intervalWhen = (setUp: (qc: QueryClient, key: ReturnType<typeof statementRunQuery>['queryKey']) => void) => {
    const qc = new QueryClient();
    const { queryKey } = statementRunQuery('r1');
    setUp(qc, queryKey);
    const state = qc.getQueryState(queryKey) ?? { data: undefined, status: 'pending' };
    return statementRunPolling.refetchInterval({ state });
  };

  it('asks every half second while the run is running, also in a background tab, never from a stale cache', () => {
    expect(intervalWhen((qc, key) => qc.setQueryData(key, run('running', 1)))).toBe(STATEMENT_RUN_POLL_MS);
    expect(STATEMENT_RUN_POLL_MS).toBe(500);
    expect(statementRunPolling.refetchIntervalInBackground).toBe(true);
    const options = statementRunQuery('r1');
    expect(options.retry).toBe(false);
    expect(options.staleTime).toBe(Number.POSITIVE_INFINITY);
  });

  it('stops once the run has finished, and after a failed read', () => {
    expect(intervalWhen((qc, key) => qc.setQueryData(key, run('done', 2)))).toBe(false);
    expect(
      intervalWhen((qc, key) => {
        qc.setQueryData(key, run('running', 1));
        qc.getQueryCache()
          .find({ queryKey: key })
          ?.setState({ status: 'error', error: new Error('Server error') });
      }),
    ).toBe(false);
    // Nothing loaded yet: nothing to poll.
    expect(intervalWhen(() => {})).toBe(false);
  });
});
