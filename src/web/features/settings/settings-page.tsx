import { CircleAlert, Lock, RefreshCw, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getDefaultZone } from '../../../shared/dates';
import { formatFigure } from '../../../shared/format';
import en from '../../../shared/i18n/en/settings.json';
import { companyZone, type Office, type Settings } from '../../../shared/settings';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError, serverMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { pageTitle } from '../../lib/company';
import { applyLanguage } from '../../lib/i18n';
import { setCompanyLanguage } from '../../lib/language';
import { setCompanyZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useRefreshEverything, useSaveSettings, useSettings } from './api';
import { EmailTools } from './email-tools';
import { settingsText } from './i18n';
import { OfficesEditor } from './offices-editor';
import { settingInputId as inputId, SettingField } from './setting-field';
import {
  errorCount,
  errorsOf,
  firstFieldWithError,
  firstTabWithError,
  SETTINGS_TABS,
  type SettingsErrors,
  type SettingsFormValues,
  type SettingsKey,
  settingsFieldErrors,
  settingsFormSchema,
  TAB_IDS,
  type TabId,
  toFormValues,
} from './settings-form';
import { type SigningDraft, SigningSettingsCard } from './signing-settings-card';

/** The served HTML names the firm (meta + title); keep this page in step after a save. */
function applyCompanyName(name: string) {
  document.querySelector('meta[name="company-name"]')?.setAttribute('content', name);
  document.title = pageTitle(settingsText.t('title'));
}

/**
 * A new time zone moves "today" at once (decision record 020): every status the server derived
 * (due, overdue, the tiles) is read again, and the screen re-renders in the new zone. Last in the
 * save's success handler: the screen is rendered anew.
 */
function useApplyCompanyZone() {
  const refreshEverything = useRefreshEverything();
  return (stored: Settings) => {
    const zone = companyZone(stored);
    if (zone === getDefaultZone()) return;
    setCompanyZone(zone);
    refreshEverything();
  };
}

/**
 * A new company language takes effect at once (issue 16): pages that follow the company default
 * read it from the page, and a signed-in user without a language of their own switches now.
 */
async function applyCompanyLanguage(language: Settings['language'], accountLanguage: string | null): Promise<void> {
  setCompanyLanguage(language);
  if (accountLanguage === null) await applyLanguage(language).catch(() => undefined);
}

export default function SettingsPage() {
  const { t } = settingsText.useT();
  const settings = useSettings();

  const failedAt = settings.isError ? settings.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(settingsText.t('load.failed'), { id: 'settings-load-failed' });
  }, [failedAt]);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : settings.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface p-8 text-center">
          <p className="font-medium text-ink-900">{t('load.failed')}</p>
          <p className="text-sm text-muted">{t('load.checkConnection')}</p>
          <Button variant="secondary" onClick={() => void settings.refetch()} busy={settings.isFetching}>
            <RefreshCw aria-hidden="true" />
            {t('load.retry')}
          </Button>
        </div>
      ) : (
        <div role="status" className="flex items-center gap-3 rounded-xl border border-border bg-surface p-8 text-sm text-muted">
          <Spinner />
          {t('load.loading')}
        </div>
      )}
    </>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = settingsText.useT();
  const { user } = useAuth();
  const save = useSaveSettings();
  const applyCompanyZone = useApplyCompanyZone();
  // The form primitive (decision 018) over the shared settings schema; focus across tabs is ours
  // (a field on a closed tab is not mounted), so react-hook-form's own focus is off.
  const form = useZodForm(settingsFormSchema, { defaultValues: toFormValues(initial), shouldFocusError: false });
  const values = form.watch() as SettingsFormValues;
  const errors = errorsOf(form.formState.errors);
  const dirty = form.formState.isDirty;
  // The open tab lives in the URL (?tab=profile), so a refresh, a link or Back keeps it.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as TabId | null;
  const tab: TabId = tabParam && TAB_IDS.includes(tabParam) ? tabParam : 'general';
  // Radix calls this on mouse down and on focus, before the page renders again: one history entry
  // per change of tab. The tab last asked for is kept here (the router's URL, not the window's, so
  // a MemoryRouter switches tabs too), and follows the URL when it changes (Back, a link).
  const askedTab = useRef(tab);
  useEffect(() => {
    askedTab.current = tab;
  }, [tab]);
  const setTab = (next: TabId) => {
    if (next === askedTab.current) return;
    askedTab.current = next;
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'general') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: false },
    );
  };
  const [focusKey, setFocusKey] = useState<SettingsKey | null>(null);

  // The guard follows the form's dirty state itself: a save that fails leaves the form dirty (the
  // primitive's guard stops asking after any submit that set no field error).
  // The signing card (Security tab) saves on its own but its edits are this page's too: one
  // question on leaving, and the bottom bar never says "All changes saved" beside them.
  // Its edits are held here, so a switch of tab (which unmounts the card) keeps them.
  const [signingUnsaved, setSigningUnsaved] = useState(false);
  const signingDraft = useState<SigningDraft>(null);
  useUnsavedChangesGuard(dirty || signingUnsaved);
  const totalErrors = Object.keys(errors).length;

  // After switching to the tab with the first error, move focus to that field. The tab's panel
  // mounts a frame later (Radix Presence), so try again for a few frames.
  useEffect(() => {
    if (!focusKey) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const el = document.getElementById(inputId(focusKey));
      if (el) {
        el.focus();
        setFocusKey(null);
      } else if (tries++ < 20) {
        frame = requestAnimationFrame(attempt);
      }
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focusKey]);

  function set<K extends SettingsKey>(key: K, value: SettingsFormValues[K]) {
    form.setValue(key, value as never, { shouldDirty: true });
    // A corrected field drops its message; the others stay until the next save.
    if (form.getFieldState(key).error) form.clearErrors(key);
  }

  function showErrors(next: SettingsErrors) {
    const firstTab = firstTabWithError(next);
    if (firstTab) setTab(firstTab);
    setFocusKey(firstFieldWithError(next));
  }

  const onSubmit = form.handleSubmit(
    async (data) => {
      try {
        const stored = await save.mutateAsync(data);
        form.reset(toFormValues(stored));
        applyCompanyName(stored.companyName);
        // A new company language first, so the toast is in the language the screen is now in.
        await applyCompanyLanguage(stored.language, user?.language ?? null);
        toast.success(settingsText.t('toast.saved'));
        applyCompanyZone(stored);
      } catch (err) {
        const fields = err instanceof ApiError ? settingsFieldErrors(err.fields) : {};
        const description =
          err instanceof ApiError && err.status !== 500 && err.message !== en.toast.saveFailed ? serverMessage(err) : undefined;
        toast.error(t('toast.saveFailed'), description ? { description } : undefined);
        for (const [key, message] of Object.entries(fields)) form.setError(key as SettingsKey, { type: 'server', message });
        if (Object.keys(fields).length > 0) showErrors(fields);
      }
    },
    (invalid) => showErrors(errorsOf(invalid)),
  );

  function discard() {
    form.reset();
  }

  // The Security tab and the e-mail server are the founders' (issue 27, decision 027): other
  // admins see them read-only, and why.
  const foundersOnlyLocked = user?.role === 'admin' && user.userType !== 'founder';
  const tabsWithErrors = SETTINGS_TABS.filter((tb) => errorCount(tb, errors) > 0).map((tb) => t(`tab.${tb.id}`));

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('form.label')}>
      {totalErrors > 0 && (
        <div
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-lg border border-danger-700/30 bg-danger-100 px-4 py-3 text-sm text-danger-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {t(tabsWithErrors.length === 1 ? 'form.nothingSaved' : 'form.nothingSavedTabs', {
              count: totalErrors,
              tabs: tabsWithErrors.join(t('form.separator')),
            })}
          </span>
        </div>
      )}
      <Tabs value={tab} onValueChange={(v) => setTab(v as TabId)}>
        <TabsList aria-label={t('form.sections')} className="flex-wrap sm:flex-nowrap">
          {SETTINGS_TABS.map((tb) => {
            const n = errorCount(tb, errors);
            return (
              <TabsTrigger key={tb.id} value={tb.id}>
                {t(`tab.${tb.id}`)}
                {n > 0 && (
                  <span className="inline-flex items-center gap-0.5 rounded-full bg-danger-100 px-1.5 text-xs font-semibold text-danger-700">
                    <CircleAlert aria-hidden="true" className="size-3" />
                    <span aria-hidden="true">{formatFigure(n)}</span>
                    <span className="sr-only">{t('form.tabErrors', { count: n })}</span>
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {SETTINGS_TABS.map((tb) => {
          // The tabs another admin sees read-only (issue 27): the Security tab and the e-mail server.
          const locked = foundersOnlyLocked && (tb.id === 'security' || tb.id === 'email');
          const cards = tb.sections.map((section) => (
            <Card key={section.id}>
              <CardHeader>
                <CardTitle>{t(`section.${section.id}.title`)}</CardTitle>
                <CardDescription>{t(`section.${section.id}.description`)}</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-2">
                {section.fields.map((def) =>
                  def.kind === 'offices' ? (
                    <OfficesEditor
                      key={def.key}
                      id={inputId(def.key)}
                      value={values.offices}
                      error={errors.offices}
                      onChange={(v: Office[]) => set('offices', v)}
                    />
                  ) : (
                    <SettingField
                      key={def.key}
                      def={def}
                      value={values[def.key]}
                      error={errors[def.key]}
                      onChange={(v) => set(def.key, v as never)}
                      readOnly={locked}
                    />
                  ),
                )}
              </CardContent>
            </Card>
          ));
          // Who countersigns subscription agreements (issue 30) saves on its own, founders only.
          if (tb.id === 'security')
            cards.push(
              <SigningSettingsCard
                key="signing"
                locked={foundersOnlyLocked}
                onUnsavedChange={setSigningUnsaved}
                draftState={signingDraft}
              />,
            );
          return (
            <TabsContent key={tb.id} value={tb.id} className="flex flex-col gap-4">
              {foundersOnlyLocked && tb.id === 'security' ? (
                <FoundersOnly reason="securityFoundersOnly" legend={t('tab.security')}>
                  {cards}
                </FoundersOnly>
              ) : foundersOnlyLocked && tb.id === 'email' ? (
                <FoundersOnly reason="emailServerFoundersOnly" legend={t('section.emailServer.title')}>
                  {cards}
                </FoundersOnly>
              ) : (
                cards
              )}
              {tb.id === 'email' && <EmailTools unsavedChanges={dirty} />}
            </TabsContent>
          );
        })}
      </Tabs>

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center justify-end gap-2 sm:gap-3 border-t border-border bg-canvas/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <p className="sr-only me-auto text-sm text-muted sm:not-sr-only" aria-live="polite">
          {dirty ? t('form.unsaved') : signingUnsaved ? t('form.unsavedSigning') : t('form.allSaved')}
        </p>
        <Button type="button" variant="ghost" onClick={discard} disabled={!dirty || form.busy}>
          <Undo2 aria-hidden="true" />
          {t('form.discard')}
        </Button>
        <Button type="submit" busy={form.busy}>
          {form.busy ? t('form.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A part of the settings only founders change (the Security tab, the e-mail server; issue 27), as
 * another admin sees it: every control disabled by the fieldset, with the reason above them and
 * announced with each control.
 */
function FoundersOnly({
  reason,
  legend,
  children,
}: {
  reason: 'securityFoundersOnly' | 'emailServerFoundersOnly';
  legend: string;
  children: ReactNode;
}) {
  const { t } = settingsText.useT();
  const id = `${reason}-reason`;
  return (
    <>
      <p id={id} className="flex items-start gap-2 rounded-lg border border-border bg-neutral-100 px-4 py-3 text-sm text-neutral-700">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t(`form.${reason}`)}</span>
      </p>
      <fieldset disabled aria-describedby={id} className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
        <legend className="sr-only">{legend}</legend>
        {children}
      </fieldset>
    </>
  );
}
