import type { IlpaNotice } from './ilpa.ts';
import type { AccountFigures, BalancesDto, LedgerEntry } from './ledger.ts';

/** Investor feeds (issue 34 part 3, decision 048): the calendar feed, ILPA notices, the capital-account export. */

/** The state of the investor's calendar feed (never its secret, which only the creation's answer holds). */
export interface CalendarFeedStatus {
  active: boolean;
  /** The first characters of the secret, to recognise it. */
  hint: string | null;
  createdAt: string | null;
  lastUsedAt: string | null;
}

/** POST /api/investor/calendar-feed: the feed's URL, shown once. */
export interface CreatedCalendarFeed {
  url: string;
  feed: CalendarFeedStatus;
}

/**
 * The feed's URL is public (a calendar app sends no session); its secret is the only key. Requests
 * per secret and per client address in a window; over it: 429 with Retry-After. Calendar apps
 * poll every 15 minutes to a few hours, so 30 an hour per feed leaves room for several devices.
 */
export const CALENDAR_FEED_LIMITS = { perFeedPerHour: 30, perAddressPerHour: 120 } as const;

export const FEED_MESSAGES = {
  notFound: 'Calendar feed not found',
  tooMany: 'Too many calendar feed requests. Try again later.',
  noFeed: 'You have no calendar feed',
  noticeNotFound: 'Notice not found',
} as const;

/** GET …/ilpa-notices (JSON): the notices in the template's fields. */
export interface IlpaNotices {
  template: string;
  from: string | null;
  to: string | null;
  notices: IlpaNotice[];
}

/** GET …/capital-account (JSON): every ledger entry of the investor with value and record dates, and the balances per deal. */
export interface CapitalAccountExport {
  investorId: string;
  investorName: string;
  asOf: string;
  entries: LedgerEntry[];
  deals: { dealId: string; dealTitle: string; balances: BalancesDto; figures: CapitalAccountFigures }[];
}

/**
 * A holding's figures on the export's as-of date, from the one roll-forward (decision 023): the
 * same NAV, gain, MOIC and return as the performance screen, the statement and the deal's capital
 * accounts on that date. Below one year of history `irr` is null and `periodReturn` (not
 * annualised) is the return; ratios are fractions (0.24 = 24%), unrounded.
 */
export type CapitalAccountFigures = Omit<AccountFigures, 'units'>;

/** The capital-account CSV's columns. */
export const CAPITAL_ACCOUNT_CSV_COLUMNS = [
  { key: 'id', label: 'Entry ID' },
  { key: 'dealTitle', label: 'Deal' },
  { key: 'dealId', label: 'Deal ID' },
  { key: 'kind', label: 'Kind' },
  { key: 'reversedKind', label: 'Reverses Kind' },
  { key: 'amount', label: 'Amount' },
  { key: 'date', label: 'Value Date' },
  { key: 'recordDate', label: 'Record Date' },
  { key: 'dueDate', label: 'Due Date' },
  { key: 'distributionType', label: 'Distribution Type' },
  { key: 'callId', label: 'Capital Call ID' },
  { key: 'reversesId', label: 'Reverses Entry ID' },
  { key: 'memo', label: 'Memo' },
  { key: 'createdAt', label: 'Recorded At' },
] as const;
