import { z } from 'zod';

/** Legal hold (issue 33, decision 042): nothing about a held investor or deal is purged or erased. */

export const LEGAL_HOLD_SUBJECTS = ['investor', 'deal'] as const;
export type LegalHoldSubject = (typeof LEGAL_HOLD_SUBJECTS)[number];

export const REASON_REQUIRED = 'Enter the reason for the hold';
const reason = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(1000, 'Keep the reason under 1,000 characters');

/** POST /api/legal-holds */
export const legalHoldInput = z.object({
  subjectKind: z.enum(LEGAL_HOLD_SUBJECTS, { error: 'Choose an investor or a deal' }),
  subjectId: z.uuid({ error: 'Choose who or what to hold' }),
  reason: reason(REASON_REQUIRED),
});

/** POST /api/legal-holds/:id/lift */
export const liftLegalHoldInput = z.object({ reason: reason('Enter the reason for lifting the hold') });

export interface LegalHold {
  id: string;
  subjectKind: LegalHoldSubject;
  subjectId: string;
  /** The investor's name or the deal's title. */
  subjectName: string;
  reason: string;
  placedBy: string | null;
  placedAt: string;
  liftedBy: string | null;
  liftedAt: string | null;
  liftReason: string | null;
}
