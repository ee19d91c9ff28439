import { z } from 'zod';
import { todayIso } from './dates.ts';

/**
 * Record retention (issue 33, decision 042): the DFSA minimum periods, in one place, with the
 * rule each comes from. The firm may keep records longer (a policy in years at or above the
 * minimum), never shorter. A record is kept through the last day of its period and may be purged
 * from the day after, that day counted in the company's time zone.
 *
 * References are to the DFSA Rulebook (GEN, COB, AML modules) as the issue states them; check the
 * module numbers against the Rulebook version in force before relying on them in a filing.
 */
export const RECORD_KINDS = ['kyc_aml', 'classification', 'transactions', 'complaints'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** From when a period runs: the end of the client relationship (account closed, or the last transaction), or the record's own date. */
export type RetentionStart = 'relationship_end' | 'record_date';

export interface RetentionRule {
  minimumYears: number;
  from: RetentionStart;
  rule: string;
}

export const RETENTION_RULES: Record<RecordKind, RetentionRule> = {
  kyc_aml: {
    minimumYears: 6,
    from: 'relationship_end',
    rule: 'DFSA AML 14.4 (record keeping): customer due diligence and AML records for at least six years from the end of the business relationship',
  },
  classification: {
    minimumYears: 6,
    from: 'relationship_end',
    rule: 'DFSA COB 2.8 (client classification records): for at least six years from the date the business relationship with the client ended',
  },
  transactions: {
    minimumYears: 6,
    from: 'relationship_end',
    rule: 'DFSA GEN 5.3 (systems and controls: records) and COB: transaction records for at least six years; kept here from the end of the relationship',
  },
  complaints: {
    minimumYears: 6,
    from: 'record_date',
    rule: 'DFSA GEN 9 (complaints handling): records of each complaint for at least six years from its receipt',
  },
};

/** The policy the firm sets (settings): years per kind, each at least the DFSA minimum, at most 100. */
export const retentionPolicyInput = z
  .object(
    Object.fromEntries(
      RECORD_KINDS.map((k) => [
        k,
        z
          .number({ error: 'Enter a number of years' })
          .int('Enter whole years')
          .min(
            RETENTION_RULES[k].minimumYears,
            `At least ${RETENTION_RULES[k].minimumYears} years (${RETENTION_RULES[k].rule.split(':')[0]})`,
          )
          .max(100, 'At most 100 years'),
      ]),
    ) as Record<RecordKind, z.ZodNumber>,
  )
  .strict();
export type RetentionPolicy = z.infer<typeof retentionPolicyInput>;

export const DEFAULT_RETENTION_POLICY: RetentionPolicy = Object.fromEntries(
  RECORD_KINDS.map((k) => [k, RETENTION_RULES[k].minimumYears]),
) as RetentionPolicy;

/**
 * The last day a record must be kept: the same calendar day `years` later. A start on 29 February
 * ends on 1 March of a common year (the later day: "at least" the period).
 */
export function retainedUntil(startIso: string, years: number): string {
  const y = Number(startIso.slice(0, 4)) + years;
  const md = startIso.slice(5, 10);
  const candidate = `${String(y).padStart(4, '0')}-${md}`;
  if (md === '02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return `${String(y).padStart(4, '0')}-03-01`;
  return candidate;
}

/** Whether a record whose period started on `startIso` may be purged at `now` (its period over in the company's zone). */
export function passedRetention(startIso: string, years: number, zone: string, now: Date): boolean {
  return todayIso(zone, now) > retainedUntil(startIso, years);
}

/**
 * PUT /api/retention/policy: the policy's body. Unknown fields are dropped (never stored), where
 * `retentionPolicyInput` (what is stored) refuses them.
 */
export const retentionPolicyBody = retentionPolicyInput.strip();

/** Who may change the retention policy (issue 33): a founder, or the legal and compliance admin. */
export const RETENTION_POLICY_EDITORS = ['founder', 'legal'] as const;

/**
 * Evidence packs (decision 052, 054) copy an investor's KYC, classification and transaction
 * records: a pack about one investor is kept as long as the longest of those kinds and goes with
 * the investor's purge (its file deleted with it). Packs about a deal or a period are kept with
 * the deal's records (not purged per investor).
 */
export const EVIDENCE_PACK_RETENTION: readonly RecordKind[] = ['kyc_aml', 'classification', 'transactions'];

/** One record kind of an investor whose period is over: why it may be purged. */
export interface RetentionReason {
  kind: RecordKind;
  from: RetentionStart;
  /** The day the period started (the end of the relationship, or the record's date). */
  startOn: string;
  years: number;
  /** The last day the record had to be kept; purgeable from the day after. */
  retainedUntil: string;
}

/** An investor whose records are all past retention and under no legal hold (the periodic job's list). */
export interface RetentionCandidate {
  investorId: string;
  investorName: string;
  reasons: RetentionReason[];
  listedAt: string;
  /** The open purge proposal, if one was made. */
  proposal: { id: string; proposedBy: string | null; proposedById: string | null; proposedAt: string } | null;
}

export type PurgeStatus = 'proposed' | 'purged' | 'withdrawn';

export interface RetentionPurge {
  id: string;
  investorId: string;
  /** The investor's name now ("Former investor #..." once purged). */
  investorName: string;
  status: PurgeStatus;
  reasons: RetentionReason[];
  proposedBy: string | null;
  proposedById: string | null;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  result: PurgeResult | null;
}

/** What a purge removed: rows per table and the stored files deleted. */
export interface PurgeResult {
  rows: Record<string, number>;
  files: number;
}

/** GET /api/retention */
export interface RetentionOverview {
  policy: RetentionPolicy;
  /** Whether the caller may change the policy (RETENTION_POLICY_EDITORS). */
  canEditPolicy: boolean;
  /** When the periodic job last listed (null: never yet). */
  reviewedAt: string | null;
  candidates: RetentionCandidate[];
  /** Recent purges and proposals, newest first. */
  purges: RetentionPurge[];
}
