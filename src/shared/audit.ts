import { z } from 'zod';
import { emailAddressField } from './email-address.ts';

/**
 * The tamper-evident activity log (issue 33, decision 042): each row's link of a hash chain.
 * The hash of a row is sha256(previous hash + '|' + canonical content), as lowercase hex.
 */

/** The hash before the first row. */
export const CHAIN_GENESIS = '0'.repeat(64);

/** The chain's last link: what an auditor keeps outside the firm (a rewrite of the whole chain changes it). */
export interface ChainHead {
  chain: 'activity_logs';
  /** The position of the last row in the chain (1 for the first row; 0 when the log is empty). */
  seq: number;
  hash: string;
  /** When the last row was chained (ISO); null before the first. */
  updatedAt: string | null;
}

/**
 * What the walk found wrong first, in chain order:
 *  - altered: the row no longer matches its own hash (its content was changed)
 *  - link: the row does not follow the row before it (a row was replaced or inserted before it)
 *  - missing: a position of the chain has no row (a row was deleted)
 *  - head: the last row is not the chain's recorded head (the tail was cut or the head rewritten)
 *  - unchained: a row without a link (inserted around the chain's trigger)
 */
export type ChainBreakKind = 'altered' | 'link' | 'missing' | 'head' | 'unchained';

export interface ChainBreak {
  kind: ChainBreakKind;
  /** The chain position where the break is (null for an unchained row). */
  seq: number | null;
  /** The activity-log row at the break (null when the row is gone: a deleted tail). */
  rowId: number | null;
}

export interface ChainVerification {
  ok: boolean;
  /** Rows whose link was checked, up to the break. */
  checked: number;
  head: ChainHead;
  firstBreak: ChainBreak | null;
  verifiedAt: string;
}

/** POST /api/audit/head/email: the latest hash to an address (usually outside the firm). */
export const chainHeadEmailInput = z.object({ to: emailAddressField });
