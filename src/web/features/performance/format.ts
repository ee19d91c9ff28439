/** Display formats of the Performance Dashboard (shared with its end-to-end test). */
export { formatIrr, formatMoic } from '../../../shared/money';
