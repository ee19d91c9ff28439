import { Lock, RefreshCw, Undo2 } from 'lucide-react';
import { type Dispatch, type KeyboardEvent, type SetStateAction, useEffect, useState } from 'react';
import { ADMIN_USER_TYPES, type AdminUserType } from '../../../shared/constants';
import { ENVELOPE_DAYS_MAX, ENVELOPE_DAYS_MIN, type SigningSettings } from '../../../shared/signing';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, serverMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useSaveSigningSettings, useSigningSettings } from './api';
import { signingSettingsText } from './i18n';

const DAYS_ID = 'signing-envelope-days';
const TYPES_ID = 'signing-countersign-types';
const BOUNDS = { min: ENVELOPE_DAYS_MIN, max: ENVELOPE_DAYS_MAX };

interface Draft {
  types: AdminUserType[];
  days: string;
}
/**
 * The card's edits as its holder keeps them (null: none, the stored values show). The Settings
 * page holds them, so they outlive a switch of tab (the tab's panel, and the card, unmount).
 */
export type SigningDraft = Draft | null;
export type SigningDraftState = [SigningDraft, Dispatch<SetStateAction<SigningDraft>>];
type Errors = Partial<Record<'types' | 'days', string>>;

const toDraft = (s: SigningSettings): Draft => ({ types: [...s.countersignAdminTypes], days: String(s.envelopeDays) });
const sameDraft = (a: Draft, b: Draft) => a.days === b.days && [...a.types].sort().join() === [...b.types].sort().join();

/** The form's own check, with the schema's bounds (src/shared/signing.ts); the server checks again. */
export function validateSigningDraft(draft: Draft): { errors: Errors; value?: SigningSettings } {
  const t = signingSettingsText.t;
  const errors: Errors = {};
  if (draft.types.length === 0) errors.types = t('countersign.required');
  const trimmed = draft.days.trim();
  const days = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isInteger(days) || days < ENVELOPE_DAYS_MIN || days > ENVELOPE_DAYS_MAX) errors.days = t('days.invalid', BOUNDS);
  if (errors.types || errors.days) return { errors };
  // Stored in the fixed order of the admin types, whatever order they were ticked in.
  const types = ADMIN_USER_TYPES.filter((type) => draft.types.includes(type));
  return { errors, value: { countersignAdminTypes: types, envelopeDays: days } };
}

/**
 * The Subscription agreements card on the Security tab (issue 30: "a setting: which admin types
 * may countersign; default founder and legal", and the days an agreement stays open). It saves
 * on its own (PUT /api/signing/settings, founders only); another admin sees it read-only. It sits
 * inside the settings <form>, so it is a group with a button, never a nested form.
 */
export function SigningSettingsCard({
  locked,
  onUnsavedChange,
  draftState,
}: {
  locked: boolean;
  onUnsavedChange?: (unsaved: boolean) => void;
  draftState?: SigningDraftState;
}) {
  const { t } = signingSettingsText.useT();
  const settings = useSigningSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <SigningSettingsFields stored={settings.data} locked={locked} onUnsavedChange={onUnsavedChange} draftState={draftState} />
        ) : settings.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-sm text-danger-700">
              {settings.error instanceof ApiError ? (serverMessage(settings.error) ?? t('loadFailed')) : t('loadFailed')}
            </p>
            <Button type="button" variant="secondary" onClick={() => void settings.refetch()} busy={settings.isFetching}>
              <RefreshCw aria-hidden="true" />
              {t('retry')}
            </Button>
          </div>
        ) : (
          <p role="status" className="flex items-center gap-3 text-sm text-muted">
            <Spinner />
            {t('loading')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SigningSettingsFields({
  stored,
  locked,
  onUnsavedChange,
  draftState,
}: {
  stored: SigningSettings;
  locked: boolean;
  onUnsavedChange?: ((unsaved: boolean) => void) | undefined;
  draftState?: SigningDraftState | undefined;
}) {
  const { t } = signingSettingsText.useT();
  const save = useSaveSigningSettings();
  // The edits are the holder's when it keeps them (the Settings page), else this card's own.
  const ownDraft = useState<SigningDraft>(null);
  const [held, setHeld] = draftState ?? ownDraft;
  const draft = held ?? toDraft(stored);
  const setDraft = (next: (d: Draft) => Draft) => setHeld((d) => next(d ?? toDraft(stored)));
  const lifted = draftState !== undefined;
  const [errors, setErrors] = useState<Errors>({});
  const [focus, setFocus] = useState<'types' | 'days' | null>(null);
  const dirty = !sameDraft(draft, toDraft(stored));
  // Inside the Settings page, the page's one guard and bottom bar count these edits (one question
  // on leaving, never "All changes saved" beside them); on its own, the card guards them itself.
  const unsaved = dirty && !locked;
  useUnsavedChangesGuard(unsaved && !onUnsavedChange);
  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [onUnsavedChange, unsaved]);
  // Unmounted with a draft of its own, the draft is gone: nothing of it is unsaved any more. A
  // draft its holder keeps stays unsaved (a switch of tab keeps it).
  useEffect(() => () => (lifted ? undefined : onUnsavedChange?.(false)), [onUnsavedChange, lifted]);

  useEffect(() => {
    if (!focus) return;
    const el = focus === 'days' ? document.getElementById(DAYS_ID) : document.getElementById(`${TYPES_ID}-${ADMIN_USER_TYPES[0]}`);
    el?.focus();
    setFocus(null);
  }, [focus]);

  function toggle(type: AdminUserType, on: boolean) {
    setDraft((d) => ({ ...d, types: on ? [...d.types.filter((x) => x !== type), type] : d.types.filter((x) => x !== type) }));
    if (errors.types) setErrors((e) => ({ ...e, types: undefined }));
  }

  async function onSave() {
    const checked = validateSigningDraft(draft);
    if (!checked.value) {
      setErrors(checked.errors);
      setFocus(checked.errors.types ? 'types' : 'days');
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(checked.value);
      setHeld(toDraft(saved));
      toast.success(t('saved'));
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      setErrors({ types: fields.countersignAdminTypes, days: fields.envelopeDays });
      const description = err instanceof ApiError && err.status !== 500 ? serverMessage(err) : undefined;
      toast.error(t('saveFailed'), description ? { description } : undefined);
    }
  }

  // Enter in the days field saves this card, not the settings form around it.
  function onDaysKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!locked) void onSave();
  }

  const reasonId = 'signing-settings-founders-only';
  return (
    <div className="flex flex-col gap-5">
      {locked && (
        <p
          id={reasonId}
          className="flex items-start gap-2 rounded-lg border border-border bg-neutral-100 px-4 py-3 text-sm text-neutral-700"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t('foundersOnly')}</span>
        </p>
      )}
      <fieldset
        id={TYPES_ID}
        disabled={locked}
        aria-describedby={[`${TYPES_ID}-hint`, errors.types ? `${TYPES_ID}-error` : '', locked ? reasonId : ''].filter(Boolean).join(' ')}
        className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
      >
        <legend className="mb-1 text-sm font-medium text-text">{t('countersign.legend')}</legend>
        <p id={`${TYPES_ID}-hint`} className="text-sm text-muted">
          {t('countersign.hint')}
        </p>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {ADMIN_USER_TYPES.map((type) => (
            <label
              key={type}
              htmlFor={`${TYPES_ID}-${type}`}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-4 py-2 text-sm"
            >
              <input
                id={`${TYPES_ID}-${type}`}
                type="checkbox"
                checked={draft.types.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                className="size-5 shrink-0 accent-gold-600"
              />
              {t(`type.${type}`)}
            </label>
          ))}
        </div>
        {errors.types && (
          <p id={`${TYPES_ID}-error`} className="text-sm text-danger-700">
            {errors.types}
          </p>
        )}
      </fieldset>
      <div className="flex max-w-sm flex-col gap-1.5">
        <label htmlFor={DAYS_ID} className="w-fit text-sm font-medium text-text">
          {t('days.label')}
        </label>
        <Input
          {...fieldProps(DAYS_ID, errors.days, true)}
          inputMode="numeric"
          value={draft.days}
          disabled={locked}
          placeholder={locked ? t('days.notSet') : undefined}
          onChange={(e) => {
            const days = e.target.value;
            setDraft((d) => ({ ...d, days }));
            if (errors.days) setErrors((er) => ({ ...er, days: undefined }));
          }}
          onKeyDown={onDaysKey}
        />
        <p id={`${DAYS_ID}-hint`} className="text-sm text-muted">
          {t('days.hint', BOUNDS)}
        </p>
        {errors.days && (
          <p id={`${DAYS_ID}-error`} className="text-sm text-danger-700">
            {errors.days}
          </p>
        )}
      </div>
      {!locked && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <p className="me-auto text-sm text-muted" aria-live="polite">
            {dirty ? t('unsaved') : ''}
          </p>
          <Button
            type="button"
            variant="ghost"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setHeld(null);
              setErrors({});
            }}
          >
            <Undo2 aria-hidden="true" />
            {t('discard')}
          </Button>
          <Button type="button" onClick={() => void onSave()} busy={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </div>
      )}
    </div>
  );
}
