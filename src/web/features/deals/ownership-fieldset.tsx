import type { ComponentProps } from 'react';
import { OWNERSHIP_METHODS, type OwnershipTerms } from '../../../shared/ownership';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { ownershipText } from './ownership-i18n';

type SelectProps = Omit<ComponentProps<typeof NativeSelect>, 'options'>;

/**
 * The deal terms' ownership group (issue 29 part 1, decision 040): how later closers come in
 * (at cost, equalisation at a rate, or units at NAV). The terms editor owns the form; this draws
 * the two controls with their labels, hints and messages.
 */
export function OwnershipFieldset({
  method,
  rate,
  showRate,
  ids,
}: {
  method: { props: SelectProps; error?: string };
  rate: { props: ComponentProps<typeof Input>; error?: string };
  showRate: boolean;
  ids: { method: string; rate: string };
}) {
  const { t } = ownershipText.useT();
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-ink-900">{t('terms.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field label={t('terms.method')} htmlFor={ids.method} error={method.error} hint={t('terms.methodHint')}>
          <NativeSelect {...method.props} options={OWNERSHIP_METHODS.map((m) => ({ value: m, label: t(`terms.methodKind.${m}`) }))} />
        </Field>
        {showRate && (
          <Field label={t('terms.rate')} htmlFor={ids.rate} error={rate.error} hint={t('terms.rateHint')} required>
            <Input {...rate.props} inputMode="decimal" className="tabular" />
          </Field>
        )}
      </div>
    </fieldset>
  );
}

/** 'equalisation at 8% a year' in the current language (the terms' one-line summary). */
export function describeOwnership(o: OwnershipTerms | undefined): string | null {
  if (!o || o.method === 'contributions') return null;
  return ownershipText.t(`terms.describe.${o.method}`, { rate: o.equalisationRate ?? '' });
}
