import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Info, RefreshCw, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getDefaultZone } from '../../../shared/dates';
import { formatFigure } from '../../../shared/format';
import en from '../../../shared/i18n/en/settings.json';
import { companyZone, type Office, type Settings } from '../../../shared/settings';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError, serverMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { pageTitle } from '../../lib/company';
import { applyLanguage } from '../../lib/i18n';
import { setCompanyLanguage } from '../../lib/language';
import { setCompanyZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useSaveSettings, useSettings } from './api';
import { EmailTools } from './email-tools';
import { settingsText } from './i18n';
import { OfficesEditor } from './offices-editor';
import {
  errorCount,
  errorsOf,
  firstFieldWithError,
  firstTabWithError,
  hintValues,
  isNotEnforced,
  limitsOf,
  optionLabel,
  SETTINGS_TABS,
  type SettingsErrors,
  type SettingsFieldDef,
  type SettingsFormValues,
  type SettingsKey,
  settingsFieldErrors,
  settingsFormSchema,
  TAB_IDS,
  type TabId,
  toFormValues,
} from './settings-form';

const inputId = (key: SettingsKey) => `setting-${key}`;

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
  const qc = useQueryClient();
  return (stored: Settings) => {
    const zone = companyZone(stored);
    if (zone === getDefaultZone()) return;
    setCompanyZone(zone);
    void qc.invalidateQueries();
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
  // Radix calls this on mouse down and on focus: one history entry per change of tab.
  const setTab = (next: TabId) =>
    next !== (new URLSearchParams(window.location.search).get('tab') ?? 'general') &&
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'general') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: false },
    );
  const [focusKey, setFocusKey] = useState<SettingsKey | null>(null);

  // The guard follows the form's dirty state itself: a save that fails leaves the form dirty (the
  // primitive's guard stops asking after any submit that set no field error).
  useUnsavedChangesGuard(dirty);
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
        {SETTINGS_TABS.map((tb) => (
          <TabsContent key={tb.id} value={tb.id} className="flex flex-col gap-4">
            {tb.sections.map((section) => (
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
                      />
                    ),
                  )}
                </CardContent>
              </Card>
            ))}
            {tb.id === 'email' && <EmailTools unsavedChanges={dirty} />}
          </TabsContent>
        ))}
      </Tabs>

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center justify-end gap-2 sm:gap-3 border-t border-border bg-canvas/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <p className="sr-only me-auto text-sm text-muted sm:not-sr-only" aria-live="polite">
          {dirty ? t('form.unsaved') : t('form.allSaved')}
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

function NotEnforcedNote({ detail }: { detail?: string }) {
  const { t } = settingsText.useT();
  return (
    <span className="inline-flex items-center gap-1 rounded bg-neutral-100 px-1.5 py-0.5 text-xs font-medium text-neutral-700">
      <Info aria-hidden="true" className="size-3.5" />
      {detail ? t('form.notEnforcedDetail', { detail }) : t('form.notEnforced')}
    </span>
  );
}

function RequirementNote({ text }: { text: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-neutral-100 px-1.5 py-0.5 text-xs font-medium text-neutral-700">
      <Info aria-hidden="true" className="size-3.5" />
      {text}
    </span>
  );
}

function hintFor(def: SettingsFieldDef): ReactNode {
  const t = settingsText.t;
  const text = (part: 'hint' | 'notEnforced' | 'requirement') => t(`field.${def.key}.${part}` as never, hintValues(def.key));
  const note = isNotEnforced(def.key) ? (
    <NotEnforcedNote detail={def.notEnforcedDetail ? text('notEnforced') : undefined} />
  ) : def.requirement ? (
    <RequirementNote text={text('requirement')} />
  ) : null;
  if (!def.hint && !note) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {def.hint && <span>{text('hint')}</span>}
      {note}
    </span>
  );
}

function SettingField({
  def,
  value,
  error,
  onChange,
}: {
  def: SettingsFieldDef;
  value: SettingsFormValues[SettingsKey];
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = settingsText.useT();
  const label = t(`field.${def.key}.label`);
  const placeholder = def.placeholder ? t(`field.${def.key}.placeholder` as never) : undefined;
  const id = inputId(def.key);
  const hint = hintFor(def);
  const limits = limitsOf(def.key);
  const wide = def.wide ? 'md:col-span-2' : undefined;

  if (def.kind === 'checkbox') {
    return (
      <div className={cn('flex items-start gap-3 rounded-lg border border-border px-4 py-3', error && 'border-danger-700', wide)}>
        <input
          {...fieldProps(id, error, Boolean(hint))}
          type="checkbox"
          checked={Boolean(value)}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-2.5 size-5 shrink-0 cursor-pointer accent-gold-600"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={id} className="flex min-h-10 cursor-pointer items-center text-sm font-medium text-text">
            {label}
          </label>
          {hint && (
            <p id={`${id}-hint`} className="text-sm text-muted">
              {hint}
            </p>
          )}
          {error && (
            <p id={`${id}-error`} className="text-sm text-danger-700">
              {error}
            </p>
          )}
        </div>
      </div>
    );
  }

  const common = { ...fieldProps(id, error, Boolean(hint)), value: String(value), name: def.key };
  let control: ReactNode;
  if (def.kind === 'select') {
    control = (
      <NativeSelect
        {...common}
        onChange={(e) => onChange(e.target.value)}
        options={(def.options ?? []).map((value) => ({ value, label: optionLabel(def.key, value) }))}
      />
    );
  } else if (def.kind === 'textarea') {
    control = (
      <Textarea
        {...common}
        rows={3}
        maxLength={limits.maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="font-mono"
      />
    );
  } else if (def.kind === 'number') {
    control = (
      <Input
        {...common}
        type="number"
        inputMode="numeric"
        step={1}
        min={limits.min}
        max={limits.max}
        onChange={(e) => onChange(e.target.value)}
        className="tabular"
      />
    );
  } else {
    control = (
      <Input
        {...common}
        type={def.kind}
        maxLength={limits.maxLength}
        placeholder={placeholder}
        autoComplete={def.autoComplete}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} className={wide}>
      {control}
    </Field>
  );
}
