import type { TokenScope } from '../api-tokens.ts';
import type { RouteKey } from './contract.ts';

/**
 * The routes an API token may call, each with the scope it needs (issue 34, decision 044). Deny
 * by default: a route not listed here answers a token with 403, whatever its scopes; the route's
 * own access (admin, investor) still applies on top, so an investor's token never reaches an
 * admin route. The OpenAPI document (GET /api/openapi.json) shows each listed route's scope.
 *
 * Investors' tokens are read-only (portal:read: their own data, the same answers as the portal);
 * administrators choose scopes per token.
 */
export const TOKEN_ROUTE_SCOPES = {
  // An investor's own data
  'GET /api/investor/dashboard': 'portal:read',
  'GET /api/investor/deals': 'portal:read',
  'GET /api/investor/subscriptions': 'portal:read',
  'GET /api/investor/performance': 'portal:read',
  'GET /api/investor/distributions': 'portal:read',
  'GET /api/investor/deal-terms': 'portal:read',
  'GET /api/investor/capital-calls': 'portal:read',
  'GET /api/investor/capital-calls/:id/notice': 'portal:read',
  'GET /api/investor/statement': 'portal:read',
  'GET /api/investor/statements': 'portal:read',
  'GET /api/investor/compliance': 'portal:read',
  'GET /api/investor/documents/:id/download': 'portal:read',
  'GET /api/investor/messages': 'portal:read',
  'GET /api/investor/messages/:id': 'portal:read',
  'GET /api/investor/messages/unread-count': 'portal:read',
  // An investor's own feeds (issue 34 part 3, decision 048)
  'GET /api/investor/ilpa-notices': 'portal:read',
  'GET /api/investor/ilpa-notices.csv': 'portal:read',
  'GET /api/investor/ilpa-notices/:id': 'portal:read',
  'GET /api/investor/ilpa-notices/:id/csv': 'portal:read',
  'GET /api/investor/capital-account': 'portal:read',
  'GET /api/investor/capital-account.csv': 'portal:read',
  // Deals
  'GET /api/deals': 'deals:read',
  'GET /api/deals/options': 'deals:read',
  'GET /api/deals/:id': 'deals:read',
  'GET /api/deals/:id/terms': 'deals:read',
  'GET /api/spvs': 'deals:read',
  'GET /api/subscriptions': 'deals:read',
  // The ledger: calls, receipts, distributions, statements
  'GET /api/capital-calls': 'ledger:read',
  'GET /api/capital-calls/:id': 'ledger:read',
  'GET /api/deals/:id/ledger': 'ledger:read',
  'GET /api/deals/:id/call-choices': 'ledger:read',
  'GET /api/deals/:id/management-fees': 'ledger:read',
  'GET /api/distributions': 'ledger:read',
  'GET /api/distributions/waterfall': 'ledger:read',
  'GET /api/investors/:id/statement': 'ledger:read',
  'GET /api/investors/:id/ilpa-notices': 'ledger:read',
  'GET /api/investors/:id/ilpa-notices.csv': 'ledger:read',
  'GET /api/capital-calls/:id/ilpa-notices': 'ledger:read',
  'GET /api/capital-calls/:id/ilpa-notices.csv': 'ledger:read',
  'GET /api/investors/:id/capital-account': 'ledger:read',
  'GET /api/investors/:id/capital-account.csv': 'ledger:read',
  'POST /api/capital-calls/:id/receipts': 'ledger:write',
  'POST /api/distributions/:id/pay': 'ledger:write',
  'POST /api/deals/:id/valuations': 'ledger:write',
  // Documents
  'GET /api/documents': 'documents:read',
  'GET /api/documents/:id/download': 'documents:read',
  // People
  'GET /api/users': 'users:read',
  'GET /api/kyc': 'users:read',
  'GET /api/kyc/:id': 'users:read',
} as const satisfies Partial<Record<RouteKey, TokenScope>>;

export type TokenRouteKey = keyof typeof TOKEN_ROUTE_SCOPES;

/** The scope a route needs from a token, or null when tokens may not call it. */
export function tokenScopeOf(key: string): TokenScope | null {
  return (TOKEN_ROUTE_SCOPES as Record<string, TokenScope | undefined>)[key] ?? null;
}
