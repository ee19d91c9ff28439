import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { settingsText } from './i18n';
import {
  hintValues,
  isNotEnforced,
  limitsOf,
  optionLabel,
  type SettingsFieldDef,
  type SettingsFormValues,
  type SettingsKey,
} from './settings-form';
import { TimeZonePicker } from './time-zone-picker';

/** The id of a setting's control (the error summary and the focus-on-error use it). */
export const settingInputId = (key: SettingsKey) => `setting-${key}`;
const inputId = settingInputId;

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

export function SettingField({
  def,
  value,
  error,
  onChange,
  readOnly = false,
}: {
  def: SettingsFieldDef;
  value: SettingsFormValues[SettingsKey];
  error?: string;
  onChange: (value: string | boolean) => void;
  /** Shown to someone who may not change it: an example placeholder would read as a set value. */
  readOnly?: boolean;
}) {
  const { t } = settingsText.useT();
  const label = t(`field.${def.key}.label`);
  // An example (203.0.113.10, smtp.example.com) in a read-only field looks like the value that is
  // set; there an empty field says "Not set" instead.
  const placeholder = readOnly
    ? String(value) === ''
      ? t('form.notSet')
      : undefined
    : def.placeholder
      ? t(`field.${def.key}.placeholder` as never)
      : undefined;
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
  if (def.kind === 'timezone') {
    control = <TimeZonePicker id={id} value={String(value)} error={error} hasHint={Boolean(hint)} onChange={onChange} />;
  } else if (def.kind === 'select') {
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
        rows={def.prose ? 5 : 3}
        maxLength={limits.maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        {...(def.lang ? { lang: def.lang, dir: def.lang === 'ar' ? 'rtl' : 'ltr' } : {})}
        className={def.prose ? undefined : 'font-mono'}
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
        dir={def.dir}
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
