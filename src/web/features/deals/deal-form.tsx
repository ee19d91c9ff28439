import type { ReactNode } from 'react';
import type { z } from 'zod';
import { DEAL_TYPES, RISK_OPTIONS } from '../../../shared/deals';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
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

export type FieldErrors = Partial<Record<string, string>>;

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

/** Parses with a zod schema; on failure, field-level messages (the first message per field). */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!errors[key]) errors[key] = issue.message;
  }
  return { data: null, errors };
}

/** Focuses the first invalid control of a form (after React has rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

type SetField = <K extends keyof DealFormValues>(key: K, value: DealFormValues[K]) => void;

/**
 * The deal fields shared by New Deal Registration and the edit form, laid out in a two-column
 * grid (the parent provides the grid). Extra fields slot in after the type and the target.
 */
export function DealFields({
  idPrefix,
  values,
  errors,
  set,
  afterType,
  afterTarget,
}: {
  idPrefix: string;
  values: DealFormValues;
  errors: FieldErrors;
  set: SetField;
  afterType?: ReactNode;
  afterTarget?: ReactNode;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const spvs = useSpvChoices();
  const names = (spvs.data ?? []).map((s) => s.name);
  const legacy = values.spvChoice && values.spvChoice !== OTHER_SPV && !names.includes(values.spvChoice) ? values.spvChoice : null;
  const spvError = errors.spvEntity;
  const otherId = id('spv-other');

  return (
    <>
      <Field label="Title" htmlFor={id('title')} error={errors.title} required className="sm:col-span-2">
        <Input
          {...fieldProps(id('title'), errors.title)}
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          autoComplete="off"
          maxLength={200}
          aria-required="true"
        />
      </Field>
      <Field label="Deal Type" htmlFor={id('type')} error={errors.type} required>
        <NativeSelect
          {...fieldProps(id('type'), errors.type)}
          value={values.type}
          onChange={(e) => set('type', e.target.value)}
          aria-required="true"
        >
          <option value="">Select deal type</option>
          {DEAL_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {afterType}
      <Field label="Target Amount (USD)" htmlFor={id('target')} error={errors.targetAmount} hint="Whole dollars or cents, e.g. 1250000">
        <Input
          {...fieldProps(id('target'), errors.targetAmount, true)}
          className="tabular"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1250000"
          value={values.targetAmount}
          onChange={(e) => set('targetAmount', e.target.value)}
        />
      </Field>
      {afterTarget}
      <Field label="Expected IRR" htmlFor={id('irr')} error={errors.expectedIrr}>
        <Input
          {...fieldProps(id('irr'), errors.expectedIrr)}
          className="tabular"
          placeholder="e.g. 22%"
          autoComplete="off"
          maxLength={20}
          value={values.expectedIrr}
          onChange={(e) => set('expectedIrr', e.target.value)}
        />
      </Field>
      <Field label="Risk Score" htmlFor={id('risk')} error={errors.riskScore}>
        <NativeSelect
          {...fieldProps(id('risk'), errors.riskScore)}
          value={values.riskScore}
          onChange={(e) => set('riskScore', e.target.value)}
        >
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
          error={values.spvChoice === OTHER_SPV ? undefined : spvError}
          hint={spvs.isError ? 'The SPV list could not be loaded; choose Other to type a name.' : undefined}
        >
          <NativeSelect
            {...fieldProps(id('spv'), values.spvChoice === OTHER_SPV ? undefined : spvError, spvs.isError)}
            value={values.spvChoice}
            onChange={(e) => set('spvChoice', e.target.value)}
          >
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
        {values.spvChoice === OTHER_SPV && (
          <Field label="Other SPV entity" htmlFor={otherId} error={spvError}>
            <Input
              {...fieldProps(otherId, spvError)}
              autoComplete="off"
              maxLength={200}
              placeholder="e.g. Meridian Holdings SPV Ltd"
              value={values.spvOther}
              onChange={(e) => set('spvOther', e.target.value)}
            />
          </Field>
        )}
      </div>
      <Field label="Next Step" htmlFor={id('next')} error={errors.nextStep} className="sm:col-span-2">
        <Input
          {...fieldProps(id('next'), errors.nextStep)}
          autoComplete="off"
          maxLength={300}
          placeholder="e.g. Term sheet review with the sponsor"
          value={values.nextStep}
          onChange={(e) => set('nextStep', e.target.value)}
        />
      </Field>
      <Field label="Description" htmlFor={id('description')} error={errors.description} className="sm:col-span-2">
        <Textarea
          {...fieldProps(id('description'), errors.description)}
          rows={5}
          maxLength={5000}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </Field>
    </>
  );
}
