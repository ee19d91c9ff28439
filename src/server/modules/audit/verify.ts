import { createHash } from 'node:crypto';
import { CHAIN_GENESIS, type ChainBreak, type ChainVerification } from '../../../shared/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { type ChainRow, chainHead, chainPage, firstUnchained } from './repository.ts';

/**
 * The audit chain's verification (decision 042). Recomputes every link here, in TypeScript, from
 * the row's columns: not with the database's own function (migration 080), so a changed trigger
 * or function is caught too. The canonical content (version 1) is each field as
 * `<UTF-8 byte length>:<text>` (or `~` for NULL) joined with `|`, after `v1|`.
 */
const field = (v: string | null): string => (v === null ? '~' : `${Buffer.byteLength(v, 'utf8')}:${v}`);

export function canonicalContent(r: Omit<ChainRow, 'id' | 'chainSeq' | 'prevHash' | 'rowHash'>): string {
  return `v1|${[r.idText, r.activityType, r.userId, r.targetUserId, r.detailsText, r.ipAddress, r.createdUtc].map(field).join('|')}`;
}

export const linkHash = (prev: string, content: string): string => createHash('sha256').update(`${prev}|${content}`, 'utf8').digest('hex');

const PAGE = 2_000;

/**
 * Walks the chain from its first row to the head read at the start (rows chained meanwhile are
 * left for the next walk) and reports the first break in chain order; when the chain holds, the
 * first row that has no link at all. Reads PAGE rows at a time along the chain_seq index.
 */
export async function verifyChain(q: Queryable, now: Date = new Date()): Promise<ChainVerification> {
  const head = await chainHead(q);
  let prev = CHAIN_GENESIS;
  let expected = 1;
  let checked = 0;
  let firstBreak: ChainBreak | null = null;
  walk: while (expected <= head.seq) {
    const rows = await chainPage(q, expected - 1, head.seq, PAGE);
    if (rows.length === 0) {
      // The positions from `expected` to the head have no row: the tail was deleted.
      firstBreak = { kind: 'missing', seq: expected, rowId: null };
      break;
    }
    for (const r of rows) {
      if (r.chainSeq !== expected) {
        firstBreak = { kind: 'missing', seq: expected, rowId: r.id };
        break walk;
      }
      if (r.prevHash !== prev) {
        firstBreak = { kind: 'link', seq: r.chainSeq, rowId: r.id };
        break walk;
      }
      if (r.rowHash !== linkHash(prev, canonicalContent(r))) {
        firstBreak = { kind: 'altered', seq: r.chainSeq, rowId: r.id };
        break walk;
      }
      prev = r.rowHash;
      expected++;
      checked++;
    }
  }
  if (!firstBreak && prev !== head.hash) firstBreak = { kind: 'head', seq: head.seq, rowId: null };
  if (!firstBreak) {
    const unchained = await firstUnchained(q);
    if (unchained !== null) firstBreak = { kind: 'unchained', seq: null, rowId: unchained };
  }
  return { ok: firstBreak === null, checked, head, firstBreak, verifiedAt: now.toISOString() };
}

/** One line for a person (the CLI, the alert e-mail's log): what broke and where. */
export function describeBreak(b: ChainBreak): string {
  const row = b.rowId === null ? 'no row' : `row ${b.rowId}`;
  switch (b.kind) {
    case 'altered':
      return `Row ${b.rowId} (position ${b.seq}) no longer matches its hash: its content was changed.`;
    case 'link':
      return `Row ${b.rowId} (position ${b.seq}) does not follow the row before it: a row before it was replaced or inserted.`;
    case 'missing':
      return `Position ${b.seq} of the chain has no row (${row} comes next): a row was deleted.`;
    case 'head':
      return `The last row is not the chain's recorded head (position ${b.seq}): the end of the chain was cut or the head rewritten.`;
    case 'unchained':
      return `Row ${b.rowId} has no link: it was inserted around the chain.`;
  }
}
