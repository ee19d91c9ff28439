import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type ResourceKey } from 'i18next';
import { DISPLAY_LOCALE, isLanguage, isolate, LANGUAGES, type Language } from '../shared/i18n/languages.ts';

/**
 * The server's languages (issue 16, decision record 021): one i18next instance of its own (never
 * the web's global one) with the `email` catalogue, and `common` for the enum labels an e-mail
 * names (deal type, document type), read from disk once at start. Everything the server writes
 * for a person (e-mails, statements) is in that person's language: their own choice
 * (`profiles.language`), else the company default (Settings, General tab).
 */
const CATALOGUES = path.resolve(import.meta.dirname, '../shared/i18n');
const SERVER_NAMESPACES = ['email', 'common', 'signing', 'jobs'] as const;

const read = (language: Language, namespace: string): ResourceKey =>
  JSON.parse(readFileSync(path.join(CATALOGUES, language, `${namespace}.json`), 'utf8')) as ResourceKey;

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, read(l, ns)]))])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'email',
  initAsync: false,
  returnNull: false,
  // E-mails escape their HTML themselves; values are isolated where the text is Arabic.
  interpolation: { escapeValue: false },
});

/** A translation function of one language and namespace; keys are checked by the catalogue tests. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function translator(language: Language, namespace: (typeof SERVER_NAMESPACES)[number] = 'email'): Translate {
  const t = instance.getFixedT(language, namespace) as unknown as (key: string, values?: Record<string, unknown>) => unknown;
  return (key, values) => String(t(key, values));
}

/** The person's language: their own choice, else the company's default, else English. */
export function languageFor(own: string | null | undefined, companyDefault: string | null | undefined): Language {
  if (isLanguage(own)) return own;
  if (isLanguage(companyDefault)) return companyDefault;
  return 'en';
}

/** The locale dates and numbers are formatted in for a language (passed explicitly: the server has no default). */
export const localeOf = (language: Language): string => DISPLAY_LOCALE[language];

/**
 * An enum value's label in a language (common.json `enum.<group>.<value>`, a string or
 * `{ label }`); the value itself when the catalogue has none.
 */
export function enumLabel(language: Language, group: string, value: string): string {
  for (const l of [language, 'en'] as const) {
    const label = instance.getResource(l, 'common', `enum.${group}.${value}`) as string | { label?: string } | undefined;
    const text = typeof label === 'string' ? label : label?.label;
    if (text) return text;
  }
  return value;
}

/** Isolates embedded text (names, e-mails, amounts) in an Arabic sentence; English unchanged. */
export const isolateFor = (language: Language, text: string): string => (language === 'ar' ? isolate(text) : text);
