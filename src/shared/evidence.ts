import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

/**
 * The regulator's evidence pack (issue 33, decision 052): for one investor, one deal or one period,
 * an archive of everything relevant with a printable PDF index and an extract of the audit chain
 * the recipient can verify on their own.
 */

export const EVIDENCE_SCOPES = ['investor', 'deal', 'period'] as const;
export type EvidenceScope = (typeof EVIDENCE_SCOPES)[number];

/**
 * The longest period one pack covers (days). The DFSA's record-keeping duty is six years after a
 * relationship ends (GEN 5.3.24, AML 14.4); a pack for a period is one examination's window, and a
 * longer one is produced as several packs.
 */
export const MAX_PERIOD_DAYS = 3_700;

const day = (message: string) => z.string({ error: message }).refine(isCalendarDate, message);

/** POST /api/evidence-packs */
export const evidencePackInput = z
  .object({
    scope: z.enum(EVIDENCE_SCOPES, { error: 'Choose an investor, a deal or a period' }),
    subjectId: z.uuid({ error: 'Choose the investor or the deal' }).optional(),
    from: day('Enter the first day as YYYY-MM-DD').optional(),
    to: day('Enter the last day as YYYY-MM-DD').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope !== 'period' && !v.subjectId)
      ctx.addIssue({ code: 'custom', path: ['subjectId'], message: v.scope === 'investor' ? 'Choose the investor' : 'Choose the deal' });
    if (v.scope === 'period') {
      if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Enter the first day as YYYY-MM-DD' });
      if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Enter the last day as YYYY-MM-DD' });
      if (v.from && v.to && v.from > v.to)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
      if (v.from && v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > MAX_PERIOD_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'A pack covers at most ten years; produce several packs' });
    }
  })
  .transform((v) =>
    v.scope === 'period'
      ? { scope: v.scope, subjectId: null, from: v.from as string, to: v.to as string }
      : { scope: v.scope, subjectId: v.subjectId as string, from: null, to: null },
  );
export type EvidencePackRequest = z.output<typeof evidencePackInput>;

/** The screen's form: empty fields are absent, then the request's own rules. */
export const evidencePackForm = z
  .object({ scope: z.enum(EVIDENCE_SCOPES), subjectId: z.string(), from: z.string(), to: z.string() })
  .transform((v) => {
    const out: z.input<typeof evidencePackInput> = { scope: v.scope };
    if (v.subjectId) out.subjectId = v.subjectId;
    if (v.from) out.from = v.from;
    if (v.to) out.to = v.to;
    return out;
  })
  .pipe(evidencePackInput);

export const EVIDENCE_STATUSES = ['running', 'done', 'failed'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

export interface EvidencePack {
  id: string;
  scope: EvidenceScope;
  subjectId: string | null;
  /** The investor's name, the deal's title, or null for a period. */
  subjectName: string | null;
  from: string | null;
  to: string | null;
  status: EvidenceStatus;
  /** Steps done of all (the categories collected, then the files copied). */
  progress: { done: number; total: number };
  fileCount: number | null;
  byteSize: number | null;
  /** sha256 of the archive, hex. */
  sha256: string | null;
  /** The audit chain's head the extract ends at. */
  headSeq: number | null;
  headHash: string | null;
  error: string | null;
  createdBy: string | null;
  createdAt: string;
  completedAt: string | null;
}
