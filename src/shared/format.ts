const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** USD without decimals (spec section 9). Accepts numbers or decimal strings from the API. */
export function formatUSD(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '—';
  return usd.format(n);
}

/** Dates are formatted by the date module; re-exported here for the screens that import them with USD. */
export { formatDate, formatDateTime } from './dates.ts';

/** A file size as the upload lists show it: '512 B', '14 KB', '2.5 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
