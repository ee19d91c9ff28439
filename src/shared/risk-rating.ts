import { z } from 'zod';
import { addDays } from './dates.ts';

/**
 * Customer risk rating and periodic KYC refresh (issue 31 part 4, decision record 050).
 *
 * The DFSA's Anti-Money Laundering, Counter-Terrorist Financing and Sanctions module (AML 6.1,
 * "risk-based assessment" of each customer, and AML 7.6 / 8, ongoing customer due diligence)
 * requires a firm to rate every customer's money-laundering risk from documented factors and to
 * keep the customer's due diligence up to date, more often for higher risk. The factors and
 * points below are the firm's documented policy (not figures from the Rulebook); the refresh
 * intervals are the defaults and a setting.
 */

export const RISK_RATINGS = ['low', 'medium', 'high'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];

/**
 * High-risk jurisdictions from the FATF's public statements, as of the FATF plenary of
 * October 2025 (https://www.fatf-gafi.org, "High-risk and other monitored jurisdictions"):
 * `FATF_CALL_FOR_ACTION` is the "black list" (jurisdictions subject to a call for action),
 * `FATF_INCREASED_MONITORING` the "grey list". ISO 3166-1 alpha-2 codes. The lists change at
 * every plenary (February, June, October): compliance updates them here with the date.
 */
export const HIGH_RISK_COUNTRIES_AS_OF = '2025-10-24';
export const FATF_CALL_FOR_ACTION = ['KP', 'IR', 'MM'] as const;
export const FATF_INCREASED_MONITORING = [
  'DZ', // Algeria
  'AO', // Angola
  'BO', // Bolivia
  'BG', // Bulgaria
  'CM', // Cameroon
  'CI', // Côte d'Ivoire
  'CD', // Democratic Republic of the Congo
  'HT', // Haiti
  'KE', // Kenya
  'LA', // Lao People's Democratic Republic
  'LB', // Lebanon
  'MC', // Monaco
  'NA', // Namibia
  'NP', // Nepal
  'SS', // South Sudan
  'SY', // Syria
  'VE', // Venezuela
  'VN', // Vietnam
  'VG', // British Virgin Islands
  'YE', // Yemen
] as const;

export type CountryRisk = 'call_for_action' | 'increased_monitoring' | 'standard' | 'unknown';
export function countryRisk(code: string | null | undefined): CountryRisk {
  if (!code) return 'unknown';
  const c = code.toUpperCase();
  if ((FATF_CALL_FOR_ACTION as readonly string[]).includes(c)) return 'call_for_action';
  if ((FATF_INCREASED_MONITORING as readonly string[]).includes(c)) return 'increased_monitoring';
  return 'standard';
}

/** What the rating is computed from (each read from the investor's records when it is shown). */
export interface RiskFactors {
  residenceCountry: string | null;
  nationality: string | null;
  investorType: 'hni' | 'family_office' | 'offshore_fund' | null;
  /** Self-declared, a named person declared, or a confirmed PEP-list match. */
  pep: boolean;
  /** A confirmed sanctions match (not PEP). */
  sanctionsMatch: boolean;
  /** Screening hits not yet cleared (open or escalated). */
  openHits: number;
  /** A source-of-funds document is on file in the KYC application. */
  sourceOfFundsDocumented: boolean;
}

export const RISK_FACTOR_KEYS = ['residence', 'nationality', 'investorType', 'pep', 'screening', 'sourceOfFunds'] as const;
export type RiskFactorKey = (typeof RISK_FACTOR_KEYS)[number];

/**
 * One factor's contribution: points added, or `forcesHigh` (the rating is high whatever the sum),
 * and a reason code the screens translate (`risk:reason.<code>`).
 */
export interface RiskContribution {
  factor: RiskFactorKey;
  points: number;
  forcesHigh: boolean;
  reason: string;
}

/** Points at or above which the rating is high, and at or above which it is medium (firm policy). */
export const HIGH_RISK_POINTS = 4;
export const MEDIUM_RISK_POINTS = 2;

/**
 * Firm policy (decision 050): a call-for-action country (residence or nationality), a PEP and a
 * confirmed sanctions match make the rating high at once. Points: residence in an increased-
 * monitoring country 2, residence not recorded 1; nationality of one 1; an offshore fund 2, a
 * family office 1; screening hits awaiting review 2; no source-of-funds document 1.
 * 0-1 points low, 2-3 medium, 4 or more high.
 */
export function riskContributions(f: RiskFactors): RiskContribution[] {
  const out: RiskContribution[] = [];
  const residence = countryRisk(f.residenceCountry);
  out.push(
    residence === 'call_for_action'
      ? { factor: 'residence', points: 0, forcesHigh: true, reason: 'residenceCallForAction' }
      : residence === 'increased_monitoring'
        ? { factor: 'residence', points: 2, forcesHigh: false, reason: 'residenceMonitored' }
        : residence === 'unknown'
          ? { factor: 'residence', points: 1, forcesHigh: false, reason: 'residenceUnknown' }
          : { factor: 'residence', points: 0, forcesHigh: false, reason: 'residenceStandard' },
  );
  const nationality = countryRisk(f.nationality);
  out.push(
    nationality === 'call_for_action'
      ? { factor: 'nationality', points: 0, forcesHigh: true, reason: 'nationalityCallForAction' }
      : nationality === 'increased_monitoring'
        ? { factor: 'nationality', points: 1, forcesHigh: false, reason: 'nationalityMonitored' }
        : {
            factor: 'nationality',
            points: 0,
            forcesHigh: false,
            reason: nationality === 'unknown' ? 'nationalityUnknown' : 'nationalityStandard',
          },
  );
  out.push(
    f.investorType === 'offshore_fund'
      ? { factor: 'investorType', points: 2, forcesHigh: false, reason: 'typeOffshoreFund' }
      : f.investorType === 'family_office'
        ? { factor: 'investorType', points: 1, forcesHigh: false, reason: 'typeFamilyOffice' }
        : { factor: 'investorType', points: 0, forcesHigh: false, reason: 'typeIndividual' },
  );
  out.push(
    f.pep
      ? { factor: 'pep', points: 0, forcesHigh: true, reason: 'pep' }
      : { factor: 'pep', points: 0, forcesHigh: false, reason: 'notPep' },
  );
  out.push(
    f.sanctionsMatch
      ? { factor: 'screening', points: 0, forcesHigh: true, reason: 'sanctionsMatch' }
      : f.openHits > 0
        ? { factor: 'screening', points: 2, forcesHigh: false, reason: 'openHits' }
        : { factor: 'screening', points: 0, forcesHigh: false, reason: 'screeningClear' },
  );
  out.push(
    f.sourceOfFundsDocumented
      ? { factor: 'sourceOfFunds', points: 0, forcesHigh: false, reason: 'sourceOfFundsOnFile' }
      : { factor: 'sourceOfFunds', points: 1, forcesHigh: false, reason: 'sourceOfFundsMissing' },
  );
  return out;
}

export function ratingOf(contributions: readonly RiskContribution[]): { rating: RiskRating; points: number } {
  const points = contributions.reduce((s, c) => s + c.points, 0);
  if (contributions.some((c) => c.forcesHigh) || points >= HIGH_RISK_POINTS) return { rating: 'high', points };
  return { rating: points >= MEDIUM_RISK_POINTS ? 'medium' : 'low', points };
}

// ---- KYC refresh ----

/** Months between KYC refreshes by rating: the defaults, changed in Settings. */
export const DEFAULT_REFRESH_MONTHS: Record<RiskRating, number> = { high: 12, medium: 24, low: 36 };
export const refreshMonthsSchema = z.number().int().min(1, 'Between 1 and 60 months').max(60, 'Between 1 and 60 months');

/** The same day `months` later; a day the month does not have becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addCalendarMonths(isoDay: string, months: number): string {
  const index = Number(isoDay.slice(0, 4)) * 12 + Number(isoDay.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(isoDay.slice(8, 10)), last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The refresh is due this many months after the day the last one (or the KYC) was approved, in the company's zone. */
export const refreshDue = (approvedDay: string, rating: RiskRating, months: Record<RiskRating, number> = DEFAULT_REFRESH_MONTHS): string =>
  addCalendarMonths(approvedDay, months[rating]);

/** Current through its due day; overdue from the day after (company zone), as the classification review. */
export const refreshOverdue = (dueDay: string, today: string): boolean => today > dueDay;

/** Reminders start this many days before the due date (the investor's e-mail, the admins' digest). */
export const REFRESH_REMINDER_DAYS = 30;

export const REFRESH_OVERDUE_MESSAGE =
  'Your periodic KYC refresh is overdue, so new subscriptions are on hold. Confirm your details and upload any updated documents on DFSA Compliance; our compliance team will then approve it. Distributions owed to you are not affected.';
export const REFRESH_PENDING_MESSAGE =
  'Your periodic KYC refresh is overdue and waiting for our compliance team to approve it. New subscriptions resume once it is approved.';

// ---- inputs ----

export const riskOverrideInput = z.object({
  rating: z.enum(RISK_RATINGS, { error: 'Choose low, medium or high' }),
  reason: z
    .string({ error: 'Give the reason for the override' })
    .trim()
    .min(5, 'Give the reason for the override (at least 5 characters)')
    .max(1000),
  /** The rating in force that the admin saw: a changed one is a 409 (reload). */
  expected: z.enum(RISK_RATINGS),
});

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country');

export const kycRefreshInput = z.object({
  residenceCountry: countryCode,
  detailsConfirmed: z.literal(true, { error: 'Confirm that your details are correct' }),
  changes: z.string().trim().max(2000).default(''),
});

export const kycRefreshDecisionInput = z.object({
  note: z.string().trim().max(1000).default(''),
});

export interface RiskAssessment {
  computed: RiskRating;
  points: number;
  contributions: RiskContribution[];
  override: { rating: RiskRating; reason: string; byName: string | null; at: string } | null;
  /** The override if any, else the computed rating. */
  rating: RiskRating;
}

export interface KycRefreshState {
  /** Null until the KYC is first approved. */
  dueDate: string | null;
  overdue: boolean;
  intervalMonths: number;
  pending: { id: string; submittedAt: string; residenceCountry: string; changes: string } | null;
  lastApprovedAt: string | null;
}

export interface AdminInvestorRisk {
  risk: RiskAssessment;
  refresh: KycRefreshState;
}

/** The investor's DFSA Compliance screen: the refresh, not the rating (decision 050). */
export interface InvestorKycRefresh {
  refresh: KycRefreshState;
}

export interface KycRefreshQueueItem {
  id: string;
  investorId: string;
  investorName: string;
  submittedAt: string;
  residenceCountry: string;
  changes: string;
  dueDate: string | null;
}

/**
 * Reminders to the investor before a periodic KYC refresh falls due (issue 31: "due dates ... with
 * reminders"): one 30 days before (sent on the first daily run inside the window) and one on the
 * due day; none after it (the subscription gate applies from the next day). A firm choice, not a
 * DFSA figure: AML 7.6 asks for periodic review, not for a notice period.
 */
export const REFRESH_REMINDER_DAYS_BEFORE = 30;
export type RefreshReminderStage = 'before' | 'due';

/** Which refresh reminder (if any) is owed on `today` for a refresh due on `dueDate` (both company days). */
export function refreshReminderStage(dueDate: string, today: string): RefreshReminderStage | null {
  if (today === dueDate) return 'due';
  return today >= addDays(dueDate, -REFRESH_REMINDER_DAYS_BEFORE) && today < dueDate ? 'before' : null;
}
