import { formatNumber } from '../../../shared/format';
import en from '../../../shared/i18n/en/deals.json';
import { catalog } from '../../lib/i18n';

/** The deal screens' texts (issue 16). */
export const dealsText = catalog('deals', en);

/** '1 deal', '12 deals', '1,000+ deals' in the current language. */
export function dealsLabel(total: number, capped = false): string {
  const formatted = formatNumber(total);
  return capped
    ? dealsText.t('pipeline.dealsCapped', { total: formatted })
    : dealsText.t('pipeline.deals', { count: total, total: formatted });
}

/** A stage's badge count: '12', '1,000+'. */
export function countLabel(total: number, capped = false): string {
  const formatted = formatNumber(total);
  return capped ? dealsText.t('pipeline.countCapped', { total: formatted }) : formatted;
}
