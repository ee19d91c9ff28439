/** Display formats of the Performance Dashboard (shared with its end-to-end test). */

/** IRR is a fraction: 0.164 -> '16.4%'; null (not computable) -> '—'. */
export function formatIrr(irr: number | null | undefined): string {
  if (irr === null || irr === undefined || !Number.isFinite(irr)) return '—';
  const pct = irr * 100;
  // Avoid '-0.0%'.
  return `${(Math.abs(pct) < 0.05 ? 0 : pct).toFixed(1)}%`;
}

/** MOIC is a multiple: 1.1345 -> '1.13x'. */
export function formatMoic(moic: number | null | undefined): string {
  if (moic === null || moic === undefined || !Number.isFinite(moic)) return '—';
  return `${moic.toFixed(2)}x`;
}
