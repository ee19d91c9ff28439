import { isCalendarDate } from './dates.ts';

/**
 * How long a suitability review stays current (decision record 029), in one place.
 *
 * The rule it comes from: the product specification asks for an *annual* suitability review
 * (investor DFSA Compliance, 'Required Actions') and classifies the investor as a 'Professional
 * Client', *reviewed annually* ('Regulatory Information'). Under the DFSA's Conduct of Business
 * module (COB chapter 2, client classification) that classification rests on the firm's
 * assessment of the client, which the product takes from this review; the specification fixes
 * its life at a year. So a review is current for twelve months: a review completed
 * on a day is due again on the same day a year later (29 Feb: 28 Feb), and stays current
 * through that due day, in the company's time zone. After it, a new subscription needs a new
 * review.
 */
export const SUITABILITY_REVIEW_VALID_MONTHS = 12;

/** The day the next review is due for a review completed on `completedDay` ('YYYY-MM-DD'). */
export function suitabilityReviewDue(completedDay: string): string {
  const years = SUITABILITY_REVIEW_VALID_MONTHS / 12;
  const y = Number(completedDay.slice(0, 4)) + years;
  const candidate = `${y}-${completedDay.slice(5, 10)}`;
  return isCalendarDate(candidate) ? candidate : `${y}-02-28`;
}

/** Whether a review due on `nextDue` is still current on `today` (both company-zone days). */
export const suitabilityReviewCurrent = (nextDue: string | null | undefined, today: string): boolean =>
  typeof nextDue === 'string' && today <= nextDue;

/** Why a subscription is refused without a completed review (409, code SUITABILITY_REVIEW_MISSING). */
export const SUITABILITY_MISSING_MESSAGE =
  'Complete your suitability review before you subscribe: you can do it on the DFSA Compliance page in a few minutes.';
/** Why a subscription is refused when the last review is past its due day (409, code SUITABILITY_REVIEW_EXPIRED). */
export const SUITABILITY_EXPIRED_MESSAGE =
  'Your annual suitability review is out of date. Complete it again on the DFSA Compliance page before you subscribe.';
/** The codes of those refusals; the web links them to the review (the investor's DFSA Compliance screen). */
export const SUITABILITY_REVIEW_CODES = ['SUITABILITY_REVIEW_MISSING', 'SUITABILITY_REVIEW_EXPIRED'] as const;
/** Where the investor completes the review. */
export const SUITABILITY_REVIEW_PATH = '/investor/compliance';
