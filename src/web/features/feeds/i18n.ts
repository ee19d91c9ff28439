import en from '../../../shared/i18n/en/feeds.json';
import { catalog } from '../../lib/i18n';

/** The investor feeds' texts (issue 34 part 3): the calendar feed card and the ILPA downloads. */
export const feedsText = catalog('feeds', en);
