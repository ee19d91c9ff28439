import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './ical.ts';

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and line breaks (§3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character (§3.1)', () => {
    // 80 ASCII octets: 75 on the first line, then a space and the other 5.
    const ascii = 'X'.repeat(80);
    expect(foldLine(ascii)).toBe(`${'X'.repeat(75)}\r\n ${'X'.repeat(5)}`);
    // Arabic letters are 2 octets each: 37 fit in 74 octets (a 38th would make 76).
    const arabic = `D:${'م'.repeat(60)}`;
    const lines = foldLine(arabic).split('\r\n');
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(arabic);
    expect(Buffer.byteLength(lines[0] as string, 'utf8')).toBe(2 + 36 * 2);
  });

  it('writes all-day events with CRLF line ends', () => {
    const text = buildCalendar({
      name: 'Test',
      zone: 'Asia/Dubai',
      now: new Date('2026-11-27T10:30:00.000Z'),
      events: [{ uid: 'u1@x', date: '2026-12-31', summary: 'S', description: 'D' }],
    });
    expect(text).toContain('\r\nDTSTAMP:20261127T103000Z\r\n');
    // The day after 31 December is 1 January of the next year (DTEND is exclusive).
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(text.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
  });
});
