import type { WaterfallConventions } from '../../shared/deal-terms';
import en from '../../shared/i18n/en/waterfall-conventions.json';
import { catalog } from './i18n';

/** The waterfall conventions' texts (decision record 039), used by the deals and distributions screens. */
export const conventionsText = catalog('waterfall-conventions', en);

/** One line: 'Simple interest on 30/360, clawback recorded as owed, net of 25% tax, 10% of carry in escrow until …'. */
export function describeConventions(c: WaterfallConventions, formatDate: (iso: string) => string): string {
  const t = conventionsText.t;
  const parts = [
    t('describe.accrual', {
      compounding: t(`fieldset.compoundingKind.${c.prefCompounding}`),
      dayCount: t(`fieldset.dayCountKind.${c.dayCount}`),
    }),
    t(c.clawback === 'net' ? 'describe.net' : 'describe.owed'),
  ];
  if (Number(c.clawbackTaxRate) > 0) parts.push(t('describe.tax', { rate: c.clawbackTaxRate }));
  if (Number(c.escrowRate) > 0)
    parts.push(
      c.escrowReleaseDate
        ? t('describe.escrowDate', { rate: c.escrowRate, date: formatDate(c.escrowReleaseDate) })
        : t('describe.escrowFinal', { rate: c.escrowRate }),
    );
  return parts.join(t('describe.separator'));
}
