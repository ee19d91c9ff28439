import i18next, { type BackendModule, type FormatterModule, type PostProcessorModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { formatDate, getDefaultLocale, setDefaultLocale } from '../../shared/dates';
import { localeDigits } from '../../shared/digits';
import enCommon from '../../shared/i18n/en/common.json';
import { type Digits, directionOf, displayLocale, isLanguage, isolate, type Language, type Namespace } from '../../shared/i18n/languages';

/**
 * The web's languages (issue 16, decision record 021), on i18next + react-i18next.
 *
 * - English is the source. `common` (shell, shared components) is in the main chunk; each
 *   feature registers its own English catalogue when its code loads (`catalog('deals', en)` in
 *   the feature's i18n.ts), so English needs no extra request and the landing page ships only
 *   its own strings.
 * - Arabic catalogues load on demand (one small chunk per namespace) the first time a screen
 *   needs them; the components suspend meanwhile. English users never download them.
 * - Text interpolated into an Arabic sentence (names, e-mails, amounts) is isolated (FSI…PDI)
 *   so it does not reorder the sentence around it.
 */
// Only the Arabic files: English catalogues stay inside their feature's chunk (a static import).
const lazyCatalogues = import.meta.glob<{ default: ResourceKey }>('../../shared/i18n/ar/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyCatalogues[`../../shared/i18n/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** A value that is a number written as text ('8', '1,250', '16.4', '25%'): written in the user's digits like a number. */
const NUMERIC_TEXT = /^[-+]?\d[\d,]*(\.\d+)?%?$/;

/**
 * Counts and numbers put into a sentence ('{{count}} investors') in the user's digits: Arabic-Indic
 * when they chose them on Arabic pages, else as they are (no catalogue uses i18next's named formats).
 */
const digitsFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // i18next hands every interpolated value here (alwaysFormat) and writes the answer as it is.
  format: (value) =>
    typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && NUMERIC_TEXT.test(value))
      ? localeDigits(String(value), getDefaultLocale())
      : value,
};

/**
 * The numbers a catalogue sentence writes itself ('within 7 days', '100%') in the user's digits.
 * Only the catalogue's own text: interpolated values arrive isolated (FSI/LRI ... PDI) and were
 * formatted already, and a digit joined to Latin letters is part of a name ('IPv4', 'AES-256',
 * 'UTC+4') and stays as it is, as does a dotted address ('203.0.113.10'); an identifier written in the
 * catalogue (an IBAN example) is isolated there.
 */
const CATALOGUE_NUMBER = /(?<![A-Za-z][-+]?|[\d.,/])\d[\d,]*(?:\.\d+)?%?(?![-]?[A-Za-z]|\.\d|\d)/g;
export function catalogueDigits(text: string, locale: string = getDefaultLocale()): string {
  if (!locale.includes('-nu-arab') || !/[0-9]/.test(text)) return text;
  return text
    .split(/([\u2066-\u2068][^\u2069]*\u2069)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(CATALOGUE_NUMBER, (number) => localeDigits(number, locale))))
    .join('');
}

const digitsPostProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: 'localeDigits',
  process: (value: string) => catalogueDigits(value),
};

void i18next
  .use(initReactI18next)
  .use(lazyBackend)
  .use(digitsFormatter)
  .use(digitsPostProcessor)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'ar'],
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon } },
    partialBundledLanguages: true,
    initAsync: false,
    returnNull: false,
    postProcess: ['localeDigits'],
    interpolation: {
      // React escapes what it renders; the "escape" step isolates interpolated values in Arabic.
      escapeValue: true,
      alwaysFormat: true,
      escape: (value: string) => (i18next.dir() === 'rtl' ? isolate(value) : value),
    },
    // Re-render when a catalogue arrives or is added, not only on a language change, so a screen
    // whose namespace loads after the switch still shows it.
    react: { useSuspense: true, bindI18n: 'languageChanged loaded', bindI18nStore: 'added' },
  });

/**
 * A feature's catalogue: registers its English strings and returns the feature's hook and a
 * `t` for code outside components (toasts in mutation callbacks, column definitions).
 */
export function catalog<N extends Exclude<Namespace, 'errors' | 'email'>>(namespace: N, english: ResourceKey) {
  i18next.addResourceBundle('en', namespace, english, true, true);
  return {
    useT: () => useTranslation(namespace),
    t: i18next.getFixedT(null, namespace),
  };
}

/** The shell's and shared components' strings. */
export const common = {
  useT: () => useTranslation('common'),
  t: i18next.getFixedT(null, 'common'),
};

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'en');

let digitsChoice: Digits = 'latn';
/** The digits Arabic pages write numbers in: the user's choice, Western unless they chose otherwise. */
export const currentDigits = (): Digits => digitsChoice;

/** Applies a language (and the digits it writes numbers in) to the page: catalogues, `<html lang dir>`, formats, and the Arabic font. */
export async function applyLanguage(language: Language, digits: Digits = digitsChoice): Promise<void> {
  digitsChoice = digits;
  const locale = displayLocale(language, digits);
  const localeChanged = locale !== getDefaultLocale();
  setDefaultLocale(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    // The Arabic font is bundled and fetched only for Arabic (issue 16: no outside requests).
    if (language === 'ar') void import('@fontsource-variable/noto-sans-arabic/wght.css');
  }
  if (i18next.language === language) {
    // Same language, other digits: everything on screen renders again in them.
    if (localeChanged) await i18next.changeLanguage(language);
    return;
  }
  // Every namespace on screen loads before the switch, so the page changes language in one step
  // instead of falling back to a loading screen while the catalogues arrive.
  const used = (i18next as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  const namespaces = new Set([...(i18next.options.ns as string[]), ...used, ...(language === 'en' ? [] : ['errors'])]);
  i18next.options.ns = [...namespaces];
  await i18next.changeLanguage(language);
}

/**
 * A server or validation message (English, as the API sends it) in the current language: the
 * `errors` catalogue maps each message to its translation; a message with values in it matches
 * a catalogue pattern (`Maximum {{max}} files`). Unknown messages stay as sent.
 *
 * A pattern says what kind of value it catches when the value is English words or an ISO date
 * (`This application is {{status, kycStatus}}`), and the value is shown in the current language:
 * - an enum group of common.json (`kycStatus`, `subscriptionStatus`, `notificationTopic`…): its
 *   label (`enumLabel`), whatever case or `_`/space spelling the server used;
 * - `date`: a calendar day ('2026-07-03') as every date on screen (`formatDate`);
 * - `text`: a fixed English text that is itself a key of the errors catalogue (record labels,
 *   waterfall field names).
 * A comma-separated list is translated item by item. Numbers, amounts and user input are caught
 * without a kind and stay as they are.
 */
export function translateMessage(message: string): string {
  if (currentLanguage() === 'en' || !message) return message;
  const bundle = i18next.getResourceBundle(currentLanguage(), 'errors') as Record<string, string> | undefined;
  if (!bundle) return message;
  const exact = bundle[message];
  if (exact) return catalogueDigits(exact);
  for (const [pattern, translation] of patternsOf(bundle)) {
    const m = pattern.regex.exec(message);
    if (m)
      return catalogueDigits(
        pattern.names.reduce(
          (text, name, i) => text.replaceAll(`{{${name}}}`, isolate(valueIn(pattern.kinds[i], m[i + 1] ?? '', bundle))),
          translation,
        ),
      );
  }
  return message;
}

/** The kinds of value a pattern can name (`{{name, kind}}`) besides the enum groups. */
const VALUE_KINDS = ['date', 'text'] as const;

/** Whether a pattern's `{{name, kind}}` names a kind translateMessage knows (a test checks every pattern). */
export const isValueKind = (kind: string): boolean =>
  (VALUE_KINDS as readonly string[]).includes(kind) || kind in (enCommon.enum as Record<string, unknown>);

const normalise = (text: string) => text.toLowerCase().replaceAll('_', ' ').trim();

/** A caught value in the current language, by its kind (see translateMessage). */
function valueIn(kind: string | undefined, value: string, bundle: Record<string, string>): string {
  if (!kind) return NUMERIC_TEXT.test(value) ? localeDigits(value, getDefaultLocale()) : value;
  const one = (item: string): string | null => {
    if (kind === 'date') return ISO_DAY.test(item) ? formatDate(item) : null;
    if (kind === 'text') return bundle[item] ?? null;
    const group = (enCommon.enum as Record<string, Record<string, string | { label: string }>>)[kind];
    if (!group) return null;
    const wanted = normalise(item);
    const key = Object.entries(group).find(
      ([k, label]) => normalise(k) === wanted || normalise(typeof label === 'string' ? label : label.label) === wanted,
    )?.[0];
    return key ? enumLabel(kind as EnumGroup, key) : null;
  };
  const whole = one(value);
  if (whole !== null) return whole;
  const items = value.split(', ').map(one);
  return items.length > 1 && items.every((t) => t !== null) ? items.join(currentLanguage() === 'ar' ? '، ' : ', ') : value;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `{{name}}` or `{{name, kind}}` in a pattern key. */
const PLACEHOLDER = /^\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}$/;

const patternCache = new WeakMap<object, [{ regex: RegExp; names: string[]; kinds: (string | undefined)[] }, string][]>();
function patternsOf(bundle: Record<string, string>) {
  let patterns = patternCache.get(bundle);
  if (!patterns) {
    patterns = [];
    for (const [key, value] of Object.entries(bundle)) {
      if (!key.includes('{{')) continue;
      const names: string[] = [];
      const kinds: (string | undefined)[] = [];
      const source = key
        .split(/(\{\{[^}]*\}\})/)
        .map((part) => {
          const placeholder = PLACEHOLDER.exec(part);
          if (placeholder) {
            names.push(placeholder[1] as string);
            kinds.push(placeholder[2]);
            return '(.+?)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      patterns.push([{ regex: new RegExp(`^${source}$`), names, kinds }, value]);
    }
    patternCache.set(bundle, patterns);
  }
  return patterns;
}

export { i18next };

type EnumGroup = keyof (typeof enCommon)['enum'];

/**
 * The label of a value of one of the product's enums (deal stage, KYC status, user type…) in the
 * current language, e.g. enumLabel('dealStage', 'Post-Investment'). The English labels are the
 * spec's; an unknown value shows as it is.
 */
export function enumLabel(group: EnumGroup, value: string | null | undefined): string {
  if (!value) return '';
  const labels = (i18next.getResource(currentLanguage(), 'common', `enum.${group}`) ??
    i18next.getResource('en', 'common', `enum.${group}`)) as Record<string, string | { label: string }> | undefined;
  const label = labels?.[value];
  return typeof label === 'string' ? label : (label?.label ?? value);
}
