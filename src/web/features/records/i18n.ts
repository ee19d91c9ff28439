import en from '../../../shared/i18n/en/records.json';
import { catalog } from '../../lib/i18n';

/** Data-subject requests' texts (decision 051): the investor's card on the profile and the admins' queue. */
export const recordsText = catalog('records', en);
