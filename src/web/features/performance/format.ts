import { getDefaultLocale } from '../../../shared/format';
import { formatIrr as irr, formatMoic as moic } from '../../../shared/money';

/**
 * Display formats of the Performance Dashboard (shared with its end-to-end test). In Arabic a
 * figure is isolated left to right, so '-32.8%' does not turn into '32.8%-' in a right-to-left cell.
 */
const ltr = (text: string): string => (getDefaultLocale().startsWith('ar') ? `\u2066${text}\u2069` : text);

export const formatIrr = (value: Parameters<typeof irr>[0]): string => ltr(irr(value));
export const formatMoic = (value: Parameters<typeof moic>[0]): string => ltr(moic(value));
