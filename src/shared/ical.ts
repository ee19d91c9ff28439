/**
 * iCalendar (RFC 5545) text for the investor's calendar feed (issue 34, decision 048): all-day
 * events, text escaped (§3.3.11), lines folded at 75 octets without splitting a UTF-8 character
 * (§3.1), CRLF line ends. Pure code: the server gives the events.
 */

export interface CalendarEvent {
  /** Stable across requests and regenerations of the feed's URL: the calendar app updates the event in place. */
  uid: string;
  /** YYYY-MM-DD, a day in the company's time zone (an all-day event). */
  date: string;
  summary: string;
  description: string;
  /** Ordering of revisions: bump when an event changes (e.g. a call paid). */
  sequence?: number;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  categories?: string;
}

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line: at most 75 octets per line, continuation lines begin with one space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit) {
      out.push(current);
      current = ch;
      size = n;
      // The leading space of a continuation line counts in its 75.
      limit = 74;
    } else {
      current += ch;
      size += n;
    }
  }
  out.push(current);
  return out.join('\r\n ');
}

const compactDate = (iso: string) => iso.replaceAll('-', '');
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** A UTC date-time as iCalendar writes it: 20261127T103000Z. */
export const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function buildCalendar(opts: { name: string; zone: string; now: Date; events: CalendarEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meridian Syndicate//Investor calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    `X-WR-TIMEZONE:${opts.zone}`,
    // Calendar apps poll at most hourly.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = utcStamp(opts.now);
  for (const e of opts.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(e.date)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      'TRANSP:TRANSPARENT',
      `SEQUENCE:${e.sequence ?? 0}`,
      `STATUS:${e.status ?? 'CONFIRMED'}`,
      ...(e.categories ? [`CATEGORIES:${escapeText(e.categories)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
