import { z } from 'zod';
import { KYC_DOCUMENT_KINDS } from '../kyc.ts';

/**
 * The schemas of the route table's path parameters (decision 033, amended 27 Nov 2026: issue 28
 * item 2). A parameter's schema comes from its name here, unless the route's entry declares its
 * own `params` (src/shared/api/contract.ts). The registration parses the parameters before the
 * query and the body, so a malformed one is a 400 with a field message (`{ id: 'Invalid id' }`)
 * on every route alike, before anything is read or written; a well-formed id that names nothing
 * stays the resource's own 404.
 */
export const INVALID_ID = 'Invalid id';

/** Every `:id` of the table is a UUID (the database's primary keys), except those listed below. */
export const uuidParam = z.uuid({ error: INVALID_ID });

export const PATH_PARAMS = {
  id: uuidParam,
  /** A KYC document's kind (src/shared/kyc.ts). */
  kind: z.enum(KYC_DOCUMENT_KINDS, { error: 'Unknown document kind' }),
  /**
   * The calendar feed's secret (decision 048): any text here. The feed's own code checks its
   * shape after counting the request against the caller's address, so a guessing loop is limited
   * however malformed its guesses; a wrong or malformed secret is the same 404.
   */
  token: z.string().min(1),
} as const satisfies Record<string, z.ZodType<string>>;

/** An e-mail of the outbox is numbered (a bigint identity), not a UUID. */
export const outboxIdParam = z.string().regex(/^\d{1,15}$/, { error: 'E-mail not found' });
