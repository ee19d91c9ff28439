import { type DealTerms, percentUnits, tidyPercent } from '../../../shared/deal-terms';
import { dealsText } from './i18n';
import { describeOwnership } from './ownership-fieldset';

/** '8% preferred return, full catch-up, 20% carried interest' in the current language. */
export function describeTerms(
  terms: (Pick<DealTerms, 'hurdleRate' | 'catchUp' | 'catchUpRate' | 'carryRate'> & Partial<Pick<DealTerms, 'ownership'>>) | null,
): string {
  const t = dealsText.t;
  if (!terms) return t('terms.describe.none');
  const hurdle =
    percentUnits(terms.hurdleRate) === 0n
      ? t('terms.describe.noHurdle')
      : t('terms.describe.hurdle', { rate: tidyPercent(terms.hurdleRate) });
  const catchUp =
    terms.catchUp === 'none'
      ? t('terms.describe.noCatchUp')
      : terms.catchUp === 'full'
        ? t('terms.describe.fullCatchUp')
        : t('terms.describe.catchUp', { rate: tidyPercent(terms.catchUpRate) });
  const all = t('terms.describe.all', { hurdle, catchUp, carry: tidyPercent(terms.carryRate) });
  const ownership = describeOwnership(terms.ownership);
  return ownership ? `${all}${t('activity.listSeparator')}${ownership}` : all;
}
