import { describe, expect, it } from 'vitest';
import { requestedRange } from './download.ts';

// Expected ranges worked out by hand from RFC 9110 14.1.2 (inclusive ends; a suffix range is the last n bytes).
describe('requestedRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(requestedRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(requestedRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(requestedRange('bytes=7-', 10)).toEqual({ start: 7, end: 9 });
    expect(requestedRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    // An end past the file or a suffix longer than the file is cut to the file.
    expect(requestedRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(requestedRange('bytes=-50', 10)).toEqual({ start: 0, end: 9 });
  });

  it('a range starting at or past the end, or an empty suffix, is unsatisfiable (416)', () => {
    expect(requestedRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(requestedRange('bytes=10-20', 10)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('anything else is ignored and the whole file is sent', () => {
    for (const h of [undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'bytes=0-1,3-4', 'items=0-1', 'bytes=a-b', 'bytes= 1-2x'])
      expect(requestedRange(h, 10), String(h)).toBeNull();
  });
});
