/**
 * Calendar days for test fixtures, computed apart from the product (Intl only).
 *
 * The company's "today" is the day in its time zone (decision record 020), not the UTC day: from
 * 20:00 to 24:00 UTC, Dubai is already on the next day. A fixture that takes the UTC day while the
 * server counts in Dubai (or the reverse) fails only in those four hours, which is how CI found it.
 * So every suite names the zone its server counts in:
 * - HARNESS_ZONE: createTestContext pins the setting to UTC+0 (dated fixtures use SQL's current_date);
 * - DEFAULT_ZONE: the product's default setting, UTC+4 (suites that reset the settings, demo data, e2e).
 */
export const HARNESS_ZONE = 'UTC';
export const DEFAULT_ZONE = 'Asia/Dubai';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' in `zone`, `offsetDays` from now (Dubai and UTC have no summer time, so days are 24 h). */
export const dayIn = (zone: string, offsetDays = 0, now: number = Date.now()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(now + offsetDays * DAY_MS),
  );

/** The harness's company day (UTC). */
export const harnessDay = (offsetDays = 0): string => dayIn(HARNESS_ZONE, offsetDays);
/** The default company day (Dubai). */
export const defaultZoneDay = (offsetDays = 0): string => dayIn(DEFAULT_ZONE, offsetDays);
