import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay, formatNumber, formatPercent, formatUSD, formatUSDExact, groupDecimal } from './format.ts';

describe('formatUSD (USD, no decimals)', () => {
  it('formats numbers without decimals', () => {
    expect(formatUSD(1_250_000)).toBe('$1,250,000');
    expect(formatUSD(0)).toBe('$0');
    expect(formatUSD(1234.4)).toBe('$1,234');
    expect(formatUSD(1234.5)).toBe('$1,235');
    expect(formatUSD(-500)).toBe('-$500');
  });

  it('formats decimal strings as the API sends them', () => {
    expect(formatUSD('1500000.00')).toBe('$1,500,000');
    expect(formatUSD('5000000')).toBe('$5,000,000');
    expect(formatUSD('999.99')).toBe('$1,000');
  });

  it('shows a dash for missing or unparseable values', () => {
    expect(formatUSD(null)).toBe('—');
    expect(formatUSD(undefined)).toBe('—');
    expect(formatUSD('')).toBe('—');
    expect(formatUSD('abc')).toBe('—');
    expect(formatUSD(Number.NaN)).toBe('—');
  });
});

describe('formatUSDExact', () => {
  it('shows cents when there are any, from the decimal string', () => {
    expect(formatUSDExact('10000.00')).toBe('$10,000');
    expect(formatUSDExact('10000.01')).toBe('$10,000.01');
    expect(formatUSDExact('1234.5')).toBe('$1,234.50');
    expect(formatUSDExact('999999999999999.99')).toBe('$999,999,999,999,999.99');
    expect(formatUSDExact('-25.10')).toBe('-$25.10');
    expect(formatUSDExact('0')).toBe('$0');
    expect(formatUSDExact('abc')).toBe('—');
  });
});

describe('the format module: counts, percentages, sizes, day styles', () => {
  it('groups counts and takes a locale', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(12345n)).toBe('12,345');
    expect(formatNumber(12345, { locale: 'de-DE' })).toBe('12.345');
  });

  it('shows percentages with one decimal, exactly from cents', () => {
    expect(formatPercent(0.164)).toBe('16.4%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('—');
    // One third of $100.00: 33.3%; 2/3: 66.7% (half up on integers).
    expect(formatPercent({ part: 3333n, whole: 10000n })).toBe('33.3%');
    expect(formatPercent({ part: 6667n, whole: 10000n })).toBe('66.7%');
    expect(formatPercent({ part: 1n, whole: 2000n })).toBe('0.1%'); // 0.05% rounds half up
    expect(formatPercent({ part: 10000n, whole: 10000n })).toBe('100.0%');
    expect(formatPercent({ part: 999_999_999_999_999n, whole: 1_000_000_000_000_000n })).toBe('100.0%');
    expect(formatPercent({ part: 1n, whole: 0n })).toBe('—');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(14 * 1024)).toBe('14 KB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
    // Arabic names its units (Intl), Western digits unless Arabic-Indic ones are chosen.
    expect(formatBytes(14 * 1024, { locale: 'ar-AE-u-nu-latn' })).toMatch(/^14 \S*[\u0600-\u06FF]/);
    expect(formatBytes(14 * 1024, { locale: 'ar-AE-u-nu-latn' })).not.toMatch(/KB/);
    expect(formatBytes(2.5 * 1024 * 1024, { locale: 'ar-AE-u-nu-arab' })).toMatch(/^٢٫٥ /);
  });

  it('writes calendar days in the other styles, never shifted', () => {
    expect(formatDay('2026-07-03', 'monthTitle')).toBe('July 2026');
    expect(formatDay('2026-07-03', 'monthYear')).toBe('Jul 2026');
    expect(formatDay('2026-07-03', 'longDay')).toBe('Friday, 3 July 2026');
    expect(formatDay('2026-09-03', 'dayMonth')).toBe('3 Sep');
    expect(formatDay('2025-12-16', 'monthDay')).toBe('Dec 16');
  });
});

describe('formatSignedUSD', () => {
  it('puts the sign in front, in one left-to-right isolate in Arabic', async () => {
    const { formatSignedUSD, setDefaultLocale, signedLtr } = await import('./format.ts');
    expect(formatSignedUSD(5_301_300n)).toBe('+$53,013');
    expect(signedLtr('+7.6%')).toBe('+7.6%');
    expect(formatSignedUSD(-125_000n)).toBe('−$1,250');
    setDefaultLocale('ar-AE-u-nu-latn');
    try {
      // LRI, LRM, the sign, the amount, PDI: the mark keeps the sign in front where isolates are ignored.
      expect(formatSignedUSD(5_301_300n)).toBe('\u2066\u200e+$53,013\u2069');
      expect(formatSignedUSD(-5_901_300n)).toBe('\u2066\u200e−$59,013\u2069');
      expect(signedLtr('+7.6%')).toBe('\u2066\u200e+7.6%\u2069');
      setDefaultLocale('ar-AE-u-nu-arab');
      expect(formatSignedUSD(5_901_300n)).toBe('\u2066\u200e+$٥٩٬٠١٣\u2069');
    } finally {
      setDefaultLocale('en');
    }
  });
});

describe('Arabic-Indic digits (the user chose them on Arabic pages)', () => {
  it('writes money, counts, percentages and dates in them, and Western digits otherwise', async () => {
    const { formatDate, formatNumber, formatPercent, formatUSD, formatUSDCompact, formatUSDExact, setDefaultLocale } = await import(
      './format.ts'
    );
    setDefaultLocale('ar-AE-u-nu-arab');
    try {
      expect(formatUSD('1250000')).toBe('\u2066$١٬٢٥٠٬٠٠٠\u2069');
      expect(formatUSDExact('-10000.01')).toBe('\u2066-$١٠٬٠٠٠٫٠١\u2069');
      expect(formatUSDCompact('1250000')).toBe('\u2066$١٫٢٥M\u2069');
      expect(formatNumber(12345)).toBe('١٢٬٣٤٥');
      expect(formatPercent({ part: 164n, whole: 1000n })).toMatch(/^١٦٫٤/);
      expect(formatDate('2026-07-03')).toMatch(/^٣ .+ ٢٠٢٦$/);
      setDefaultLocale('ar-AE-u-nu-latn');
      expect(formatUSD('1250000')).toBe('\u2066$1,250,000\u2069');
      expect(formatDate('2026-07-03')).toMatch(/^3 .+ 2026$/);
    } finally {
      setDefaultLocale('en');
    }
    expect(formatUSD('1250000')).toBe('$1,250,000');
  });

  it('localeDigits changes one character for one, only for an Arabic-Indic locale', async () => {
    const { localeDigits } = await import('./format.ts');
    expect(localeDigits('$1,250.50', 'ar-AE-u-nu-arab')).toBe('$١٬٢٥٠٫٥٠');
    expect(localeDigits('$1,250.50', 'ar-AE-u-nu-latn')).toBe('$1,250.50');
    expect(localeDigits('2026', 'en')).toBe('2026');
  });

  it('westernDigits reads what an Arabic or Persian keyboard types into a number field', async () => {
    const { westernDigits } = await import('./format.ts');
    expect(westernDigits('١٬٢٥٠٫٥٠')).toBe('1,250.50');
    expect(westernDigits('۱۲۳۴')).toBe('1234');
    expect(westernDigits('1250.5')).toBe('1250.5');
    expect(westernDigits('')).toBe('');
  });
});

describe('formatUSDShort and formatFigure', () => {
  it("shows a deal target as the spec's cards do, exactly", async () => {
    const { formatUSDShort } = await import('./format.ts');
    expect(formatUSDShort('5000000')).toBe('$5M');
    expect(formatUSDShort('1250000')).toBe('$1.25M');
    expect(formatUSDShort('1500000')).toBe('$1.5M');
    expect(formatUSDShort('12500')).toBe('$12.5K');
    expect(formatUSDShort('999999.99')).toBe('$1M');
    expect(formatUSDShort('750')).toBe('$750');
  });
  it('writes figures in the user digits and leaves words alone', async () => {
    const { formatFigure, setDefaultLocale } = await import('./format.ts');
    expect(formatFigure('5/10')).toBe('5/10');
    setDefaultLocale('ar-AE-u-nu-arab');
    try {
      expect(formatFigure('5/10')).toBe('\u2066٥/١٠\u2069');
      expect(formatFigure('22-25%')).toBe('\u2066٢٢-٢٥٪\u2069');
      expect(formatFigure(2029)).toBe('\u2066٢٠٢٩\u2069');
      expect(formatFigure('Current')).toBe('Current');
      expect(formatFigure('Fund 2')).toBe('Fund 2');
    } finally {
      setDefaultLocale('en');
    }
  });
});

/**
 * Zero is never signed (issue 26 item 7: "-$0.00" on every statement): a zero amount or one that
 * rounds to zero in the form shown is written without '-' or '+', on screens, in PDFs and CSVs.
 * The expected strings are written by hand.
 */
describe('zero is never signed', () => {
  it('every money formatter writes a zero, a negative zero and a rounded-away amount unsigned', async () => {
    const { formatUsdCompact, formatUsdDeduction, formatUsdExact, formatUsdWhole, formatMoic } = await import('./money.ts');
    const { formatSignedUSD, formatUSDCents, formatUSDCompact, formatUSDShort } = await import('./format.ts');
    for (const zero of ['0', '0.00', '-0', '-0.00', '-0.0', 0n, -0n] as const) {
      expect(formatUsdExact(zero)).toBe('$0.00');
      expect(formatUsdDeduction(zero)).toBe('$0.00');
      expect(formatUSDCents(zero)).toBe('$0.00');
      expect(formatUsdWhole(zero)).toBe('$0');
      expect(formatUsdCompact(zero)).toBe('$0');
      expect(formatUSDCompact(zero)).toBe('$0');
      expect(formatUSDShort(zero)).toBe('$0');
      expect(formatUSD(typeof zero === 'bigint' ? zero : String(zero))).toBe('$0');
      if (typeof zero === 'string') expect(formatUSDExact(zero)).toBe('$0');
    }
    // Amounts that round to zero where they are shown.
    expect(formatUsdWhole('-0.40')).toBe('$0');
    expect(formatUsdCompact('-0.49')).toBe('$0');
    expect(formatUsdCompact('-0.50')).toBe('-$1');
    expect(formatSignedUSD(0n)).toBe('$0');
    expect(formatSignedUSD(-49n)).toBe('$0');
    expect(formatSignedUSD(49n)).toBe('$0');
    expect(formatSignedUSD(-50n)).toBe('−$1');
    expect(formatMoic(-0.001)).toBe('0.00x');
    expect(formatMoic(-0)).toBe('0.00x');
    // A deduction keeps its minus when it is not zero; a negative one (a reversal) reads plus.
    expect(formatUsdDeduction('25.50')).toBe('-$25.50');
    expect(formatUsdDeduction(2550n)).toBe('-$25.50');
    expect(formatUsdDeduction('-25.50')).toBe('$25.50');
    expect(formatUsdExact('-0.01')).toBe('-$0.01');
    expect(formatUSDExact('-0.01')).toBe('-$0.01');
  });

  it('no formatter writes a signed zero for any amount near zero (every cent from -$2.00 to $2.00)', async () => {
    const m = await import('./money.ts');
    const f = await import('./format.ts');
    // A zero with a sign in front, in any of the forms the formatters write.
    const signedZero = /^[-+−]\$0(\.0+)?[KMBT]?$/;
    for (let c = -200n; c <= 200n; c++) {
      const text = m.fromCents(c);
      for (const out of [
        m.formatUsdExact(c),
        m.formatUsdDeduction(c),
        m.formatUsdWhole(c),
        m.formatUsdCompact(c),
        f.formatUSD(c),
        f.formatUSD(text),
        f.formatUSDExact(text),
        f.formatUSDCents(c),
        f.formatUSDCompact(c),
        f.formatUSDShort(c),
        f.formatSignedUSD(c),
      ])
        expect(out, `${c} cents`).not.toMatch(signedZero);
    }
  });
});

describe('groupDecimal (units held, exact)', () => {
  it('groups the whole part by thousands and keeps every decimal digit', () => {
    // Issue 29's B buys 681,818.181818 units at 2.20 (decision 040).
    expect(groupDecimal('681818.181818')).toBe('681,818.181818');
    expect(groupDecimal('200000.000000')).toBe('200,000.000000');
    expect(groupDecimal('999.5')).toBe('999.5');
    expect(groupDecimal('-1234567')).toBe('-1,234,567');
    expect(groupDecimal('12345678901234567890.000001')).toBe('12,345,678,901,234,567,890.000001');
    expect(groupDecimal('n/a')).toBe('n/a');
  });
});
