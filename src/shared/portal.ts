import { z } from 'zod';
import { isoDate } from './date-schema.ts';
import type { DealEconomics } from './deal-terms.ts';
import { moneyInput } from './deals.ts';

// ---------- Subscriptions ----------
export const SUBSCRIPTION_STATUSES = ['Pending', 'Under Review', 'Completed', 'Rejected', 'Cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Progress shown for each status (0-100). */
export const SUBSCRIPTION_PROGRESS: Record<SubscriptionStatus, number> = {
  Pending: 25,
  'Under Review': 60,
  Completed: 100,
  Rejected: 0,
  Cancelled: 0,
};
export const subscriptionTone = (s: SubscriptionStatus) =>
  s === 'Completed' ? 'success' : s === 'Under Review' ? 'info' : s === 'Pending' ? 'warning' : s === 'Rejected' ? 'danger' : 'neutral';

export interface Subscription {
  id: string;
  investorId: string;
  investorName: string;
  investorEmail: string;
  dealId: string;
  dealTitle: string;
  dealType: string;
  amount: string;
  status: SubscriptionStatus;
  progress: number;
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  completedAt: string | null;
}

export const createSubscriptionInput = z.object({
  dealId: z.uuid('Choose a deal'),
  amount: moneyInput('Amount').refine((v) => Number(v) > 0, 'Enter an amount above zero'),
});
/** The Idempotency-Key header of POST /api/investor/subscriptions: optional, 8 to 100 visible characters. */
export const idempotencyKeyHeader = z
  .string({ error: 'Idempotency-Key must be a single value' })
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -')
  .optional();
export const rejectSubscriptionInput = z.object({
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(2000),
});

/** A deal as an investor sees it in the Deal Vault. */
export interface InvestorDeal {
  id: string;
  title: string;
  type: string;
  stage: string;
  status: string;
  targetAmount: string | null;
  /** Target minus Completed and reserved (Pending, Under Review) amounts; null without a target. */
  remainingCapacity: string | null;
  expectedIrr: string | null;
  riskScore: string | null;
  spvEntity: string | null;
  description: string | null;
  open: boolean;
  held: boolean;
  /** The deal's economics in force (the review step of subscribing shows them); null without terms. */
  terms: DealEconomics | null;
  documents: { id: string; name: string; type: string; extension: string; fileSize: string; uploadDate: string }[];
}

// ---------- Valuations and performance ----------
export const PERFORMANCE_STATUSES = ['Performing', 'On Track', 'Watch'] as const;
export type PerformanceStatus = (typeof PERFORMANCE_STATUSES)[number];
export const performanceTone = (s: PerformanceStatus | null) =>
  s === 'Performing' ? 'success' : s === 'On Track' ? 'info' : s === 'Watch' ? 'warning' : 'neutral';

export interface Valuation {
  id: string;
  dealId: string;
  valuationDate: string;
  currentValue: string;
  expectedExit: string | null;
  performanceStatus: PerformanceStatus;
  createdAt: string;
}

export const valuationInput = z.object({
  valuationDate: isoDate('Valuation date is required'),
  currentValue: moneyInput('Current value'),
  expectedExit: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(50).nullable().optional()),
  performanceStatus: z.enum(PERFORMANCE_STATUSES, { error: 'Choose a performance status' }),
});

export interface Holding {
  dealId: string;
  dealTitle: string;
  dealType: string;
  /** Committed capital (from completed subscriptions). */
  commitment: string;
  called: string;
  contributed: string;
  unfunded: string;
  /** Fees and expenses charged to the investor's capital account in this deal (management fees included). */
  fees: string;
  /** The investor's share of the net asset value at the holding's as-of date. */
  currentValue: string;
  /** Annualised XIRR, e.g. 0.1 for 10%; null below one year of history or when it cannot be computed. */
  irr: number | null;
  /** Gain / contributions over the holding's whole history (not annualised). */
  periodReturn: number | null;
  /** True from one year after the first contribution: show irr; else show periodReturn (decision 023). */
  annualised: boolean;
  moic: number | null;
  tvpi: number | null;
  dpi: number | null;
  rvpi: number | null;
  /** distributions + NAV - contributions */
  gain: string;
  /** The date the figures are measured to: the company's today (decision 023). */
  asOf: string | null;
  expectedExit: string | null;
  status: PerformanceStatus | null;
  distributionsReceived: string;
}

export interface PerformanceData {
  holdings: Holding[];
  totals: {
    commitment: string;
    called: string;
    contributed: string;
    unfunded: string;
    currentValue: string;
    distributions: string;
    gain: string;
    irr: number | null;
    periodReturn: number | null;
    annualised: boolean;
    moic: number | null;
    tvpi: number | null;
    dpi: number | null;
    rvpi: number | null;
    asOf: string | null;
  };
  /** Portfolio value on each date something changed, from what was really held then (exact decimals). */
  history: { date: string; value: string }[];
  allocation: { type: string; value: string }[];
  /** Capital calls with money still outstanding. */
  amountsDue: { callId: string; dealTitle: string; dueDate: string; outstanding: string; status: string }[];
}

// ---------- Distributions ----------
export type DistributionStatus = 'Paid' | 'Scheduled' | 'Pending';
export const distributionTone = (s: DistributionStatus) => (s === 'Paid' ? 'success' : s === 'Scheduled' ? 'info' : 'warning');

export interface DistributionItem {
  id: string;
  dealId: string;
  dealName: string;
  type: string;
  status: DistributionStatus;
  amount: string;
  paymentDate: string;
  spv: string | null;
  /** This investor's part of each investors' tier (null for distributions recorded before the waterfall). */
  tiers: { returnOfCapital: string; preferredReturn: string; catchUp: string; carriedInterest: string } | null;
  /** Accrued management fees taken from this amount (decision 009); the investor is paid amount - feeDeducted. */
  feeDeducted: string;
}

export interface DistributionCalendar {
  upcoming: DistributionItem[];
  history: DistributionItem[];
  upcomingTotal: string;
  nextPaymentDate: string | null;
  pastYearTotal: string;
}

export const DISTRIBUTION_TYPES = ['Income', 'Return of Capital', 'Interest', 'Dividend', 'Capital Gain'] as const;

export const recordDistributionInput = z.object({
  dealId: z.uuid('Choose a deal'),
  type: z.enum(DISTRIBUTION_TYPES, { error: 'Choose a distribution type' }),
  totalAmount: moneyInput('Total amount').refine((v) => Number(v) > 0, 'Enter an amount above zero'),
  paymentDate: isoDate('Payment date is required'),
  /** Holders and shares are taken as of this day (contributed capital); today when omitted. */
  recordDate: isoDate('Record date is required').optional(),
});

export interface DistributionEvent {
  id: string;
  dealId: string;
  dealTitle: string;
  type: string;
  totalAmount: string;
  paymentDate: string;
  recordDate: string;
  status: DistributionStatus;
  spvEntity: string | null;
  allocations: { investorId: string; investorName: string; amount: string }[];
  createdAt: string;
  /** The waterfall it was recorded with (null for distributions recorded before terms existed). */
  waterfall: {
    termsVersion: number | null;
    termsSummary: string;
    tiers: { returnOfCapital: string; preferredReturn: string; catchUp: string; carriedInterestLp: string; carriedInterestGp: string };
    lpTotal: string;
    gp: string;
    carry: { name: string; amount: string }[];
  } | null;
}

// ---------- Messages ----------
export const MESSAGE_PRIORITIES = ['High', 'Normal'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];
export const MESSAGE_ATTACHMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png'] as const;

export interface MessageThreadSummary {
  id: string;
  investorId: string;
  investorName: string;
  subject: string;
  /** Who sent the latest message: a person's name, or 'Investor Relations' for the team. */
  from: string;
  date: string;
  status: 'Unread' | 'Read';
  unreadCount: number;
  priority: MessagePriority;
  hasAttachment: boolean;
  preview: string;
}

export interface ThreadMessage {
  id: string;
  senderRole: 'admin' | 'investor';
  senderName: string;
  body: string;
  createdAt: string;
  attachment: { name: string; extension: string; size: number } | null;
}

export interface MessageThread extends MessageThreadSummary {
  messages: ThreadMessage[];
}

/** Message text with line breaks normalised (form posts send CRLF). */
const messageBody = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v),
  z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(20_000),
);

export const newMessageFields = z.object({
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  body: messageBody,
  priority: z.enum(MESSAGE_PRIORITIES, { error: 'Choose a priority' }).default('Normal'),
});
export const replyFields = z.object({ body: messageBody });
/** The honest description of how messages are protected (no end-to-end claim). */
export const SECURE_COMMUNICATION_NOTICE =
  'Messages are encrypted in transit (HTTPS) and at rest (AES-256-GCM), are visible only to you and our team, and are kept in line with DFSA data protection requirements.';

// ---------- Suitability and compliance ----------
export const suitabilityInput = z.object({
  experience: z.enum(['none', 'limited', 'moderate', 'extensive'], { error: 'Choose your investment experience' }),
  riskTolerance: z.enum(['low', 'medium', 'high'], { error: 'Choose your risk tolerance' }),
  netWorthBand: z.enum(['under_1m', '1m_5m', '5m_25m', 'over_25m'], { error: 'Choose a net-worth band' }),
  investmentHorizon: z.enum(['under_3y', '3_5y', '5_10y', 'over_10y'], { error: 'Choose an investment horizon' }),
});
export type SuitabilityAnswers = z.infer<typeof suitabilityInput>;

/**
 * The DFSA's assessed Professional Client test for an individual (COB 2.3): net assets of at
 * least $1 million and experience of the relevant markets. Which parts an answer fails; failing
 * any moves the investor to 'Review required' until a compliance review.
 */
export function failedProfessionalCriteria(a: SuitabilityAnswers): string[] {
  const failed: string[] = [];
  if (a.netWorthBand === 'under_1m') failed.push('net assets under $1 million');
  if (a.experience === 'none') failed.push('no investment experience');
  return failed;
}
export const REVIEW_REQUIRED = 'Review required';
export const SUITABILITY_BLOCK_MESSAGE =
  'Your latest suitability review does not meet the DFSA Professional Client criteria, so new subscriptions are on hold. Our compliance team has been told and will contact you; you can also message them from Secure Messages.';

export type ComplianceCategoryStatus = 'Complete' | 'Current' | 'Due Soon' | 'Overdue' | 'In Review' | 'In Progress' | 'Action Required';
/** Investor compliance colours (spec section 4): Complete/Current green, Due Soon yellow, Overdue red, others grey. */
export const categoryTone = (s: ComplianceCategoryStatus) =>
  s === 'Complete' || s === 'Current' ? 'success' : s === 'Due Soon' ? 'warning' : s === 'Overdue' ? 'danger' : 'neutral';

export interface InvestorComplianceData {
  categories: { category: string; status: ComplianceCategoryStatus; progress: number; items: { label: string; done: boolean }[] }[];
  review: { dueDate: string; daysRemaining: number; lastCompletedAt: string | null; answers: SuitabilityAnswers | null };
  documents: { id: string; name: string; type: string; date: string; status: 'Current' | 'Expired' | 'Expiring'; extension: string }[];
  regulatory: {
    authorization: string;
    licenseNumber: string;
    classification: string;
    classificationReview: string;
    contactName: string;
    contactEmail: string;
    contactPhone: string;
  };
}

export interface InvestorDashboardData {
  /** The date the figures are measured to (the company's today); distributions are paid ones only. */
  asOf: string | null;
  totalCommitted: string;
  currentValue: string;
  distributionsReceived: string;
  nextPayment: { date: string; amount: string; dealName: string } | null;
  unreadMessages: number;
  kyc: { status: string; completionPercentage: number };
  recentDeals: { id: string; title: string; type: string; status: string }[];
  /** Capital calls not yet paid in full, soonest due first. */
  amountsDue: { callId: string; dealTitle: string; dueDate: string; outstanding: string; status: string }[];
}

/** GET /api/messages and /api/investor/messages: the side's threads with their counts. */
export interface ThreadList {
  threads: MessageThreadSummary[];
  counts: { total: number; unread: number; high: number };
}
