import { z } from 'zod';
import type { RecordKind } from './retention.ts';

/**
 * Data-subject requests (issue 33, decision 051): under the DIFC Data Protection Law 2020 an
 * investor may ask for a copy of their data (access and portability), for a correction
 * (rectification) or for erasure. The firm answers within one month of receipt.
 *
 * References are to the DIFC Data Protection Law 2020 (DIFC Law No. 5 of 2020) as the issue states
 * them; check the article numbers against the law in force before relying on them in a filing.
 */
export const DATA_REQUEST_KINDS = ['access', 'rectification', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_STATUSES = ['open', 'answered'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** How an answered request ended: done in full, partly refused (erasure: some data must be kept), refused. */
export const DATA_REQUEST_OUTCOMES = ['fulfilled', 'partly_refused', 'refused'] as const;
export type DataRequestOutcome = (typeof DATA_REQUEST_OUTCOMES)[number];

/** The answer period, in one place with the rule it comes from. */
export const DATA_REQUEST_RESPONSE = {
  months: 1,
  rule: 'DIFC Data Protection Law 2020, Art. 33: a data subject request is answered without undue delay and within one month of receipt',
} as const;

/**
 * The day an answer is due: the same day of the next month, received in the company's zone. A
 * day the next month does not have (31 January) falls on that month's last day (28 or 29
 * February): never later than one month.
 */
export function dataRequestDueOn(receivedIso: string, months: number = DATA_REQUEST_RESPONSE.months): string {
  const index = Number(receivedIso.slice(0, 4)) * 12 + Number(receivedIso.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(receivedIso.slice(8, 10)), last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const DETAILS_REQUIRED = 'Say what is wrong and what it should be';

/** POST /api/investor/data-requests */
export const dataRequestInput = z
  .object({
    kind: z.enum(DATA_REQUEST_KINDS, { error: 'Choose what you are asking for' }),
    details: z.string().trim().max(2000, 'Keep it under 2,000 characters').optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'rectification' && v.details === '') ctx.addIssue({ code: 'custom', path: ['details'], message: DETAILS_REQUIRED });
  });
export type DataRequestInput = z.input<typeof dataRequestInput>;

/** POST /api/data-requests/:id/answer: the admin's reply; a rectification is done or refused (access and erasure decide their own outcome). */
export const answerDataRequestInput = z.object({
  answer: z
    .string({ error: 'Write the answer to the investor' })
    .trim()
    .min(1, 'Write the answer to the investor')
    .max(2000, 'Keep it under 2,000 characters'),
  refuse: z.boolean().optional().default(false),
});

/** The investor's data sorted by the duty to keep it: a retention kind, or none (erased at once). */
export const PERSONAL_DATA_CATEGORIES = ['notification_choices', 'api_tokens', 'identity_kyc', 'classification', 'investments'] as const;
export type PersonalDataCategory = (typeof PERSONAL_DATA_CATEGORIES)[number];

/** Which retention duty covers each category (null: none, so it is erased when asked). */
export const CATEGORY_RETENTION: Record<PersonalDataCategory, RecordKind | null> = {
  notification_choices: null,
  api_tokens: null,
  identity_kyc: 'kyc_aml',
  classification: 'classification',
  // Subscriptions, the ledger, statements, signed documents and messages with the firm.
  investments: 'transactions',
};

export interface KeptCategory {
  category: PersonalDataCategory;
  /** The rule that requires keeping it (a retention rule, or the legal hold with its reason). */
  rule: string;
  /** The last day it is kept ('YYYY-MM-DD'); null while the relationship lasts or a hold stands. */
  keptUntil: string | null;
}

export interface ErasureResult {
  erased: PersonalDataCategory[];
  kept: KeptCategory[];
}

export interface DataRequest {
  id: string;
  investorId: string;
  investorName: string;
  kind: DataRequestKind;
  details: string;
  status: DataRequestStatus;
  receivedAt: string;
  dueOn: string;
  answeredAt: string | null;
  answeredBy: string | null;
  answer: string | null;
  outcome: DataRequestOutcome | null;
  erasure: ErasureResult | null;
  /** An answered access request: the investor downloads the archive. */
  hasArchive: boolean;
}
