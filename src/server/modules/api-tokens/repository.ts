import { sql as kysql } from 'kysely';
import type { ApiToken, TokenScope } from '../../../shared/api-tokens.ts';
import type { AppUser } from '../../../shared/auth.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The API token queries (decision 035): typed from schema.generated.ts. */

const TOKEN_COLUMNS = ['id', 'name', 'hint', 'scopes', 'createdAt', 'expiresAt', 'lastUsedAt', 'lastUsedIp', 'revokedAt'] as const;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export async function tokensOf(q: Queryable, userId: string): Promise<ApiToken[]> {
  const rows = await typed(q)
    .selectFrom('api_tokens')
    .select(TOKEN_COLUMNS)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    scopes: r.scopes as TokenScope[],
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  }));
}

/** Whether the user has a confirmed second factor (a token creation then asks for its code). */
export async function hasSecondFactor(q: Queryable, userId: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('two_factor')
    .select('userId')
    .where('userId', '=', userId)
    .where('enabledAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the user's profile row: token creations of one user run one at a time (the live-token cap). */
export async function lockUser(q: Queryable, userId: string): Promise<void> {
  await typed(q).selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function countLiveTokens(q: Queryable, userId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', kysql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertToken(
  q: Queryable,
  t: { userId: string; name: string; tokenHash: string; hint: string; scopes: TokenScope[]; days: number },
): Promise<string> {
  const row = await typed(q)
    .insertInto('api_tokens')
    .values({
      userId: t.userId,
      name: t.name,
      tokenHash: t.tokenHash,
      hint: t.hint,
      scopes: t.scopes,
      expiresAt: kysql<Date>`now() + make_interval(days => ${t.days})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes one of the user's own tokens; false when they have no such live token. */
export async function revokeToken(q: Queryable, userId: string, id: string): Promise<{ name: string } | undefined> {
  return typed(q)
    .updateTable('api_tokens')
    .set({ revokedAt: kysql<Date>`now()` })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning('name')
    .executeTakeFirst();
}

export interface TokenOwner {
  tokenId: string;
  tokenName: string;
  tokenHint: string;
  scopes: TokenScope[];
  user: AppUser;
  /** Whether the user has two-factor set up (an admin token needs it when the settings require two-factor). */
  hasSecondFactor: boolean;
}

/**
 * The live token with this hash and its user, as a session lookup reads one: null when the token
 * is unknown, revoked or expired, or its user is not active.
 */
export async function tokenOwner(q: Queryable, tokenHash: string): Promise<TokenOwner | null> {
  const row = await typed(q)
    .selectFrom('api_tokens as t')
    .innerJoin('profiles as p', 'p.id', 't.userId')
    .innerJoin('credentials as c', 'c.userId', 'p.id')
    .select([
      't.id as tokenId',
      't.name as tokenName',
      't.hint as tokenHint',
      't.scopes',
      'p.id',
      'p.email',
      'p.name',
      'p.role',
      'p.adminUserType',
      'p.investorUserType',
      'p.status',
      'p.language',
      'p.digits',
      'c.mustChangePassword',
      (eb) =>
        eb
          .exists(
            eb.selectFrom('two_factor as f').select('f.userId').whereRef('f.userId', '=', 'p.id').where('f.enabledAt', 'is not', null),
          )
          .as('hasSecondFactor'),
    ])
    .where('t.tokenHash', '=', tokenHash)
    .where('t.revokedAt', 'is', null)
    .where('t.expiresAt', '>', kysql<Date>`now()`)
    .executeTakeFirst();
  if (row?.status !== 'active') return null;
  return {
    tokenId: row.tokenId,
    tokenName: row.tokenName,
    tokenHint: row.tokenHint,
    scopes: row.scopes as TokenScope[],
    hasSecondFactor: Boolean(row.hasSecondFactor),
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role as AppUser['role'],
      userType: (row.adminUserType ?? row.investorUserType) as AppUser['userType'],
      status: row.status as AppUser['status'],
      mustChangePassword: row.mustChangePassword,
      language: row.language as AppUser['language'],
      digits: row.digits as AppUser['digits'],
    },
  };
}

/** Records the token's last use (time and address), at most once a minute unless the address changes. */
export async function touchToken(q: Queryable, tokenId: string, ip: string): Promise<void> {
  await typed(q)
    .updateTable('api_tokens')
    .set({ lastUsedAt: kysql<Date>`now()`, lastUsedIp: ip })
    .where('id', '=', tokenId)
    .where((eb) =>
      eb.or([
        eb('lastUsedAt', 'is', null),
        eb('lastUsedAt', '<', kysql<Date>`now() - interval '1 minute'`),
        eb('lastUsedIp', 'is distinct from', ip),
      ]),
    )
    .execute();
}
