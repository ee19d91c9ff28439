import { getDefaultLocale } from './dates.ts';
import { localeDigits } from './digits.ts';
import { formatIrr, formatMoic, formatUsdCompact, formatUsdExact, formatUsdWhole, toCents } from './money.ts';

/**
 * In a right-to-left language an amount is isolated left to right (LRI…PDI), so '-$1,250' does
 * not turn into '$1,250-' inside an Arabic sentence or table cell; in the user's digits.
 */
const ltr = (text: string): string => {
  const locale = getDefaultLocale();
  return locale.startsWith('ar') ? `\u2066${localeDigits(text, locale)}\u2069` : text;
};

/** USD without decimals (spec section 9), rounded half-up on exact cents. Accepts numbers or decimal strings from the API. */
export function formatUSD(value: number | string | bigint | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'bigint') return ltr(formatUsdWhole(value));
  try {
    return ltr(formatUsdWhole(toCents(typeof value === 'number' ? value : value.trim())));
  } catch {
    return '—';
  }
}

export {
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  formatDay,
  formatTime,
  getDefaultLocale,
  setDefaultLocale,
  zoneAbbreviation,
  zoneLabel,
} from './dates.ts';
/**
 * The one format module (decision record 020): dates and times from the date module (Intl, the
 * company's zone), money from the money module (exact: decimal strings and cents in, never a
 * float sum), counts and percentages here. Each takes a locale for later; English by default.
 */
export { localeDigits, westernDigits } from './digits.ts';
/**
 * A signed change in whole USD: '+$53,013', '−$1,250' (cents in). In Arabic, one left-to-right
 * isolate around sign and amount together, and a left-to-right mark before the sign: the sign
 * stays in front ('+$59,013', never '$59,013+') also where isolates are not understood (an
 * e-mail client, a copied text): after the mark Western digits resolve left to right (rule W7
 * of the Unicode bidi algorithm) and the sign between two left-to-right characters with them (N1).
 */
export function formatSignedUSD(cents: bigint): string {
  const whole = formatUsdWhole(cents < 0n ? -cents : cents);
  // Zero (also a few cents that round to $0) has no sign: '$0', never '+$0' or '−$0'.
  if (whole === '$0') return ltr(whole);
  return signedLtr(`${cents > 0n ? '+' : '−'}${whole}`);
}

/** A signed figure ('+7.6%', '−$1,250') kept in reading order in Arabic (see formatSignedUSD). */
export function signedLtr(text: string): string {
  return getDefaultLocale().startsWith('ar') ? ltr(`\u200e${text}`) : text;
}

/** USD to the cent, always two decimals: '$1,234.50' (cents or a decimal string in; exact). */
export const formatUSDCents = (value: Parameters<typeof formatUsdExact>[0]): string => ltr(formatUsdExact(value));

/** An IRR (a fraction) as a percentage with one decimal: '16.4%'. */
export const formatIRR = (value: Parameters<typeof formatIrr>[0]): string => ltr(formatIrr(value));

/** A multiple (MOIC, TVPI, DPI): '1.13x'. */
export const formatMultiple = (value: Parameters<typeof formatMoic>[0]): string => ltr(formatMoic(value));

/**
 * A target on a deal card as the spec shows it: '$5M', '$1.25M', '$12.5K' (compact, exact on
 * cents, trailing zeros dropped).
 */
export function formatUSDShort(value: Parameters<typeof formatUsdCompact>[0]): string {
  return ltr(formatUsdCompact(value).replace(/\.?0+([KMBT])$/, '$1'));
}

/**
 * A figure that arrives as text or a plain number: a count ('4'), a year ('2029'), a risk score
 * ('5/10'), a typed IRR ('28%', '22-25%'). Isolated and in the user's digits when it is only a
 * figure; any other text (a word, a name) comes back as it is.
 */
export function formatFigure(value: string | number | bigint): string {
  const text = String(value);
  return FIGURE.test(text) ? ltr(text) : text;
}
const FIGURE = /^[-+<>~≈]?\s*\d[\d\s.,%/\-–]*[xX%]?$/;

/**
 * An exact decimal string (units held, millionths: '681818.181818') with its whole part grouped by
 * thousands ('681,818.181818'); the digits are kept as given (no float).
 */
export function groupDecimal(value: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(value);
  if (!m) return value;
  return `${m[1]}${(m[2] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** groupDecimal on screen: left to right in Arabic. */
export const formatDecimalGrouped = (value: string): string => ltr(groupDecimal(value));

/** Compact USD for cards: '$1.25M'. */
export const formatUSDCompact = (value: Parameters<typeof formatUsdCompact>[0]): string => ltr(formatUsdCompact(value));

const numberFmts = new Map<string, Intl.NumberFormat>();
/** Numbers in the display locale: 'en-US' grouping in English, Western digits in Arabic too. */
const numberLocale = (locale: string = getDefaultLocale()) => (locale === 'en' ? 'en-US' : locale);
function nf(requested: string | undefined, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = numberLocale(requested);
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = numberFmts.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, opts);
    numberFmts.set(key, f);
  }
  return f;
}

/** A count with thousands separators: 12,345. */
export function formatNumber(n: number | bigint, opts: { locale?: string } = {}): string {
  return nf(opts.locale, { maximumFractionDigits: 0 }).format(n);
}

/**
 * A percentage with one decimal: 16.4%. `value` is a fraction (0.164) or, exactly, a part of a
 * whole in cents ({ part, whole }): then the percentage is computed on integers, rounded half up,
 * never through a float of money.
 */
export function formatPercent(value: number | { part: bigint; whole: bigint } | null | undefined, opts: { locale?: string } = {}): string {
  if (value === null || value === undefined) return '—';
  const fmt = nf(opts.locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (typeof value === 'number') return Number.isFinite(value) ? fmt.format(Math.abs(value) < 0.0005 ? 0 : value) : '—';
  if (value.whole === 0n) return '—';
  // Tenths of a percent: part * 1000 / whole, half up, on integers.
  const sign = value.part < 0n !== value.whole < 0n ? -1n : 1n;
  const p = value.part < 0n ? -value.part : value.part;
  const w = value.whole < 0n ? -value.whole : value.whole;
  const tenths = ((p * 2000n) / w + 1n) / 2n;
  // The tenths as a decimal string ('16.4') formatted exactly by Intl (strings are exact decimals).
  const text = `${sign < 0n && tenths > 0n ? '-' : ''}${tenths / 10n}.${tenths % 10n}`;
  return fmt.format(Number(text) / 100);
}

/**
 * USD exactly as stored, for amounts that must match to the cent (a subscription being confirmed,
 * a total beside its parts): '$10,000' when whole, '$10,000.01' otherwise. Works on the decimal
 * string, never through a float.
 */
export function formatUSDExact(value: string | null | undefined): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec((value ?? '').trim());
  if (!m) return '—';
  const [, minus, whole = '0', frac = ''] = m;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = frac.padEnd(2, '0');
  // '-0' and '-0.00' are zero: never signed.
  const sign = minus && (grouped !== '0' || cents !== '00') ? '-' : '';
  return ltr(`${sign}$${grouped}${cents === '00' ? '' : `.${cents}`}`);
}

/**
 * A file size as the upload lists show it: '512 B', '14 KB', '2.5 MB' in English; in Arabic the
 * units by Intl ('14 كيلوبايت'), in the user's digits.
 */
export function formatBytes(bytes: number, opts: { locale?: string } = {}): string {
  const locale = numberLocale(opts.locale);
  const [value, unit, english, digits] =
    bytes < 1024
      ? [bytes, 'byte', 'B', 0]
      : bytes < 1024 * 1024
        ? [Math.ceil(bytes / 1024), 'kilobyte', 'KB', 0]
        : [bytes / (1024 * 1024), 'megabyte', 'MB', 1];
  const fractions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (!locale.startsWith('ar')) return `${nf(locale, fractions).format(value)} ${english}`;
  return nf(locale, { style: 'unit', unit, unitDisplay: 'short', ...fractions }).format(value);
}

/** "1 minute", "15 minutes": a count with its noun, never "minute(s)". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
