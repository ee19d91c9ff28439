/**
 * The one money module: every amount is an exact decimal string ('1234.50') at the edges and
 * integer cents (bigint) in arithmetic. No float ever holds a sum of money.
 */

export type Cents = bigint;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** '1234.5' / '-3.07' / '12' -> cents. Throws on anything that is not a decimal with at most 2 places. */
export function toCents(amount: string | number | bigint): Cents {
  if (typeof amount === 'bigint') return amount * 100n;
  const text = typeof amount === 'number' ? amountFromNumber(amount) : amount.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`not a money amount: ${JSON.stringify(text)}`);
  const cents = BigInt(m[2] as string) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

function amountFromNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error('not a money amount');
  // Only integers and values already at cents precision are accepted from numbers.
  return n.toFixed(2);
}

/** Cents -> '1234.50' (always two decimals, as numeric(15,2) prints). */
export function fromCents(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Cents -> '250000' or '250000.50': the short decimal form used to prefill inputs. */
export function centsToInput(cents: Cents): string {
  const s = fromCents(cents);
  return s.endsWith('.00') ? s.slice(0, -3) : s;
}

/** Sums decimal strings exactly. */
export function sumAmounts(values: Iterable<string>): string {
  let s = 0n;
  for (const v of values) s += toCents(v);
  return fromCents(s);
}

/** Integer division rounded half away from zero. */
export function divRound(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new Error('division by zero');
  const neg = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (2n * ad);
  return neg ? -q : q;
}

export interface Weighted<K extends string = string> {
  key: K;
  weight: bigint;
}

/**
 * Largest-remainder allocation: `total` cents split by `weights`; each part first gets the floor
 * of its exact share, the cents left go one each to the largest remainders (ties by key), so the
 * parts always sum exactly to the total. Zero weights get zero.
 */
export function allocateLargestRemainder<K extends string>(total: Cents, weights: Weighted<K>[]): Map<K, Cents> {
  if (total < 0n) throw new Error('total must not be negative');
  const base = weights.reduce((s, w) => s + w.weight, 0n);
  if (weights.some((w) => w.weight < 0n)) throw new Error('weights must not be negative');
  if (weights.length === 0 || base <= 0n) throw new Error('nothing to allocate to');
  const parts = weights.map((w) => {
    const exact = total * w.weight;
    return { key: w.key, cents: exact / base, remainder: exact % base };
  });
  let left = total - parts.reduce((s, x) => s + x.cents, 0n);
  const order = [...parts].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  for (const p of order) {
    if (left === 0n) break;
    p.cents += 1n;
    left -= 1n;
  }
  return new Map(parts.map((p) => [p.key, p.cents]));
}

/** Decimals a ratio keeps (truncated toward zero, so rounding it later to fewer places is exact). */
const RATIO_SCALE = 1_000_000_000n;

/**
 * A ratio of two cent amounts as a JavaScript number (for multiples such as MOIC), or null.
 * Computed in integers and truncated toward zero at nine decimals, then one conversion: a later
 * half-up rounding to two decimals (formatMoic) gives the same result as rounding the exact
 * fraction (an exact 1.005x shows 1.01x; 1.004999999...x shows 1.00x).
 */
export function ratio(numerator: Cents, denominator: Cents): number | null {
  if (denominator === 0n) return null;
  return Number((numerator * RATIO_SCALE) / denominator) / Number(RATIO_SCALE);
}

/**
 * A number rounded half away from zero to `places` decimals, as text, without `toFixed` (which
 * rounds the binary float: 1.005.toFixed(2) is '1.00'). The number is first read back to its
 * nine-decimal integer (what ratio produced), then rounded in integers.
 */
export function roundHalfUp(value: number, places: number): string {
  const scaled = BigInt(Math.round(value * 1e9));
  const unit = 10n ** BigInt(9 - places);
  const q = divRound(scaled, unit);
  const neg = q < 0n;
  const abs = neg ? -q : q;
  const one = 10n ** BigInt(places);
  const text = places === 0 ? String(abs) : `${abs / one}.${String(abs % one).padStart(places, '0')}`;
  return neg && abs !== 0n ? `-${text}` : text;
}

// ---------- Formatting ----------

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function parts(value: Cents | string): { neg: boolean; abs: bigint } {
  const c = typeof value === 'bigint' ? value : toCents(value);
  return { neg: c < 0n, abs: c < 0n ? -c : c };
}

/**
 * Exact USD to the cent: '$1,234.50', '-$3.07'. Zero is never signed: '-0.00' reads '$0.00'
 * (bigint has no negative zero, and a sign is written only for a non-zero amount).
 */
export function formatUsdExact(value: Cents | string): string {
  const { neg, abs } = parts(value);
  return `${neg && abs > 0n ? '-' : ''}$${groupThousands(String(abs / 100n))}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * An amount that goes out of the account (a distribution, a fee on a statement) with its minus:
 * 25.50 -> '-$25.50', and 0 -> '$0.00', never '-$0.00'. The one way to write a deduction; never
 * prefix a '-' to a formatted amount.
 */
export function formatUsdDeduction(value: Cents | string): string {
  return formatUsdExact(-(typeof value === 'bigint' ? value : toCents(value)));
}

/** Whole dollars rounded half-up on cents: '$1,250,000' (the spec's USD without decimals). */
export function formatUsdWhole(value: Cents | string): string {
  const { neg, abs } = parts(value);
  const dollars = (abs + 50n) / 100n;
  return `${neg && dollars > 0n ? '-' : ''}$${groupThousands(String(dollars))}`;
}

/**
 * Compact USD, rounded half-up: $2,675,000 -> '$2.68M', $999,999.99 -> '$1.00M' (never
 * '$1000K'), $12,500 -> '$12.5K', $950 -> '$950'.
 */
export function formatUsdCompact(value: Cents | string): string {
  const { neg, abs } = parts(value);
  const dollars = (abs + 50n) / 100n;
  // A minus only in front of a figure that does not round to zero ('-$0' never).
  const sign = neg && dollars > 0n ? '-' : '';
  if (dollars < 1000n) return `${sign}$${dollars}`;
  // [unit in cents, suffix, decimals]; a value that rounds up to 1000 of a unit moves to the next.
  const units: [bigint, string, number][] = [
    [1_000_00n, 'K', 1],
    [1_000_000_00n, 'M', 2],
    [1_000_000_000_00n, 'B', 2],
    [1_000_000_000_000_00n, 'T', 2],
  ];
  for (let i = 0; i < units.length; i++) {
    const [unit, suffix, decimals] = units[i] as [bigint, string, number];
    const scale = 10n ** BigInt(decimals);
    const scaled = divRound(abs * scale, unit);
    if (scaled >= 1000n * scale && i < units.length - 1) continue;
    const whole = groupThousands(String(scaled / scale));
    const frac = String(scaled % scale).padStart(decimals, '0');
    return `${sign}$${whole}.${frac}${suffix}`;
  }
  return `${sign}$${dollars}`;
}

// ---------- Parsing input ----------

export type ParsedAmount = { ok: true; cents: Cents; value: string } | { ok: false; message: string };

/**
 * An amount as typed: '1500', '1500.50', '1,500.50', '$1,500' (spaces around it ignored).
 * Commas are accepted only as thousands separators (groups of three digits); anything else,
 * such as '1,50' or '43750,50', is refused with a message saying so.
 */
export function parseAmountInput(text: string, opts: { maxDigits?: number } = {}): ParsedAmount {
  const maxDigits = opts.maxDigits ?? 13;
  const clean = text.trim().replace(/^\$\s*/, '');
  if (clean === '') return { ok: false, message: 'Enter an amount' };
  if (clean.includes(',')) {
    const [intPart = ''] = clean.split('.');
    if (!/^\d{1,3}(,\d{3})+$/.test(intPart)) {
      return { ok: false, message: 'Use a comma only between groups of three digits (1,500.50); use a point for cents' };
    }
  }
  const plain = clean.replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!m) {
    if (/^\d+\.\d{3,}$/.test(plain)) return { ok: false, message: 'Use at most 2 decimals' };
    if (plain.startsWith('-')) return { ok: false, message: 'Enter an amount that is not negative' };
    return { ok: false, message: 'Enter an amount such as 1500 or 1,500.50' };
  }
  const whole = (m[1] as string).replace(/^0+(?=\d)/, '');
  if (whole.length > maxDigits) return { ok: false, message: 'The amount is too large' };
  const cents = BigInt(whole) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return { ok: true, cents, value: m[2] ? `${whole}.${m[2]}` : whole };
}

/** Percentage input '25', '12.5', '33.3333' -> basis points x100 (1/1,000,000ths), exact. */
export function parsePercent(text: string): bigint | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim().replace(/%$/, ''));
  if (!m) return null;
  return BigInt(m[1] as string) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
}

// ---------- Performance figures ----------

/** IRR is a fraction: 0.164 -> '16.4%'; beyond ±1,000% or below -99.99% bounded text; null -> '—'. */
export function formatIrr(irr: number | null | undefined): string {
  if (irr === null || irr === undefined || Number.isNaN(irr)) return '—';
  if (irr > 10) return '> 1,000%';
  if (irr < -0.9999) return '< -99.99%';
  // Half-up to 0.1% (a ratio's nine decimals are 0.1% in tenths after * 1000); never '-0.0%'.
  return `${roundHalfUp(irr * 100, 1)}%`;
}

/** MOIC (and TVPI, DPI, RVPI) is a multiple: 1.1345 -> '1.13x'. */
export function formatMoic(moic: number | null | undefined): string {
  if (moic === null || moic === undefined || !Number.isFinite(moic)) return '—';
  return `${roundHalfUp(moic, 2)}x`;
}
