import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { fieldFitsPage, isFieldKind, MIN_FIELD_PT, roundPt } from '../../../shared/pdf-placement';
import { FIELD_KINDS, type PlacedField } from '../../../shared/signing';
import { Button } from '../../components/ui/button';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { packEditorText } from './pack-editor-i18n';
import type { PageGeometry } from './pdf-document';

type Key = 'page' | 'x' | 'y' | 'w' | 'h';
const KEYS: Key[] = ['page', 'x', 'y', 'w', 'h'];

/** A number typed in the form: digits with an optional decimal point (no exponents, no signs but minus). */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The selected field as numbers (decision record 056): its kind, page and position in PDF points
 * from the page's bottom-left. The keyboard-and-screen-reader fallback to dragging; every value is
 * checked against the page before it is applied.
 */
export function FieldForm({
  field,
  geometry,
  onApply,
  onRemove,
}: {
  field: PlacedField;
  geometry: PageGeometry[];
  onApply: (next: PlacedField) => void;
  onRemove: () => void;
}) {
  const { t } = packEditorText.useT();
  const id = useId();
  const [kind, setKind] = useState(field.kind);
  const [values, setValues] = useState<Record<Key, string>>({
    page: String(field.page),
    x: String(field.x),
    y: String(field.y),
    w: String(field.w),
    h: String(field.h),
  });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<Key, string>> = {};
    const n: Partial<Record<Key, number>> = {};
    for (const k of KEYS) {
      const v = values[k].trim();
      if (!NUMBER.test(v)) found[k] = t('errors.number');
      else n[k] = Number(v);
    }
    if (n.page !== undefined && (!Number.isInteger(n.page) || n.page < 1 || n.page > geometry.length))
      found.page = t('errors.page', { max: geometry.length });
    for (const k of ['w', 'h'] as const) {
      const v = n[k];
      if (v !== undefined && v < MIN_FIELD_PT) found[k] = t('errors.size', { min: MIN_FIELD_PT });
    }
    const page = n.page !== undefined ? geometry[n.page - 1] : undefined;
    if (page && Object.keys(found).length === 0) {
      const [x0, y0, x1, y1] = page.viewBox;
      const rect = { x: n.x ?? 0, y: n.y ?? 0, w: n.w ?? 0, h: n.h ?? 0 };
      if (!fieldFitsPage(rect, page)) {
        const fitsX = rect.x >= x0 && rect.x + rect.w <= x1 + 0.5;
        const fitsY = rect.y >= y0 && rect.y + rect.h <= y1 + 0.5;
        const msg = t('errors.outside', { width: roundPt(x1 - x0), height: roundPt(y1 - y0) });
        if (!fitsX) found.x = msg;
        if (!fitsY) found.y = msg;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${KEYS.find((k) => found[k])}`)?.focus();
      return;
    }
    onApply({
      kind,
      page: n.page ?? field.page,
      x: roundPt(n.x ?? 0),
      y: roundPt(n.y ?? 0),
      w: roundPt(n.w ?? 0),
      h: roundPt(n.h ?? 0),
    });
  }

  return (
    <form className="flex flex-col gap-3 rounded-lg border border-border p-3" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        {t('form.title')}
      </h3>
      <p className="text-xs text-muted">{t('form.hint')}</p>
      <Field label={t('form.kind')} htmlFor={`${id}-kind`}>
        <NativeSelect
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => isFieldKind(e.target.value) && setKind(e.target.value)}
          options={FIELD_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {KEYS.map((k) => (
          <Field
            key={k}
            label={t(`form.${k}`)}
            htmlFor={`${id}-${k}`}
            error={errors[k]}
            className={k === 'page' ? 'col-span-2' : undefined}
          >
            <Input
              {...fieldProps(`${id}-${k}`, errors[k])}
              inputMode="decimal"
              value={values[k]}
              onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
            />
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          {t('form.apply')}
        </Button>
        <Button type="button" size="sm" variant="danger" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {t('form.remove')}
        </Button>
      </div>
    </form>
  );
}
