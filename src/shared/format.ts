import { formatUsdWhole, toCents } from './money.ts';

/** USD without decimals (spec section 9), rounded half-up on exact cents. Accepts numbers or decimal strings from the API. */
export function formatUSD(value: number | string | bigint | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'bigint') return formatUsdWhole(value);
  try {
    return formatUsdWhole(toCents(typeof value === 'number' ? value : value.trim()));
  } catch {
    return '—';
  }
}

/** Dates are formatted by the date module; re-exported here for the screens that import them with USD. */
export { formatDate, formatDateTime } from './dates.ts';

/**
 * USD exactly as stored, for amounts that must match to the cent (a subscription being confirmed,
 * a total beside its parts): '$10,000' when whole, '$10,000.01' otherwise. Works on the decimal
 * string, never through a float.
 */
export function formatUSDExact(value: string | null | undefined): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec((value ?? '').trim());
  if (!m) return '—';
  const [, sign, whole = '0', frac = ''] = m;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = frac.padEnd(2, '0');
  return `${sign}$${grouped}${cents === '00' ? '' : `.${cents}`}`;
}

/** A file size as the upload lists show it: '512 B', '14 KB', '2.5 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "1 minute", "15 minutes": a count with its noun, never "minute(s)". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
