import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import type { RouteKey } from '../../shared/api/contract';

/**
 * Query keys come from the endpoint (decision records 013 and 032): a cached answer is keyed by
 * its API contract route key ('GET /api/deals/:id', src/shared/api/contract.ts), then by its
 * variables (path parameters, query values, a preview's body) when it has any:
 * `endpointKey('GET /api/deals/:id', { id })`. One endpoint read with the same variables is one
 * cache entry, whichever screen reads it; each endpoint has one `queryOptions` (in its feature's
 * api.ts, or in web/lib/queries when several features read it), so the entry has one shape.
 * A change refreshes what it moved by naming the endpoints (`invalidateEndpoints`), which
 * covers every variable of each.
 */
export function endpointKey<K extends RouteKey>(route: K): readonly [K];
export function endpointKey<K extends RouteKey, V extends object | null>(route: K, vars: V): readonly [K, V];
export function endpointKey(route: RouteKey, vars?: object | null): readonly unknown[] {
  return vars === undefined ? [route] : [route, vars];
}

/** Extra filters of an invalidation (e.g. `refetchType: 'active'`, a predicate over one endpoint's entries). */
export type EndpointFilters = Omit<InvalidateQueryFilters, 'queryKey'>;

/**
 * Marks every cached answer of these endpoints stale and refetches those on screen. Resolves
 * once the refetches are done (a mutation that returns it stays pending until then).
 */
export function invalidateEndpoints(qc: QueryClient, routes: readonly RouteKey[], filters: EndpointFilters = {}): Promise<void> {
  return Promise.all(routes.map((route) => qc.invalidateQueries({ ...filters, queryKey: endpointKey(route) }))).then(() => undefined);
}

/*
 * The reads a kind of change moves, by endpoint. They are the groups the old nested keys
 * (`dealKeys.all`, ...) stood for: a change that refreshed `['deals', ...]` refreshes DEAL_READS.
 */

/**
 * Deals: the pipeline and its columns, a deal's detail, ledger, terms and fee runs, the lean
 * options behind every deal select, and the investor's Deal Vault (a deal or subscription
 * change moves remaining capacity there too).
 */
export const DEAL_READS = [
  'GET /api/deals',
  'GET /api/deals/:id',
  'GET /api/deals/options',
  'GET /api/investor/deals',
  'GET /api/deals/:id/ledger',
  'GET /api/deals/:id/terms',
  'GET /api/deals/:id/management-fees',
] as const satisfies readonly RouteKey[];

/** Capital calls: the admin's list and detail, the New Capital Call choices and preview, the investor's notices. */
export const CAPITAL_CALL_READS = [
  'GET /api/capital-calls',
  'GET /api/capital-calls/:id',
  'GET /api/deals/:id/call-choices',
  'POST /api/capital-calls/preview',
  'GET /api/investor/capital-calls',
] as const satisfies readonly RouteKey[];

/** Distributions and the waterfall: the admin's events and waterfalls, the investor's calendar and deal terms. */
export const DISTRIBUTION_READS = [
  'GET /api/distributions',
  'GET /api/distributions/waterfall',
  'GET /api/investor/distributions',
  'GET /api/investor/deal-terms',
] as const satisfies readonly RouteKey[];

/** KYC for both sides: the admin's list and detail and the investor's own application. */
export const KYC_READS = ['GET /api/kyc', 'GET /api/kyc/:id', 'GET /api/kyc/me'] as const satisfies readonly RouteKey[];

/** Subscriptions: the investor's own and the admin's list. */
export const SUBSCRIPTION_READS = ['GET /api/investor/subscriptions', 'GET /api/subscriptions'] as const satisfies readonly RouteKey[];
