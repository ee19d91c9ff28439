import { type ReactNode, useEffect } from 'react';
import { z } from 'zod';
import { DEAL_TYPES, RISK_SCORES } from '../../../shared/deals';
import { Field } from '../../components/ui/field';
import type { ZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { enumLabel } from '../../lib/i18n';
import { useSpvChoices } from './api';
import { dealsText } from './i18n';

/** What the deal forms hold: everything as typed, so a draft can keep it verbatim. */
export interface DealFormValues {
  title: string;
  type: string;
  targetAmount: string;
  expectedIrr: string;
  riskScore: string;
  /** An SPV name from GET /api/spvs, '' for none, or OTHER_SPV for free text. */
  spvChoice: string;
  spvOther: string;
  nextStep: string;
  description: string;
}

export const OTHER_SPV = '__other__';
const SPV_FIELDS = [['spvChoice', 'spvOther']] as const;

export const EMPTY_DEAL_FORM: DealFormValues = {
  title: '',
  type: '',
  targetAmount: '',
  expectedIrr: '',
  riskScore: '',
  spvChoice: '',
  spvOther: '',
  nextStep: '',
  description: '',
};

export function spvEntityOf(v: Pick<DealFormValues, 'spvChoice' | 'spvOther'>): string {
  return v.spvChoice === OTHER_SPV ? v.spvOther : v.spvChoice;
}

/** The body the create/update endpoints take, from the form (empty strings become null on the server and in zod). */
export function dealBody(v: DealFormValues) {
  return {
    title: v.title,
    // An empty choice is 'missing' so that zod says 'Deal type is required'.
    type: (v.type || undefined) as (typeof DEAL_TYPES)[number] | undefined,
    targetAmount: v.targetAmount,
    expectedIrr: v.expectedIrr,
    riskScore: v.riskScore,
    spvEntity: spvEntityOf(v),
    nextStep: v.nextStep,
    description: v.description,
  };
}

/** The form's values as strings, checked by a shared deal schema over the body they make. */
const formStrings = z.object({
  title: z.string(),
  type: z.string(),
  targetAmount: z.string(),
  expectedIrr: z.string(),
  riskScore: z.string(),
  spvChoice: z.string(),
  spvOther: z.string(),
  nextStep: z.string(),
  description: z.string(),
  status: z.string().optional(),
  stage: z.string().optional(),
});
export type FormStrings = z.input<typeof formStrings>;

/**
 * A form schema for useZodForm: the values as typed, validated by `shared` (createDealInput or
 * updateDealInput, the server's own rules) over `toBody(values)`; the body's `spvEntity` error
 * lands on the field that holds it (the choice, or the 'Other' name).
 */
export function dealFormSchema<S extends z.ZodType>(shared: S, toBody: (v: FormStrings) => unknown) {
  return formStrings
    .superRefine((v, ctx) => {
      const result = shared.safeParse(toBody(v));
      if (result.success) return;
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        let key = String(issue.path[0] ?? 'title');
        if (key === 'spvEntity') key = v.spvChoice === OTHER_SPV ? 'spvOther' : 'spvChoice';
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.addIssue({ code: 'custom', path: [key], message: issue.message });
      }
    })
    .transform((v) => shared.parse(toBody(v)) as z.output<S>);
}

/**
 * The deal fields shared by New Deal Registration and the edit form, laid out in a two-column
 * grid (the parent provides the grid). Extra fields slot in after the type and the target.
 */
export function DealFields<O>({
  idPrefix,
  form,
  afterType,
  afterTarget,
}: {
  idPrefix: string;
  form: ZodForm<FormStrings, O>;
  afterType?: ReactNode;
  afterTarget?: ReactNode;
}) {
  const { t } = dealsText.useT();
  const id = (name: string) => `${idPrefix}-${name}`;
  const spvs = useSpvChoices();
  const names = (spvs.data ?? []).map((s) => s.name);
  const spvChoice = form.watch('spvChoice');
  // An SPV that is not (or no longer) among the SPVs stays an option while chosen.
  const legacy = spvChoice && spvChoice !== OTHER_SPV && !names.includes(spvChoice) ? spvChoice : null;
  const other = spvChoice === OTHER_SPV;
  useClearErrorOnChange(form, SPV_FIELDS);
  // The select is uncontrolled: when the list arrives, its option replaces the placeholder one; keep the choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply only when the options change.
  useEffect(() => {
    form.setValue('spvChoice', form.getValues('spvChoice'));
  }, [spvs.data]);

  return (
    <>
      <Field label={t('form.title')} htmlFor={id('title')} error={form.errorOf('title')} required className="sm:col-span-2">
        <Input {...form.field('title', id('title'))} autoComplete="off" maxLength={200} aria-required="true" />
      </Field>
      <Field label={t('form.type')} htmlFor={id('type')} error={form.errorOf('type')} required>
        <NativeSelect {...form.field('type', id('type'))} aria-required="true">
          <option value="">{t('form.typePlaceholder')}</option>
          {DEAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {enumLabel('dealType', type)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {afterType}
      <Field label={t('form.target')} htmlFor={id('target')} error={form.errorOf('targetAmount')} hint={t('form.targetHint')}>
        <Input
          {...form.field('targetAmount', id('target'), { hint: true })}
          className="tabular"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('form.targetPlaceholder')}
        />
      </Field>
      {afterTarget}
      <Field label={t('form.irr')} htmlFor={id('irr')} error={form.errorOf('expectedIrr')}>
        <Input
          {...form.field('expectedIrr', id('irr'))}
          className="tabular"
          placeholder={t('form.irrPlaceholder')}
          autoComplete="off"
          maxLength={20}
        />
      </Field>
      <Field label={t('form.risk')} htmlFor={id('risk')} error={form.errorOf('riskScore')}>
        <NativeSelect {...form.field('riskScore', id('risk'))}>
          <option value="">{t('form.riskPlaceholder')}</option>
          {RISK_SCORES.map((score, i) => (
            <option key={score} value={score}>
              {t('form.riskOption', { score, word: t(`form.riskWord.${i as 0}`) })}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex flex-col gap-4 sm:col-span-2 sm:grid sm:grid-cols-2">
        <Field
          label={t('form.spv')}
          htmlFor={id('spv')}
          error={form.errorOf('spvChoice')}
          hint={spvs.isError ? t('form.spvLoadError') : undefined}
        >
          <NativeSelect {...form.field('spvChoice', id('spv'), { hint: spvs.isError })}>
            <option value="">{spvs.isPending ? t('form.spvLoading') : t('form.spvNone')}</option>
            {legacy && <option value={legacy}>{legacy}</option>}
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            <option value={OTHER_SPV}>{t('form.spvOtherOption')}</option>
          </NativeSelect>
        </Field>
        {other && (
          <Field label={t('form.spvOther')} htmlFor={id('spv-other')} error={form.errorOf('spvOther')}>
            <Input
              {...form.field('spvOther', id('spv-other'))}
              autoComplete="off"
              maxLength={200}
              placeholder={t('form.spvOtherPlaceholder')}
            />
          </Field>
        )}
      </div>
      <Field label={t('form.nextStep')} htmlFor={id('next')} error={form.errorOf('nextStep')} className="sm:col-span-2">
        <Input {...form.field('nextStep', id('next'))} autoComplete="off" maxLength={300} placeholder={t('form.nextStepPlaceholder')} />
      </Field>
      <Field label={t('form.description')} htmlFor={id('description')} error={form.errorOf('description')} className="sm:col-span-2">
        <Textarea {...form.field('description', id('description'))} rows={5} maxLength={5000} />
      </Field>
    </>
  );
}
