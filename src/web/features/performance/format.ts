/**
 * Display formats of the Performance Dashboard (shared with its end-to-end test): the format
 * module's, which isolate a figure left to right in Arabic ('-32.8%' does not turn into '32.8%-')
 * and write it in the user's digits.
 */
export { formatIRR as formatIrr, formatMultiple as formatMoic } from '../../../shared/format';
