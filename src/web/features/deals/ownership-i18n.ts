import en from '../../../shared/i18n/en/ownership.json';
import { catalog } from '../../lib/i18n';

/** Later closes: the terms' ownership group, equalisation and units (issue 29 part 1, decision 040). */
export const ownershipText = catalog('ownership', en);
