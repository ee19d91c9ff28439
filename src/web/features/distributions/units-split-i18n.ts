import en from '../../../shared/i18n/en/units-split.json';
import { catalog } from '../../lib/i18n';

/** A distribution on a deal by units at NAV: split by units held on the record date (decision 040). */
export const unitsSplitText = catalog('units-split', en);
