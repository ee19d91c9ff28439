import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiToken,
  type CreatedToken,
  type CreateTokenInput,
  createTokenInput,
  INVESTOR_TOKEN_SCOPES,
  MAX_LIVE_TOKENS,
  TOKEN_MESSAGES,
  TOKEN_PREFIX,
  type TokenScope,
} from '../../../shared/api-tokens.ts';
import type { AppUser } from '../../../shared/auth.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound, parse } from '../../http/errors.ts';
import { logActivity } from '../activity/service.ts';
import { confirmSecondFactor } from '../auth/service.ts';
import { countLiveTokens, hasSecondFactor, insertToken, lockUser, revokeToken, tokenOwner, tokensOf } from './repository.ts';

/** Only the SHA-256 of a token is stored: a stolen database does not give working tokens. */
export const tokenHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A Bearer token shaped like ours (anything else is refused before the database is asked). */
const TOKEN_SHAPE = /^sdt_[A-Za-z0-9_-]{43}$/;

export async function listTokens(q: Queryable, user: AppUser): Promise<ApiToken[]> {
  return tokensOf(q, user.id);
}

/**
 * Creates a token for the signed-in user (their own, never another's): investors get portal:read
 * only; administrators the scopes they choose. With two-factor on, the current code is needed.
 * At most MAX_LIVE_TOKENS live tokens per user, held under parallel creations by the profile lock.
 */
export async function createToken(ctx: AppContext, user: AppUser, body: CreateTokenInput, ip: string): Promise<CreatedToken> {
  const input = parse(createTokenInput, body);
  let scopes: TokenScope[];
  if (user.role === 'admin') {
    scopes = [...new Set(input.scopes ?? [])];
    if (scopes.length === 0) throw badRequest(TOKEN_MESSAGES.adminScopeRequired, { scopes: TOKEN_MESSAGES.adminScopeRequired });
  } else {
    if (input.scopes && input.scopes.length > 0)
      throw badRequest('An investor token reads your own data only: send no scopes', { scopes: 'Send no scopes' });
    scopes = [...INVESTOR_TOKEN_SCOPES];
  }
  if (await hasSecondFactor(ctx.db, user.id)) {
    if (!input.code)
      throw new HttpError(401, TOKEN_MESSAGES.codeRequired, {
        code: 'SECOND_FACTOR_REQUIRED',
        fields: { code: TOKEN_MESSAGES.codeRequired },
      });
    await confirmSecondFactor(ctx, user, input.code, ip, TOKEN_MESSAGES.codeInvalid);
  }
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await ctx.db.tx(async (q) => {
    await lockUser(q, user.id);
    if ((await countLiveTokens(q, user.id)) >= MAX_LIVE_TOKENS) throw conflict(TOKEN_MESSAGES.tooMany, 'TOO_MANY_TOKENS');
    const id = await insertToken(q, {
      userId: user.id,
      name: input.name,
      tokenHash: tokenHash(secret),
      hint: secret.slice(0, 8),
      scopes,
      days: input.expiresInDays,
    });
    await logActivity(q, {
      type: 'api_token_created',
      userId: user.id,
      details: { name: input.name, scopes, expiresInDays: input.expiresInDays },
      ip,
    });
    return id;
  });
  const token = (await tokensOf(ctx.db, user.id)).find((t) => t.id === id);
  if (!token) throw notFound(TOKEN_MESSAGES.notFound);
  return { token, secret };
}

export async function revokeOwnToken(ctx: AppContext, user: AppUser, id: string, ip: string): Promise<ApiToken[]> {
  return ctx.db.tx(async (q) => {
    const revoked = await revokeToken(q, user.id, id);
    if (!revoked) throw notFound(TOKEN_MESSAGES.notFound);
    await logActivity(q, { type: 'api_token_revoked', userId: user.id, details: { name: revoked.name }, ip });
    return tokensOf(q, user.id);
  });
}

/** The live token's owner and scopes for a Bearer secret, or null. */
export async function resolveToken(q: Queryable, secret: string) {
  if (!TOKEN_SHAPE.test(secret)) return null;
  return tokenOwner(q, tokenHash(secret));
}
