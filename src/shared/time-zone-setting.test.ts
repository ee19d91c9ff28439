import { describe, expect, it } from 'vitest';
import { todayIso } from './dates.ts';
import { canonicalZone, companyZone, settingsSchema, TIMEZONES, timezoneSetting, zoneOptions } from './settings.ts';

describe('the company time zone setting (issue 27 item 14)', () => {
  it('offers every IANA zone, Nairobi, Dubai and Port Louis first, each once', () => {
    const options = zoneOptions();
    expect(options.slice(0, 3)).toEqual(['Africa/Nairobi', 'Asia/Dubai', 'Indian/Mauritius']);
    expect(new Set(options).size).toBe(options.length);
    expect(options).toContain('UTC');
    expect(options).toContain('America/New_York');
    expect(options.length).toBeGreaterThan(300);
    // The rest in alphabetical order.
    const rest = options.slice(3);
    expect(rest).toEqual([...rest].sort());
  });

  it("counts the company's today in the zone: 20:30 UTC on 26 Nov", () => {
    const at = new Date('2026-11-26T20:30:00Z');
    // By hand: Nairobi UTC+3 -> 23:30 on 26 Nov; Dubai UTC+4 -> 00:30 on 27 Nov; Port Louis
    // UTC+4 -> 27 Nov; 'UTC-8' (Los Angeles, standard time in November) -> 12:30 on 26 Nov.
    expect(todayIso(companyZone({ timezone: 'Africa/Nairobi' }), at)).toBe('2026-11-26');
    expect(todayIso(companyZone({ timezone: 'Asia/Dubai' }), at)).toBe('2026-11-27');
    expect(todayIso(companyZone({ timezone: 'Indian/Mauritius' }), at)).toBe('2026-11-27');
    expect(todayIso(companyZone({ timezone: 'UTC-8' }), at)).toBe('2026-11-26');
    expect(todayIso(companyZone({ timezone: 'UTC+4' }), at)).toBe('2026-11-27');
    // An hour later Nairobi is on the 27th too (00:30).
    expect(todayIso(companyZone({ timezone: 'Africa/Nairobi' }), new Date('2026-11-26T21:30:00Z'))).toBe('2026-11-27');
  });

  it('keeps the four offsets as they are, names zones canonically, refuses the rest', () => {
    for (const offset of TIMEZONES) expect(timezoneSetting.parse(offset)).toBe(offset);
    expect(timezoneSetting.parse(' africa/nairobi ')).toBe('Africa/Nairobi');
    for (const bad of ['Mars/Olympus', 'UTC+3', 'Africa/../etc', '', 'Asia/Dubai; DROP']) {
      expect(timezoneSetting.safeParse(bad).success, bad).toBe(false);
    }
    expect(canonicalZone('Not/AZone')).toBeNull();
    expect(settingsSchema.shape.timezone.safeParse('Europe/London').success).toBe(true);
  });
});
