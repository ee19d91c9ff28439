import { CircleAlert, Plus, Trash2 } from 'lucide-react';
import { MAX_OFFICES, type Office } from '../../../shared/settings';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { settingsText } from './i18n';

const EMPTY: Office = { city: '', role: '', address: '', phone: '', email: '' };

/** An office's fields; the labels are `offices.<key>` in the catalogue. */
const FIELDS: { key: keyof Office; type: 'text' | 'tel' | 'email'; wide?: boolean }[] = [
  { key: 'city', type: 'text' },
  { key: 'role', type: 'text' },
  { key: 'address', type: 'text', wide: true },
  { key: 'phone', type: 'tel' },
  { key: 'email', type: 'email' },
];

/**
 * The firm's offices, edited as a list (the landing page shows them in this order). `id` is the
 * first control's id, so the Settings form can move focus here when an office has an error.
 */
export function OfficesEditor({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: Office[];
  error?: string;
  onChange: (value: Office[]) => void;
}) {
  const { t } = settingsText.useT();
  // The office an error names ('Office 2: …'), so its fields are marked invalid.
  const invalidOffice = (i: number) => !!error?.startsWith(t('form.office', { number: i + 1, message: '\u0000' }).split('\u0000')[0] ?? '');
  const update = (i: number, key: keyof Office, text: string) => onChange(value.map((o, j) => (j === i ? { ...o, [key]: text } : o)));
  return (
    <div className="flex flex-col gap-4 md:col-span-2">
      {value.length === 0 && (
        <p className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted">{t('offices.none')}</p>
      )}
      {value.map((office, i) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: offices have no id; the position is their identity while editing
          key={i}
          className="grid grid-cols-1 gap-x-6 gap-y-4 rounded-lg border border-border p-4 md:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold text-ink-900">{t('offices.legend', { number: i + 1 })}</legend>
          {FIELDS.map((f) => {
            const fieldId = i === 0 && f.key === 'city' ? id : `office-${i}-${f.key}`;
            return (
              <Field
                key={f.key}
                label={t(`offices.${f.key}`)}
                htmlFor={fieldId}
                required={f.key === 'city'}
                className={f.wide ? 'md:col-span-2' : undefined}
              >
                <Input
                  id={fieldId}
                  name={`offices.${i}.${f.key}`}
                  type={f.type}
                  autoComplete="off"
                  value={office[f.key]}
                  aria-invalid={invalidOffice(i) ? true : undefined}
                  aria-describedby={invalidOffice(i) ? `${id}-error` : undefined}
                  onChange={(e) => update(i, f.key, e.target.value)}
                />
              </Field>
            );
          })}
          <div className="md:col-span-2">
            <Button type="button" variant="ghost" onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" />
              {t('offices.remove', { number: i + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      {error && (
        <p id={`${id}-error`} className="flex items-center gap-1.5 text-sm text-danger-700">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {error}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="secondary"
          id={value.length === 0 ? id : undefined}
          disabled={value.length >= MAX_OFFICES}
          onClick={() => onChange([...value, { ...EMPTY }])}
        >
          <Plus aria-hidden="true" />
          {t('offices.add')}
        </Button>
      </div>
    </div>
  );
}
