import { type ReactNode, useEffect } from 'react';
import { z } from 'zod';
import { DEAL_TYPES, RISK_OPTIONS } from '../../../shared/deals';
import { Field } from '../../components/ui/field';
import type { ZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { useSpvChoices } from './api';

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
      <Field label="Title" htmlFor={id('title')} error={form.errorOf('title')} required className="sm:col-span-2">
        <Input {...form.field('title', id('title'))} autoComplete="off" maxLength={200} aria-required="true" />
      </Field>
      <Field label="Deal Type" htmlFor={id('type')} error={form.errorOf('type')} required>
        <NativeSelect {...form.field('type', id('type'))} aria-required="true">
          <option value="">Select deal type</option>
          {DEAL_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {afterType}
      <Field
        label="Target Amount (USD)"
        htmlFor={id('target')}
        error={form.errorOf('targetAmount')}
        hint="Whole dollars or cents, e.g. 1250000"
      >
        <Input
          {...form.field('targetAmount', id('target'), { hint: true })}
          className="tabular"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1250000"
        />
      </Field>
      {afterTarget}
      <Field label="Expected IRR" htmlFor={id('irr')} error={form.errorOf('expectedIrr')}>
        <Input {...form.field('expectedIrr', id('irr'))} className="tabular" placeholder="e.g. 22%" autoComplete="off" maxLength={20} />
      </Field>
      <Field label="Risk Score" htmlFor={id('risk')} error={form.errorOf('riskScore')}>
        <NativeSelect {...form.field('riskScore', id('risk'))}>
          <option value="">Select risk score</option>
          {RISK_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex flex-col gap-4 sm:col-span-2 sm:grid sm:grid-cols-2">
        <Field
          label="SPV Entity"
          htmlFor={id('spv')}
          error={form.errorOf('spvChoice')}
          hint={spvs.isError ? 'The SPV list could not be loaded; choose Other to type a name.' : undefined}
        >
          <NativeSelect {...form.field('spvChoice', id('spv'), { hint: spvs.isError })}>
            <option value="">{spvs.isPending ? 'Loading SPVs...' : 'None'}</option>
            {legacy && <option value={legacy}>{legacy}</option>}
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            <option value={OTHER_SPV}>Other (type a name)</option>
          </NativeSelect>
        </Field>
        {other && (
          <Field label="Other SPV entity" htmlFor={id('spv-other')} error={form.errorOf('spvOther')}>
            <Input
              {...form.field('spvOther', id('spv-other'))}
              autoComplete="off"
              maxLength={200}
              placeholder="e.g. Meridian Holdings SPV Ltd"
            />
          </Field>
        )}
      </div>
      <Field label="Next Step" htmlFor={id('next')} error={form.errorOf('nextStep')} className="sm:col-span-2">
        <Input
          {...form.field('nextStep', id('next'))}
          autoComplete="off"
          maxLength={300}
          placeholder="e.g. Term sheet review with the sponsor"
        />
      </Field>
      <Field label="Description" htmlFor={id('description')} error={form.errorOf('description')} className="sm:col-span-2">
        <Textarea {...form.field('description', id('description'))} rows={5} maxLength={5000} />
      </Field>
    </>
  );
}
