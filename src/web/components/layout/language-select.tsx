import { Languages } from 'lucide-react';
import { useId, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { common, currentLanguage } from '../../lib/i18n';
import { chooseLanguage } from '../../lib/language';
import { toast } from '../../lib/toast';

/**
 * The "Language" control (issue 16): in the sidebar footer and on the login page. Options are
 * each language's own name ("English", "العربية"). Signed in, the choice is kept on the account;
 * otherwise on this browser.
 */
export function LanguageSelect({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t } = common.useT();
  const { user, setLanguage } = useAuth();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const signedIn = !!user && user.status === 'active';

  async function onChange(language: Language) {
    setBusy(true);
    try {
      await chooseLanguage(language, signedIn ? setLanguage : undefined);
    } catch {
      toast.error(t('language.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Languages aria-hidden="true" className={cn('size-4 shrink-0', tone === 'dark' ? 'text-ink-100' : 'text-muted')} />
      <label htmlFor={id} className={cn('text-sm', tone === 'dark' ? 'text-ink-100' : 'text-muted')}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        disabled={busy}
        aria-busy={busy}
        onChange={(e) => void onChange(e.target.value as Language)}
        className={cn(
          'h-9 min-w-0 flex-1 cursor-pointer rounded-md border px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500',
          tone === 'dark' ? 'border-ink-700 bg-ink-900 text-white' : 'border-border bg-surface text-ink-900',
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
