import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../shared/api/contract';
import { dealOptionsQuery } from './queries/deals';
import { activeInvestors, usersQuery } from './queries/users';
import {
  CAPITAL_CALL_READS,
  DEAL_READS,
  DISTRIBUTION_READS,
  endpointKey,
  invalidateEndpoints,
  KYC_READS,
  SUBSCRIPTION_READS,
} from './query-keys';

// Decision record 032: a query key is the endpoint's contract route key, then its variables.
describe('query keys from the endpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the contract route key, then the variables when there are any', () => {
    expect(endpointKey('GET /api/deals')).toEqual(['GET /api/deals']);
    expect(endpointKey('GET /api/deals/:id', { id: 'd1' })).toEqual(['GET /api/deals/:id', { id: 'd1' }]);
  });

  it('every endpoint a group names is a route of the contract', () => {
    const routes = new Set(Object.keys(API));
    for (const route of [...DEAL_READS, ...CAPITAL_CALL_READS, ...DISTRIBUTION_READS, ...KYC_READS, ...SUBSCRIPTION_READS])
      expect(routes.has(route), route).toBe(true);
  });

  it('two screens reading one endpoint share one cache entry and one request', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ deals: [{ id: 'd1' }] }), { status: 200 });
    });
    const qc = new QueryClient();
    // The document form's deal select and the New Capital Call dialog both read GET /api/deals/options.
    const [a, b] = await Promise.all([qc.fetchQuery(dealOptionsQuery()), qc.fetchQuery(dealOptionsQuery())]);
    expect(a).toEqual(b);
    expect(urls).toEqual(['/api/deals/options']);
    expect(qc.getQueryCache().findAll({ queryKey: ['GET /api/deals/options'] })).toHaveLength(1);
  });

  it('invalidating an endpoint covers every variable of it and nothing else', async () => {
    const qc = new QueryClient();
    qc.setQueryData(endpointKey('GET /api/deals/:id', { id: 'd1' }), { n: 1 });
    qc.setQueryData(endpointKey('GET /api/deals/:id', { id: 'd2' }), { n: 2 });
    qc.setQueryData(endpointKey('GET /api/deals/:id/ledger', { id: 'd1' }), { n: 3 });
    qc.setQueryData(usersQuery().queryKey, []);
    await invalidateEndpoints(qc, ['GET /api/deals/:id']);
    const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect(stale(endpointKey('GET /api/deals/:id', { id: 'd1' }))).toBe(true);
    expect(stale(endpointKey('GET /api/deals/:id', { id: 'd2' }))).toBe(true);
    expect(stale(endpointKey('GET /api/deals/:id/ledger', { id: 'd1' }))).toBe(false);
    expect(stale(usersQuery().queryKey)).toBe(false);
  });

  it("the pipeline's columns are told apart from the pipeline by their variables", () => {
    const qc = new QueryClient();
    qc.setQueryData(endpointKey('GET /api/deals'), { pipeline: true });
    qc.setQueryData(endpointKey('GET /api/deals', { stage: 'Screening' }), { column: 'Screening' });
    qc.setQueryData(endpointKey('GET /api/deals', { stage: 'Closed' }), { column: 'Closed' });
    // `{}` as the variables: every column, not the pipeline (deals/api.ts findPipelineDeal).
    expect(qc.getQueriesData({ queryKey: endpointKey('GET /api/deals', {}) }).map(([, d]) => d)).toEqual([
      { column: 'Screening' },
      { column: 'Closed' },
    ]);
    // The route alone: the pipeline and its columns (what a deal change refreshes).
    expect(qc.getQueriesData({ queryKey: endpointKey('GET /api/deals') })).toHaveLength(3);
  });

  it('a derived view (select) reads the one entry: the user list and the active investors', () => {
    const qc = new QueryClient();
    const users = [
      { id: 'u2', name: 'Zed', email: 'z@x.ae', role: 'investor', status: 'active' },
      { id: 'u1', name: 'Amal', email: 'a@x.ae', role: 'investor', status: 'active' },
      { id: 'u3', name: 'Omar', email: 'o@x.ae', role: 'investor', status: 'suspended' },
      { id: 'u4', name: 'Admin', email: 'ad@x.ae', role: 'admin', status: 'active' },
    ];
    qc.setQueryData(usersQuery().queryKey, users as never);
    const observer = new QueryObserver(qc, { ...usersQuery(), select: activeInvestors, staleTime: 60_000 });
    // Active investors by name, from the cached list (no request: the entry is fresh).
    expect(observer.getCurrentResult().data).toEqual([
      { id: 'u1', name: 'Amal', email: 'a@x.ae' },
      { id: 'u2', name: 'Zed', email: 'z@x.ae' },
    ]);
  });
});
