import { z } from 'zod';

/**
 * Personal access tokens (issue 34, decision 044): a signed-in user creates a token on their
 * profile for their own systems (a family office's portfolio tool, the firm's accounting), and
 * sends it as `Authorization: Bearer sdt_...` instead of a session cookie. A token reaches only
 * the routes given a scope in src/shared/api/token-scopes.ts, and only with that scope.
 */

/** What an administrator's token may be allowed to do. */
export const ADMIN_TOKEN_SCOPES = ['deals:read', 'ledger:read', 'ledger:write', 'documents:read', 'users:read'] as const;
/** An investor's token reads their own portal data, nothing else (read-only). */
export const INVESTOR_TOKEN_SCOPES = ['portal:read'] as const;
export const TOKEN_SCOPES = [...ADMIN_TOKEN_SCOPES, ...INVESTOR_TOKEN_SCOPES] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts with this, so that secret scanners (and people) recognise one. */
export const TOKEN_PREFIX = 'sdt_';
/** A token's life: at most a year, a quarter by default. */
export const TOKEN_MAX_DAYS = 365;
export const TOKEN_DEFAULT_DAYS = 90;
/** Live (not revoked, not expired) tokens one user may hold at once. */
export const MAX_LIVE_TOKENS = 10;

export const TOKEN_MESSAGES = {
  invalid: 'The API token is not valid, has expired or was revoked',
  routeNotAvailable: 'This route is not available to API tokens',
  missingScope: (scope: string) => `This API token does not have the ${scope} scope`,
  tooMany: `You already have ${MAX_LIVE_TOKENS} active API tokens: revoke one before creating another`,
  codeRequired: 'Enter the code from your authenticator app to create a token',
  codeInvalid: 'The code is not valid. Enter the current code from your authenticator app, or a recovery code.',
  notFound: 'API token not found',
  adminScopeRequired: 'Choose at least one scope',
} as const;

export const createTokenInput = z.object({
  name: z.string({ error: 'Name the token' }).trim().min(1, 'Name the token').max(100, 'Use at most 100 characters'),
  expiresInDays: z.coerce
    .number({ error: 'Enter the number of days' })
    .int('Enter a whole number of days')
    .min(1, 'A token lasts at least 1 day')
    .max(TOKEN_MAX_DAYS, `A token lasts at most ${TOKEN_MAX_DAYS} days`)
    .default(TOKEN_DEFAULT_DAYS),
  /** Administrators choose; an investor's token always has portal:read only. */
  scopes: z
    .array(z.enum(ADMIN_TOKEN_SCOPES, { error: 'Unknown scope' }))
    .max(ADMIN_TOKEN_SCOPES.length)
    .optional(),
  /** The current code from the authenticator app (or a recovery code), when two-factor is on. */
  code: z.string().trim().max(32).optional(),
});
export type CreateTokenInput = z.input<typeof createTokenInput>;

export interface ApiToken {
  id: string;
  name: string;
  /** The first characters of the token, to tell tokens apart (never the secret). */
  hint: string;
  scopes: TokenScope[];
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
}

/** The answer to a creation: the secret, shown this once and never again. */
export interface CreatedToken {
  token: ApiToken;
  secret: string;
}
