import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('neutralises formula cells and keeps amounts', () => {
    expect(neutraliseCell('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`);
    expect(neutraliseCell('+1+1')).toBe("'+1+1");
    expect(neutraliseCell('-cmd')).toBe("'-cmd");
    expect(neutraliseCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCell('-12.50')).toBe('-12.50');
    expect(neutraliseCell('1000.00')).toBe('1000.00');
    expect(neutraliseCell(null)).toBe('');
  });
  it('writes CSV that parses back to the same cells, quotes and commas included', () => {
    const csv = toCsv(
      [
        { key: 'name', label: 'Name' },
        { key: 'amount', label: 'Amount' },
      ],
      [
        { name: 'Smith, "Jo"', amount: '1500.50' },
        { name: '=cmd|calc', amount: '-3.07' },
      ],
    );
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed).toEqual([
      ['Name', 'Amount'],
      ['Smith, "Jo"', '1500.50'],
      ["'=cmd|calc", '-3.07'],
    ]);
  });
});
