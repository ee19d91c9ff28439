import { z } from 'zod';
import { DEFAULT_CONVENTIONS, type WaterfallConventions } from '../../../shared/deal-terms';
import { CLAWBACK_MODES, DAY_COUNTS, PREF_COMPOUNDINGS } from '../../../shared/waterfall';
import { DateInput } from '../../components/ui/date-input';
import { Field } from '../../components/ui/field';
import type { ZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { conventionsText, describeConventions } from '../../lib/waterfall-conventions';

// The texts and the one-line description are shared with the distributions screens (lib).
export { conventionsText, describeConventions };

/** The conventions' fields in the terms editor, as typed. */
export const conventionFields = z.object({
  convCompounding: z.enum(PREF_COMPOUNDINGS),
  convDayCount: z.enum(DAY_COUNTS),
  convClawback: z.enum(CLAWBACK_MODES),
  convTaxRate: z.string(),
  convEscrowRate: z.string(),
  convEscrowReleaseDate: z.string(),
});
export type ConventionFields = z.infer<typeof conventionFields>;

/** Body field -> editor field, for the messages of `conventions.*`. */
export const CONVENTION_PATHS: Record<string, keyof ConventionFields> = {
  'conventions.prefCompounding': 'convCompounding',
  'conventions.dayCount': 'convDayCount',
  'conventions.clawback': 'convClawback',
  'conventions.clawbackTaxRate': 'convTaxRate',
  'conventions.escrowRate': 'convEscrowRate',
  'conventions.escrowReleaseDate': 'convEscrowReleaseDate',
};

export function conventionsToFields(c: WaterfallConventions | undefined): ConventionFields {
  const v = c ?? DEFAULT_CONVENTIONS;
  return {
    convCompounding: v.prefCompounding,
    convDayCount: v.dayCount,
    convClawback: v.clawback,
    convTaxRate: v.clawbackTaxRate,
    convEscrowRate: v.escrowRate,
    convEscrowReleaseDate: v.escrowReleaseDate ?? '',
  };
}

export function fieldsToConventions(f: ConventionFields) {
  return {
    prefCompounding: f.convCompounding,
    dayCount: f.convDayCount,
    clawback: f.convClawback,
    clawbackTaxRate: f.convTaxRate,
    escrowRate: f.convEscrowRate,
    escrowReleaseDate: f.convEscrowReleaseDate === '' ? null : f.convEscrowReleaseDate,
  };
}

/**
 * The terms editor's "Waterfall conventions" group: how the preferred return accrues (simple or
 * compounded, the day count), how a GP clawback is settled (netted or owed, net of tax) and the
 * carry escrow. Its own fieldset so the terms editor stays one form.
 */
export function WaterfallConventionsFieldset<F extends ConventionFields>({
  form,
  fid,
}: {
  form: ZodForm<F, unknown>;
  fid: (name: string) => string;
}) {
  const { t } = conventionsText.useT();
  // The generic form's field names are the conventions' own.
  const f = form as unknown as ZodForm<ConventionFields, unknown>;
  const escrow = f.watch('convEscrowRate');
  const hasEscrow = escrow !== '' && escrow !== '0' && Number(escrow) !== 0;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-describedby={fid('conventions-hint')}>
      <legend className="px-1 text-sm font-semibold text-ink-900">{t('fieldset.legend')}</legend>
      <p id={fid('conventions-hint')} className="text-sm text-muted">
        {t('fieldset.hint')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fieldset.compounding')} htmlFor={fid('convCompounding')} error={f.errorOf('convCompounding')}>
          <NativeSelect
            {...f.field('convCompounding', fid('convCompounding'))}
            options={PREF_COMPOUNDINGS.map((k) => ({ value: k, label: t(`fieldset.compoundingKind.${k}`) }))}
          />
        </Field>
        <Field label={t('fieldset.dayCount')} htmlFor={fid('convDayCount')} error={f.errorOf('convDayCount')}>
          <NativeSelect
            {...f.field('convDayCount', fid('convDayCount'))}
            options={DAY_COUNTS.map((k) => ({ value: k, label: t(`fieldset.dayCountKind.${k}`) }))}
          />
        </Field>
        <Field
          label={t('fieldset.clawback')}
          htmlFor={fid('convClawback')}
          error={f.errorOf('convClawback')}
          hint={t('fieldset.clawbackHint')}
        >
          <NativeSelect
            {...f.field('convClawback', fid('convClawback'), { hint: true })}
            options={CLAWBACK_MODES.map((k) => ({ value: k, label: t(`fieldset.clawbackKind.${k}`) }))}
          />
        </Field>
        <Field label={t('fieldset.taxRate')} htmlFor={fid('convTaxRate')} error={f.errorOf('convTaxRate')} hint={t('fieldset.taxRateHint')}>
          <Input {...f.field('convTaxRate', fid('convTaxRate'), { hint: true })} inputMode="decimal" className="tabular" />
        </Field>
        <Field
          label={t('fieldset.escrowRate')}
          htmlFor={fid('convEscrowRate')}
          error={f.errorOf('convEscrowRate')}
          hint={t('fieldset.escrowRateHint')}
        >
          <Input {...f.field('convEscrowRate', fid('convEscrowRate'), { hint: true })} inputMode="decimal" className="tabular" />
        </Field>
        {hasEscrow && (
          <Field
            label={t('fieldset.escrowReleaseDate')}
            htmlFor={fid('convEscrowReleaseDate')}
            error={f.errorOf('convEscrowReleaseDate')}
            hint={t('fieldset.escrowReleaseHint')}
          >
            <DateInput {...f.field('convEscrowReleaseDate', fid('convEscrowReleaseDate'), { hint: true })} />
          </Field>
        )}
      </div>
    </fieldset>
  );
}
