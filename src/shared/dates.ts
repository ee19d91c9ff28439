/**
 * The one date module (decision records 014 and 020). Two kinds of value, never mixed:
 * - a calendar day, 'YYYY-MM-DD' (due dates, payment dates, valuation dates): the same day for
 *   everyone; "today" is the day in the company's time zone (Settings, General tab), so a filing
 *   due on the 15th is due on the 15th in Dubai, whoever looks;
 * - an instant, an ISO timestamp (uploaded at, created at): stored in UTC, shown in the company's
 *   time zone, date and time alike.
 * Formatting goes through Intl (no hand-written month names) and takes a locale for later.
 */

export const DAY_MS = 86_400_000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day within a sane range ('2025-02-30' and year 0 are not). */
export function isCalendarDate(s: string): boolean {
  if (!ISO_DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  const year = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && year >= 1900 && year <= 2200 && d.toISOString().slice(0, 10) === s;
}

/**
 * The zone "today" is counted in when a caller names none: UTC until the web app sets the
 * company's zone at start-up (setDefaultZone). The server always names the zone (it serves more
 * than one company setting over time, and tests run several apps in one process).
 */
let defaultZone = 'UTC';
let defaultZoneName = '';
const zoneListeners = new Set<() => void>();

export function setDefaultZone(zone: string): void {
  if (!isTimeZone(zone) || zone === defaultZone) return;
  defaultZone = zone;
  defaultZoneName = '';
  for (const l of zoneListeners) l();
}
export const getDefaultZone = (): string => defaultZone;
/** For useSyncExternalStore: re-render when the company's zone changes. */
export function subscribeDefaultZone(listener: () => void): () => void {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
}

const zoneCheck = new Map<string, boolean>();
/** An IANA zone this runtime knows ('Asia/Dubai', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  let ok = zoneCheck.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    zoneCheck.set(zone, ok);
  }
  return ok;
}

const isoDayFmts = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of an instant in a zone, as 'YYYY-MM-DD'. */
export function dayInZone(instant: Date, zone: string = defaultZone): string {
  let f = isoDayFmts.get(zone);
  if (!f) {
    // en-CA writes dates as YYYY-MM-DD; formatToParts keeps us independent of that anyway.
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoDayFmts.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const wallFmts = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at an instant, in milliseconds (Dubai: +4 h). */
function zoneOffsetMs(instant: number, zone: string): number {
  let f = wallFmts.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFmts.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(
    p.year as number,
    (p.month as number) - 1,
    p.day as number,
    p.hour as number,
    p.minute as number,
    p.second as number,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a calendar day in a zone (its midnight there): 2026-12-10 in Asia/Dubai
 * is 2026-12-09T20:00:00Z. Two passes settle a daylight-saving change between UTC and the zone.
 */
export function dayStartInZone(isoDay: string, zone: string = defaultZone): Date {
  const utcMidnight = Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`);
  let t = utcMidnight - zoneOffsetMs(utcMidnight, zone);
  t = utcMidnight - zoneOffsetMs(t, zone);
  return new Date(t);
}

/** Today as an ISO day in the company's zone (the day every due date is compared with). */
export const todayIso = (zone: string = defaultZone, now: Date = new Date()) => dayInZone(now, zone);

/** An ISO day as a day number (days since 1970-01-01): whole-day arithmetic without zones. */
export const dayNumber = (isoDay: string) => Math.round(Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/** The ISO day `days` after an ISO day. */
export const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The ISO day `days` after `today` (default: today in the company's zone); negative for days before. */
export const isoInDays = (days: number, today: string = todayIso()) => addDays(today, days);

/**
 * Whole days from `today` (default: today in the company's zone) to an ISO day; negative when
 * past. A timestamp counts by its day in the default zone.
 */
export function daysUntil(isoDay: string, today: string = todayIso()): number {
  const day = ISO_DAY.test(isoDay) ? isoDay : dayOf(isoDay);
  return dayNumber(day) - dayNumber(today);
}

function dayOf(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value.slice(0, 10) : dayInZone(d);
}

/** 'Today', 'Tomorrow', 'In 12 days', 'Yesterday', '3 days ago' (relative to `today`). */
export function relativeDay(isoDay: string, today: string = todayIso(), locale: string = defaultLocale): string {
  const d = daysUntil(isoDay, today);
  if (isEnglish(locale)) {
    if (d === 0) return 'Today';
    if (d === 1) return 'Tomorrow';
    if (d === -1) return 'Yesterday';
    return d > 0 ? `In ${d} days` : `${-d} days ago`;
  }
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(d, 'day');
}

/** The first day of the month of an ISO day: '2026-07-15' -> '2026-07-01'. */
export const monthStart = (isoDay: string) => `${isoDay.slice(0, 7)}-01`;

/** The first day of the month `months` after the month of an ISO day ('2026-01-31', 1 -> '2026-02-01'). */
export function addMonths(isoDay: string, months: number): string {
  const index = Number(isoDay.slice(0, 4)) * 12 + Number(isoDay.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}-01`;
}

/** The day of the week of an ISO day, Monday first: 0 (Monday) to 6 (Sunday). */
export const weekdayIndex = (isoDay: string) => (new Date(`${isoDay.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The weeks (Monday first) that cover the month of an ISO day, each a list of seven ISO days. */
export function monthWeeks(isoDay: string): string[][] {
  const first = monthStart(isoDay);
  const offset = weekdayIndex(first);
  const days = daysUntil(addMonths(first, 1), first);
  const start = addDays(first, -offset);
  return Array.from({ length: Math.ceil((offset + days) / 7) }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
}

/** The last completed calendar quarter before `today` (company zone), as [from, to]. */
export function lastQuarter(today: string = todayIso()): [string, string] {
  const year = Number(today.slice(0, 4));
  const q = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const end = new Date(Date.UTC(year, q * 3, 0));
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 2, 1));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

/**
 * The display locale every format uses when a call names none (issue 16): 'en', or the Arabic
 * display locale ('ar-AE-u-nu-latn': Arabic month names, Western digits). The web sets it when
 * the language changes; the server passes a locale per e-mail or document.
 */
let defaultLocale = 'en';
export function setDefaultLocale(locale: string): void {
  defaultLocale = locale;
  defaultZoneName = '';
}
export const getDefaultLocale = (): string => defaultLocale;

export interface FormatOptions {
  /** BCP 47 locale; default: the display locale (setDefaultLocale; English, 'en-GB' for dates). */
  locale?: string;
  /** IANA zone an instant is shown in; default: the company's zone. */
  timeZone?: string;
}

const fmtCache = new Map<string, Intl.DateTimeFormat>();
function dtf(locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = fmtCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, opts);
    fmtCache.set(key, f);
  }
  return f;
}

const DATE_PARTS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateLocale = (locale: string = defaultLocale) => (locale === 'en' ? 'en-GB' : locale);
const isEnglish = (locale: string = defaultLocale) => locale.startsWith('en');
// en-GB spells September 'Sept'; the product writes the three-letter 'Sep' like every other month.
const tidy = (text: string, locale: string) => (locale === 'en-GB' ? text.replace('Sept', 'Sep') : text);

function toInstant(value: string | Date): Date | null {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * One date format app-wide: '3 Jul 2026'. A calendar day ('YYYY-MM-DD') is shown as that day; an
 * instant (timestamp or Date) as its day in the company's zone, the day formatDateTime shows.
 */
export function formatDate(value: string | Date | null | undefined, opts: FormatOptions | string = {}): string {
  if (!value) return '—';
  const o = typeof opts === 'string' ? { timeZone: opts } : opts;
  const locale = dateLocale(o.locale);
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? '—' : tidy(dtf(locale, { ...DATE_PARTS, timeZone: 'UTC' }).format(d), locale);
  }
  const d = toInstant(value);
  if (!d) return '—';
  return tidy(dtf(locale, { ...DATE_PARTS, timeZone: o.timeZone ?? defaultZone }).format(d), locale);
}

/** An instant with its time in the company's zone: '3 Jul 2026, 14:05'. */
export function formatDateTime(value: string | Date | null | undefined, opts: FormatOptions | string = {}): string {
  if (!value) return '—';
  const o = typeof opts === 'string' ? { timeZone: opts } : opts;
  const d = toInstant(value);
  if (!d) return '—';
  const locale = dateLocale(o.locale);
  const zone = o.timeZone ?? defaultZone;
  const f = dtf(locale, { ...DATE_PARTS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
  return tidy(f.format(d), locale);
}

/** The time of an instant in the company's zone: '14:05' ('14:05:09' with seconds). */
export function formatTime(value: string | Date | null | undefined, opts: FormatOptions & { seconds?: boolean } = {}): string {
  if (!value) return '—';
  const d = toInstant(value);
  if (!d) return '—';
  return dtf(dateLocale(opts.locale), {
    hour: '2-digit',
    minute: '2-digit',
    ...(opts.seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    timeZone: opts.timeZone ?? defaultZone,
  }).format(d);
}

const DAY_STYLES = {
  /** 'July 2026' (calendar month titles). */
  monthTitle: { month: 'long', year: 'numeric' },
  /** 'Jul 2026' (chart axes). */
  monthYear: { month: 'short', year: 'numeric' },
  /** 'Friday, 3 July 2026' (a calendar day's heading). */
  longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** '3 Jul' (a card that shows the year apart). */
  dayMonth: { day: 'numeric', month: 'short' },
  /** 'Jul 15' (the spec's Next Payment Date card, with the year beneath). */
  monthDay: { month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A calendar day ('YYYY-MM-DD') in one of the product's other date styles; never shifted by a zone. */
export function formatDay(isoDay: string, style: keyof typeof DAY_STYLES, opts: Pick<FormatOptions, 'locale'> = {}): string {
  const d = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '—';
  // The card's 'Jul 15' is the American order in English; other locales use their own.
  const locale = style === 'monthDay' && isEnglish(opts.locale) ? 'en-US' : dateLocale(opts.locale);
  return tidy(dtf(locale, { ...DAY_STYLES[style], timeZone: 'UTC' }).format(d), locale);
}

/**
 * The zone's short name as people read it next to a time: 'GST' for Dubai, 'EST'/'EDT' for New
 * York, 'UTC'; the GMT offset ('GMT+3') where the zone has no common abbreviation.
 */
export function zoneAbbreviation(zone: string = defaultZone, at: Date = new Date()): string {
  if (zone === 'UTC') return 'UTC';
  if (zone === 'Asia/Dubai') return 'GST';
  const part = dtf('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** An instant with its time and the zone named: '3 Jul 2026, 14:05 GST' (activity log, messages, uploads). */
export function formatDateTimeZoned(value: string | Date | null | undefined, opts: FormatOptions = {}): string {
  if (!value) return '—';
  const d = toInstant(value);
  if (!d) return '—';
  return `${formatDateTime(d, opts)} ${zoneAbbreviation(opts.timeZone ?? defaultZone, d)}`;
}

/** The company zone as a label for a screen: 'Dubai time (GST)'. */
export function zoneLabel(zone: string = defaultZone): string {
  if (zone === 'UTC') return 'UTC';
  if (zone === defaultZone && defaultZoneName) return defaultZoneName;
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  // Other languages: the zone's long name in that language (Intl), with the same abbreviation.
  const localName = isEnglish()
    ? ''
    : dtf(defaultLocale, { timeZone: zone, timeZoneName: 'long' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value;
  const label = localName ? `${localName} (${zoneAbbreviation(zone)})` : `${city} time (${zoneAbbreviation(zone)})`;
  if (zone === defaultZone) defaultZoneName = label;
  return label;
}
