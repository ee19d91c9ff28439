import { Hash, Languages, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DIGITS, type Digits, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { common, currentDigits, currentLanguage } from '../../lib/i18n';
import { chooseDigits, chooseLanguage } from '../../lib/language';
import { toast } from '../../lib/toast';

type Tone = 'light' | 'dark';

/** A labelled select of one display preference, busy while the choice is being saved. */
function PreferenceSelect<T extends string>(props: {
  icon: LucideIcon;
  label: string;
  value: T;
  options: readonly { value: T; label: string; lang?: string }[];
  choose: (value: T) => Promise<void>;
  failed: string;
  tone: Tone;
  className?: string;
}) {
  const { icon: Icon, tone } = props;
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onChange(value: T) {
    setBusy(true);
    try {
      await props.choose(value);
    } catch {
      toast.error(props.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={cn('flex items-center gap-2', props.className)}>
      <Icon aria-hidden="true" className={cn('size-4 shrink-0', tone === 'dark' ? 'text-ink-100' : 'text-muted')} />
      <label htmlFor={id} className={cn('text-sm', tone === 'dark' ? 'text-ink-100' : 'text-muted')}>
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        disabled={busy}
        aria-busy={busy}
        onChange={(e) => void onChange(e.target.value as T)}
        className={cn(
          'h-9 min-w-0 flex-1 cursor-pointer rounded-md border px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500',
          tone === 'dark' ? 'border-ink-700 bg-ink-900 text-white' : 'border-border bg-surface text-ink-900',
        )}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The "Language" control (issue 16): in the sidebar footer and on the login page. Options are
 * each language's own name ("English", "العربية"). Signed in, the choice is kept on the account;
 * otherwise on this browser.
 */
export function LanguageSelect({ tone = 'light', className }: { tone?: Tone; className?: string }) {
  const { t } = common.useT();
  const { user, setLanguage } = useAuth();
  const signedIn = !!user && user.status === 'active';
  return (
    <PreferenceSelect
      icon={Languages}
      label={t('language.label')}
      value={currentLanguage()}
      options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language }))}
      choose={(language: Language) => chooseLanguage(language, signedIn ? setLanguage : undefined)}
      failed={t('language.saveFailed')}
      tone={tone}
      className={className}
    />
  );
}

/**
 * The digits numbers are written in on Arabic pages (issue 16: "Western digits unless the user
 * chooses otherwise"): shown under the Language control while the page is in Arabic, kept on the
 * account like the language.
 */
export function DigitsSelect({ tone = 'light', className }: { tone?: Tone; className?: string }) {
  const { t } = common.useT();
  const { user, setDigits } = useAuth();
  const signedIn = !!user && user.status === 'active';
  if (currentLanguage() !== 'ar') return null;
  const names: Record<Digits, string> = { latn: t('language.digitsLatn'), arab: t('language.digitsArab') };
  return (
    <PreferenceSelect
      icon={Hash}
      label={t('language.digits')}
      value={currentDigits()}
      options={DIGITS.map((digits) => ({ value: digits, label: names[digits] }))}
      choose={(digits: Digits) => chooseDigits(digits, signedIn ? setDigits : undefined)}
      failed={t('language.digitsSaveFailed')}
      tone={tone}
      className={className}
    />
  );
}
