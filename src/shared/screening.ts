import { z } from 'zod';
import { isoDate } from './date-schema.ts';

/**
 * Sanctions and PEP screening (issue 31 part B, decision 038): who is screened, the lists, the
 * review queue. The matching method is in screening-match.ts.
 */

export const SCREENING_SOURCES = ['un', 'uae', 'firm'] as const;
export type ScreeningSource = (typeof SCREENING_SOURCES)[number];
export const SCREENING_SOURCE_LABELS: Record<ScreeningSource, string> = {
  un: 'UN Security Council Consolidated List',
  uae: 'UAE Local Terrorist List',
  firm: "The firm's own list",
};

export const PERSON_RELATIONS = ['beneficial_owner', 'controlling_person'] as const;
export type PersonRelation = (typeof PERSON_RELATIONS)[number];

export const HIT_STATUSES = ['open', 'false_positive', 'escalated', 'confirmed'] as const;
export type HitStatus = (typeof HIT_STATUSES)[number];

/** The messages money movements to a frozen investor or an unapproved PEP are refused with. */
export const FROZEN_SUBSCRIPTION_MESSAGE =
  'Subscriptions are frozen for this investor: a sanctions screening match was confirmed. Please contact the compliance team.';
export const FROZEN_CALL_MESSAGE =
  'This call includes an investor whose account is frozen by a confirmed sanctions screening match. Leave them out of the call.';
export const FROZEN_DISTRIBUTION_MESSAGE =
  'This distribution would pay an investor whose account is frozen by a confirmed sanctions screening match.';
export const PEP_APPROVAL_MESSAGE =
  'As a politically exposed person you can subscribe once enhanced due diligence is complete and a founder has approved it.';

const nationality = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Enter a two-letter country code, e.g. AE')
  .nullable()
  .optional()
  .transform((v) => v || null);
const dateOfBirth = z
  .union([z.literal(''), isoDate()])
  .nullable()
  .optional()
  .refine((v) => !v || v <= new Date().toISOString().slice(0, 10), 'The date of birth cannot be in the future')
  .transform((v) => v || null);

export const personInput = z.strictObject({
  relation: z.enum(PERSON_RELATIONS, { error: 'Choose beneficial owner or controlling person' }),
  fullName: z.string({ error: 'Full name is required' }).trim().min(2, 'Full name is required').max(200, 'At most 200 characters'),
  aliases: z.array(z.string().trim().min(1).max(200)).max(10, 'At most 10 aliases').default([]),
  dateOfBirth,
  nationality,
  pepDeclared: z.boolean().default(false),
});
export type PersonInput = z.input<typeof personInput>;

export const myScreeningInput = z.strictObject({ dateOfBirth, nationality, pepDeclared: z.boolean().default(false) });

export const clearHitInput = z.strictObject({
  reason: z
    .string({ error: 'A reason is required to clear a hit' })
    .trim()
    .min(3, 'A reason is required to clear a hit')
    .max(1000, 'At most 1,000 characters'),
});
export const escalateHitInput = z.strictObject({ note: z.string().trim().max(1000).optional() });
export const confirmHitInput = z.strictObject({ note: z.string().trim().max(1000).optional() });
export const hitsQuery = z.object({ status: z.enum(HIT_STATUSES).optional() });

export interface ScreenedPerson {
  id: string;
  relation: PersonRelation;
  fullName: string;
  aliases: string[];
  dateOfBirth: string | null;
  nationality: string | null;
  pepDeclared: boolean;
}

export interface ScreeningStatus {
  frozen: boolean;
  pep: boolean;
  pepApproved: boolean;
  openHits: number;
}

/** The investor's screening page (and the admin's view of one investor). */
export interface InvestorScreening {
  investorId: string;
  name: string;
  investorUserType: string | null;
  dateOfBirth: string | null;
  nationality: string | null;
  pepDeclared: boolean;
  persons: ScreenedPerson[];
  status: ScreeningStatus;
}

export interface ScreeningImport {
  id: string;
  source: ScreeningSource;
  fileName: string;
  sha256: string;
  entryCount: number;
  added: number;
  changed: number;
  removed: number;
  importedAt: string;
  importedByName: string | null;
  rescreen: { status: 'pending' | 'running' | 'done'; done: number; total: number; hits: number };
}

export interface ScreeningDiff {
  import: ScreeningImport;
  previousId: string | null;
  added: { ref: string; name: string }[];
  changed: { ref: string; name: string }[];
  removed: { ref: string; name: string }[];
}

export interface ScreeningHit {
  id: string;
  investorId: string;
  investorName: string;
  subjectName: string;
  /** 'investor' for the investor themselves. */
  relation: PersonRelation | 'investor';
  source: ScreeningSource;
  entryRef: string;
  entryName: string;
  entryPep: boolean;
  score: string;
  reasons: string[];
  status: HitStatus;
  clearedReason: string | null;
  escalationNote: string | null;
  escalatedBy: string | null;
  escalatedByName: string | null;
  decidedByName: string | null;
  createdAt: string;
}

export interface ScreeningQueue {
  hits: ScreeningHit[];
  counts: Record<HitStatus, number>;
}
