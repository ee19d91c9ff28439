import { z } from 'zod';
import { toCents } from './money.ts';
import { moneyInput } from './money-input.ts';
import { suitabilityReviewDue } from './suitability.ts';

/**
 * DFSA client classification (issue 31 part A, decision record 037): the one place for its
 * thresholds, each with the rule it comes from. The DFSA Rulebook, Conduct of Business module
 * (COB), chapter 2:
 *  - COB 2.3 (Professional Clients), "deemed" Professional Client: an undertaking that meets at
 *    least TWO of: a balance sheet total of at least USD 20 million, a net annual turnover of at
 *    least USD 40 million, own funds or called-up capital of at least USD 2 million (the "large
 *    undertaking" test).
 *  - COB 2.3 (Professional Clients), "assessed" Professional Client: an individual with net assets
 *    of at least USD 1 million, excluding the value of their main residence, who has sufficient
 *    knowledge and experience of the relevant markets, products and risks (the firm assesses);
 *    an undertaking with own funds or called-up capital of at least USD 1 million.
 *  - COB 2.4 (Market Counterparties): a Professional Client that qualifies may be treated as a
 *    Market Counterparty only after the firm has given it prior written notification.
 *  - COB 2.3 also requires the firm to tell a Professional Client in writing that it may ask to be
 *    treated as a Retail Client (the "retail treatment" notice, RETAIL_NOTICE_VERSION below).
 * The paragraph numbers inside COB chapter 2 move between Rulebook versions; the section names
 * above are the stable reference. "At least" is ">=": a figure exactly at a threshold meets it.
 * The firm deals only with Professional Clients and Market Counterparties (the product
 * specification); a Retail classification, none, or one past its annual review blocks new
 * subscriptions.
 */
export const DEEMED_UNDERTAKING_THRESHOLDS = {
  balanceSheetTotal: '20000000.00',
  netTurnover: '40000000.00',
  ownFunds: '2000000.00',
} as const;
/** How many of the three large-undertaking tests a deemed Professional undertaking must meet. */
export const DEEMED_UNDERTAKING_TESTS_REQUIRED = 2;
/** Assessed individual: net assets excluding the main residence (USD). */
export const ASSESSED_INDIVIDUAL_NET_ASSETS = '1000000.00';
/** Assessed undertaking: own funds or called-up capital (USD). */
export const ASSESSED_UNDERTAKING_OWN_FUNDS = '1000000.00';
/** Minimum years of relevant experience the questionnaire takes as "knowledge and experience" (firm policy, decision 037). */
export const ASSESSED_INDIVIDUAL_MIN_YEARS = 2;
/** Classifications are reviewed annually (COB 2 record-keeping and the specification's "reviewed annually"). */
export const CLASSIFICATION_REVIEW_MONTHS = 12;

/**
 * The version of the written notice that a Professional Client may ask to be treated as a Retail
 * Client. The text itself is `classification.notice.body` in the catalogues (English and Arabic);
 * change this version whenever that text changes: each acknowledgement stores the version it saw.
 */
export const RETAIL_NOTICE_VERSION = 'retail-treatment-notice-v1-2026-11';

export const CLASSIFICATION_BASES = ['deemed_undertaking', 'assessed_individual', 'assessed_undertaking', 'market_counterparty'] as const;
export type ClassificationBasis = (typeof CLASSIFICATION_BASES)[number];
export const CLASSIFICATION_DECISIONS = ['professional', 'market_counterparty', 'retail'] as const;
export type ClassificationDecision = (typeof CLASSIFICATION_DECISIONS)[number];

const acknowledged = z.literal(true, { error: 'Read and acknowledge the notice before you submit' });
const noticeVersion = z.literal(RETAIL_NOTICE_VERSION, { error: 'The notice has changed: reload the page and read it again' });
const usd = (label: string) => moneyInput(label);

/** What the investor answers (the basis picks which figures are asked). */
export const classificationInput = z.discriminatedUnion(
  'basis',
  [
    z.object({
      basis: z.literal('deemed_undertaking'),
      balanceSheetTotal: usd('Balance sheet total'),
      netTurnover: usd('Net annual turnover'),
      ownFunds: usd('Own funds or called-up capital'),
      noticeAcknowledged: acknowledged,
      noticeVersion,
    }),
    z.object({
      basis: z.literal('assessed_individual'),
      netAssets: usd('Net assets'),
      yearsExperience: z.coerce
        .number({ error: 'Enter your years of experience' })
        .int('Enter whole years')
        .min(0, 'Enter your years of experience')
        .max(80, 'Enter your years of experience'),
      experience: z
        .string({ error: 'Describe your knowledge and experience' })
        .trim()
        .min(20, 'Describe your knowledge and experience (at least 20 characters)')
        .max(2000, 'Keep the description under 2,000 characters'),
      noticeAcknowledged: acknowledged,
      noticeVersion,
    }),
    z.object({
      basis: z.literal('assessed_undertaking'),
      ownFunds: usd('Own funds or called-up capital'),
      noticeAcknowledged: acknowledged,
      noticeVersion,
    }),
    z.object({
      basis: z.literal('market_counterparty'),
      notificationReceived: z.literal(true, { error: 'Confirm you have received our prior written notification' }),
      noticeAcknowledged: acknowledged,
      noticeVersion,
    }),
  ],
  { error: 'Choose the basis of your classification' },
);
export type ClassificationAnswers = z.output<typeof classificationInput>;

/** An admin's decision, with its reasons (recorded and shown to the investor). */
export const classificationDecisionInput = z.object({
  decision: z.enum(CLASSIFICATION_DECISIONS, { error: 'Choose a decision' }),
  reasons: z
    .string({ error: 'Give the reasons for the decision' })
    .trim()
    .min(10, 'Give the reasons for the decision (at least 10 characters)')
    .max(2000, 'Keep the reasons under 2,000 characters'),
});

const atLeast = (value: string, threshold: string) => toCents(value) >= toCents(threshold);

/** One test of the answers against a threshold: which, and whether it is met. */
export interface CriterionResult {
  key: 'balanceSheetTotal' | 'netTurnover' | 'ownFunds' | 'netAssets' | 'experience' | 'notification';
  threshold: string | null;
  met: boolean;
}

/**
 * Which thresholds the answers meet (exact cents; never floats) and whether, on them, the
 * investor qualifies for the basis claimed. The admin still decides (knowledge and experience,
 * the evidence); this is the guide the review queue shows.
 */
export function assessClassification(a: ClassificationAnswers): { qualifies: boolean; criteria: CriterionResult[] } {
  switch (a.basis) {
    case 'deemed_undertaking': {
      const t = DEEMED_UNDERTAKING_THRESHOLDS;
      const criteria: CriterionResult[] = [
        { key: 'balanceSheetTotal', threshold: t.balanceSheetTotal, met: atLeast(a.balanceSheetTotal, t.balanceSheetTotal) },
        { key: 'netTurnover', threshold: t.netTurnover, met: atLeast(a.netTurnover, t.netTurnover) },
        { key: 'ownFunds', threshold: t.ownFunds, met: atLeast(a.ownFunds, t.ownFunds) },
      ];
      return { qualifies: criteria.filter((c) => c.met).length >= DEEMED_UNDERTAKING_TESTS_REQUIRED, criteria };
    }
    case 'assessed_individual': {
      const criteria: CriterionResult[] = [
        { key: 'netAssets', threshold: ASSESSED_INDIVIDUAL_NET_ASSETS, met: atLeast(a.netAssets, ASSESSED_INDIVIDUAL_NET_ASSETS) },
        { key: 'experience', threshold: null, met: a.yearsExperience >= ASSESSED_INDIVIDUAL_MIN_YEARS },
      ];
      return { qualifies: criteria.every((c) => c.met), criteria };
    }
    case 'assessed_undertaking': {
      const criteria: CriterionResult[] = [
        { key: 'ownFunds', threshold: ASSESSED_UNDERTAKING_OWN_FUNDS, met: atLeast(a.ownFunds, ASSESSED_UNDERTAKING_OWN_FUNDS) },
      ];
      return { qualifies: criteria.every((c) => c.met), criteria };
    }
    case 'market_counterparty':
      return { qualifies: true, criteria: [{ key: 'notification', threshold: null, met: a.notificationReceived }] };
  }
}

/** The day a classification decided on `decidedDay` is due for its annual review. */
export const classificationReviewDue = (decidedDay: string): string => suitabilityReviewDue(decidedDay);

/** Whether a classification reviewed by `reviewDue` is still current on `today` (company-zone days; current through the due day). */
export const classificationCurrent = (reviewDue: string | null | undefined, today: string): boolean =>
  typeof reviewDue === 'string' && today <= reviewDue;

/** The investor's classification as the portal shows it. */
export type ClassificationState = 'none' | 'pending' | 'professional' | 'market_counterparty' | 'retail';

/** The classification's name in English (the API's regulatory summary; the web translates by state). */
export const CLASSIFICATION_LABELS: Record<ClassificationState, string> = {
  none: 'Not yet classified',
  pending: 'Classification under review',
  professional: 'Professional Client',
  market_counterparty: 'Market Counterparty',
  retail: 'Retail Client',
};

export interface ClassificationEvidence {
  id: string;
  name: string;
  extension: string;
  byteSize: number;
  uploadedAt: string;
}

/** A submitted application, as the investor and the review queue see it. */
export interface ClassificationApplication {
  id: string;
  investorId: string;
  investorName: string;
  investorEmail: string;
  investorType: string | null;
  status: 'submitted' | 'decided';
  answers: ClassificationAnswers;
  assessment: { qualifies: boolean; criteria: CriterionResult[] };
  noticeVersion: string;
  noticeAcknowledgedAt: string;
  submittedAt: string;
  decision: ClassificationDecision | null;
  reasons: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  reviewDue: string | null;
  evidence: ClassificationEvidence[];
}

/** Why a subscription is refused now (the eligibility hook, decision 037); empty when none. */
export interface EligibilityReason {
  code: string;
  message: string;
}

/** GET /api/investor/classification: the investor's classification, their latest application and what blocks subscribing. */
export interface MyClassification {
  state: ClassificationState;
  basis: ClassificationBasis | null;
  decidedAt: string | null;
  reviewDue: string | null;
  expired: boolean;
  reasons: string | null;
  /** The latest application (pending or decided), if any. */
  latest: ClassificationApplication | null;
  /** Evidence uploaded and not yet part of a submitted application. */
  pendingEvidence: ClassificationEvidence[];
  noticeVersion: string;
  blocking: EligibilityReason[];
}

export interface ClassificationQueue {
  applications: ClassificationApplication[];
  counts: { submitted: number; decided: number };
}

export const CLASSIFICATION_MISSING_MESSAGE =
  'Complete your client classification before you subscribe: answer the questions and upload the evidence on the DFSA Compliance page.';
export const CLASSIFICATION_PENDING_MESSAGE =
  'Our compliance team is reviewing your client classification. You can subscribe once it is approved.';
export const CLASSIFICATION_RETAIL_MESSAGE =
  'We may deal only with Professional Clients and Market Counterparties under the DFSA rules, and you are classified as a Retail Client, so you cannot subscribe. If your circumstances have changed, submit a new classification on the DFSA Compliance page.';
export const CLASSIFICATION_EXPIRED_MESSAGE =
  'Your client classification is past its annual review. Renew it on the DFSA Compliance page before you subscribe.';
/** The codes of the refusals above (409); the web links them to the DFSA Compliance page. */
export const CLASSIFICATION_CODES = [
  'CLASSIFICATION_MISSING',
  'CLASSIFICATION_PENDING',
  'CLASSIFICATION_RETAIL',
  'CLASSIFICATION_EXPIRED',
] as const;
export const CLASSIFICATION_PATH = '/investor/compliance';
/** Evidence files the investor may upload (as KYC documents). */
export const CLASSIFICATION_EVIDENCE_MAX_FILES = 10;
