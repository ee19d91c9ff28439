/**
 * The product's languages (issue 16, decision record 021). Catalogues live next to this file,
 * one JSON file per namespace and language (`en/deals.json`, `ar/deals.json`); English is the
 * source, and every key it has, the Arabic catalogue has too (i18n catalogue test).
 */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The locale dates and numbers are formatted in: Arabic month names with Western digits. */
export const DISPLAY_LOCALE: Record<Language, string> = { en: 'en', ar: 'ar-AE-u-nu-latn' };

/**
 * The digits numbers are written with on Arabic pages (issue 16: "Western digits unless the user
 * chooses otherwise"): 'latn' 0123 by default, or 'arab' Arabic-Indic ٠١٢٣. English is always Western.
 */
export const DIGITS = ['latn', 'arab'] as const;
export type Digits = (typeof DIGITS)[number];
export const isDigits = (value: unknown): value is Digits => (DIGITS as readonly unknown[]).includes(value);

/** The display locale of a language with the user's digits: 'ar-AE-u-nu-arab' for Arabic-Indic. */
export const displayLocale = (language: Language, digits: Digits = 'latn'): string =>
  language === 'ar' ? `ar-AE-u-nu-${digits}` : DISPLAY_LOCALE[language];

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

/** The names the Language control shows, each in its own language (the spec's options). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

/** The first of the browser's preferred languages the product speaks (landing and login, before anyone chooses). */
export function preferredLanguage(accepted: readonly string[]): Language | null {
  for (const tag of accepted) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * Keeps embedded text (a deal name, an e-mail address, an amount) from reordering the Arabic
 * sentence around it: FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** The namespaces: one per web feature, `common` for the shell and shared components, `errors` for server and validation messages, `email` for the server's e-mails. */
export const NAMESPACES = [
  'common',
  'errors',
  'email',
  'activity-logs',
  'audit-trail',
  'records',
  'retention',
  'admin-dashboard',
  'auth',
  'capital-account',
  'capital-calls',
  'classification',
  'compliance',
  'deals',
  'distributions',
  'documents',
  'feeds',
  'evidence',
  'investor-compliance',
  'investor-dashboard',
  'investor-deals',
  'jobs',
  'kyc',
  'ownership',
  'landing',
  'messages',
  'not-found',
  'performance',
  'profile',
  'risk',
  'screening',
  'settings',
  'signing',
  'pack-editor',
  'signing-admin',
  'signing-settings',
  'spvs',
  'subscriptions',
  'tax',
  'users',
  'waterfall-conventions',
  'units-split',
  'escrow-payouts',
  'clawback-payments',
  'webhooks',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
