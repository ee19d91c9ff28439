import { useEffect } from 'react';
import type { AppUser } from '../../shared/auth';
import { type Digits, isDigits, isLanguage, type Language, preferredLanguage } from '../../shared/i18n/languages';
import { useAuth } from './auth-context';
import { applyLanguage, currentDigits, currentLanguage } from './i18n';

/**
 * Which language a page is in (issue 16, decision record 021):
 * - signed in: the language on the user's account, else the company default (Settings, General);
 * - landing, login and the other public pages: the visitor's choice on this browser, else the
 *   browser's language when it is English or Arabic, else the company default.
 * A choice made on the login page just before signing in wins and is kept on the account.
 */
const CHOICE_KEY = 'sd-language';
/** Set when the visitor chose in this tab, so a choice someone else left on a shared browser is not saved to another account. */
const CHOSEN_IN_TAB_KEY = 'sd-language-chosen';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The digits chosen on this browser (kept so the login page keeps them after signing out). */
const DIGITS_KEY = 'sd-digits';
export function storedDigits(): Digits {
  const value = storage('local')?.getItem(DIGITS_KEY);
  return isDigits(value) ? value : 'latn';
}

export function storedChoice(): Language | null {
  const value = storage('local')?.getItem(CHOICE_KEY);
  return isLanguage(value) ? value : null;
}

export function companyLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  const value = document.querySelector('meta[name="company-language"]')?.getAttribute('content')?.trim();
  return isLanguage(value) ? value : 'en';
}

/** After Settings saves a new default: pages that follow it switch at once. */
export function setCompanyLanguage(language: Language): void {
  document.querySelector('meta[name="company-language"]')?.setAttribute('content', language);
}

export function visitorLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? null : preferredLanguage(navigator.languages ?? [navigator.language]);
  return storedChoice() ?? browser ?? companyLanguage();
}

export function languageFor(user: Pick<AppUser, 'language'> | null): Language {
  return user ? (user.language ?? companyLanguage()) : visitorLanguage();
}

/** Keeps the page's language in step with who is signed in (rendered once, inside AuthProvider). */
export function LanguageSync(): null {
  const { user, initialized, setLanguage } = useAuth();
  const signedIn = !!user && user.status === 'active';
  const accountLanguage = user?.language ?? null;
  const accountDigits = user?.digits ?? null;
  useEffect(() => {
    if (!initialized) return;
    const digits = signedIn && accountDigits ? accountDigits : storedDigits();
    const chosenHere = storage('session')?.getItem(CHOSEN_IN_TAB_KEY) === '1' ? storedChoice() : null;
    if (signedIn && chosenHere) {
      // Chosen on the login page a moment ago: that choice wins and is kept on the account. Used
      // once, so another account signing in later in this tab keeps its own language.
      storage('session')?.removeItem(CHOSEN_IN_TAB_KEY);
      if (chosenHere !== accountLanguage) void setLanguage(chosenHere).catch(() => undefined);
      if (chosenHere !== currentLanguage()) void applyLanguage(chosenHere, digits);
      return;
    }
    const target = signedIn ? (accountLanguage ?? companyLanguage()) : visitorLanguage();
    if (signedIn && accountLanguage) storage('local')?.setItem(CHOICE_KEY, accountLanguage);
    if (signedIn && accountDigits) storage('local')?.setItem(DIGITS_KEY, accountDigits);
    if (target !== currentLanguage() || digits !== currentDigits()) void applyLanguage(target, digits);
  }, [initialized, signedIn, accountLanguage, accountDigits, setLanguage]);
  return null;
}

/** The Language control's action: switch now, remember it here, and keep it on the account when signed in. */
export async function chooseLanguage(language: Language, keepOnAccount?: (language: Language) => Promise<void>): Promise<void> {
  storage('local')?.setItem(CHOICE_KEY, language);
  storage('session')?.setItem(CHOSEN_IN_TAB_KEY, '1');
  await applyLanguage(language);
  await keepOnAccount?.(language);
}

/** The Digits control's action: write numbers in these digits now, remember them here, and keep them on the account when signed in. */
export async function chooseDigits(digits: Digits, keepOnAccount?: (digits: Digits) => Promise<void>): Promise<void> {
  storage('local')?.setItem(DIGITS_KEY, digits);
  await applyLanguage(currentLanguage(), digits);
  await keepOnAccount?.(digits);
}
