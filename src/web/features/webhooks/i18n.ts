import en from '../../../shared/i18n/en/webhooks.json';
import { catalog } from '../../lib/i18n';

/** The Webhooks screen's texts (issue 34 part 2, decision 047). */
export const webhooksText = catalog('webhooks', en);
