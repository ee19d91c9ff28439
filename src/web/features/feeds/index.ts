// The investor feeds' public entry (issue 34 part 3): what other features' screens place.
export { ilpaUrls } from './api';
export { CalendarFeedCard } from './calendar-feed-card';
export { feedsText } from './i18n';
export { IlpaDownload } from './ilpa-download';
export { IlpaNoticesPanel } from './ilpa-period';
