import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { type FieldPath, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import {
  CATCH_UP_KINDS,
  type DealTerms,
  type DealTermsData,
  type DealTermsInput,
  dealTermsInput,
  FEE_BASES,
  FEE_METHODS,
} from '../../../shared/deal-terms';
import { formatDate, formatFigure } from '../../../shared/format';
import { OWNERSHIP_METHODS } from '../../../shared/ownership';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useDealTerms, useSaveDealTerms } from './api';
import { describeTerms } from './deal-terms-summary';
import { dealsText } from './i18n';
import { OwnershipFieldset } from './ownership-fieldset';
import {
  CONVENTION_PATHS,
  conventionFields,
  conventionsToFields,
  describeConventions,
  fieldsToConventions,
  WaterfallConventionsFieldset,
} from './waterfall-conventions-fieldset';

const recipientSchema = z.object({ kind: z.enum(['gp', 'admin']), name: z.string(), userId: z.string(), share: z.string() });

/** The editor's fields as typed; `toBody` makes the shared `dealTermsInput` body of them. */
const formFields = z
  .object({
    hurdleRate: z.string(),
    catchUp: z.enum(CATCH_UP_KINDS),
    catchUpRate: z.string(),
    carryRate: z.string(),
    recipients: z.array(recipientSchema),
    fee: z.boolean(),
    feeRate: z.string(),
    feeBasis: z.string(),
    feeMethod: z.string(),
    ownershipMethod: z.enum(OWNERSHIP_METHODS),
    equalisationRate: z.string(),
  })
  .extend(conventionFields.shape);
type FormState = z.infer<typeof formFields>;

/** Where a body field's message shows in the editor (`managementFee.rate` is the `feeRate` field). */
function formPath(bodyPath: string): string {
  const fee: Record<string, string> = {
    'managementFee.rate': 'feeRate',
    'managementFee.basis': 'feeBasis',
    'managementFee.method': 'feeMethod',
    'ownership.method': 'ownershipMethod',
    'ownership.equalisationRate': 'equalisationRate',
  };
  return fee[bodyPath] ?? CONVENTION_PATHS[bodyPath] ?? bodyPath.replace(/^carryRecipients\b/, 'recipients');
}

/** The form schema: the shared rules over the body the editor sends (the server applies the same). */
const termsForm = formFields.transform((f, ctx): DealTermsInput => {
  const parsed = dealTermsInput.safeParse(toBody(f));
  if (parsed.success) return parsed.data;
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const path = formPath(issue.path.map(String).join('.') || 'recipients');
    if (seen.has(path)) continue;
    seen.add(path);
    ctx.addIssue({ code: 'custom', path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.message });
  }
  return z.NEVER;
});

function fromTerms(t: DealTerms | null): FormState {
  if (!t)
    return {
      hurdleRate: '8',
      catchUp: 'full',
      catchUpRate: '',
      carryRate: '20',
      recipients: [{ kind: 'gp', name: '', userId: '', share: '100' }],
      fee: false,
      feeRate: '2',
      feeBasis: 'commitments',
      feeMethod: 'capital_call',
      ...conventionsToFields(undefined),
      ownershipMethod: 'contributions',
      equalisationRate: '8',
    };
  return {
    hurdleRate: t.hurdleRate,
    catchUp: t.catchUp,
    catchUpRate: t.catchUp === 'partial' ? t.catchUpRate : '',
    carryRate: t.carryRate,
    recipients: t.carryRecipients.map((r) => ({
      kind: r.kind,
      name: r.kind === 'gp' ? r.name : '',
      userId: r.userId ?? '',
      share: r.share,
    })),
    fee: t.managementFee !== null,
    feeRate: t.managementFee?.rate ?? '2',
    feeBasis: t.managementFee?.basis ?? 'commitments',
    feeMethod: t.managementFee?.method ?? 'capital_call',
    ...conventionsToFields(t.conventions),
    ownershipMethod: t.ownership.method,
    equalisationRate: t.ownership.equalisationRate ?? '8',
  };
}

function toBody(f: FormState) {
  return {
    hurdleRate: f.hurdleRate,
    catchUp: f.catchUp,
    ...(f.catchUp === 'partial' ? { catchUpRate: f.catchUpRate } : {}),
    carryRate: f.carryRate,
    carryRecipients: f.recipients.map((r) =>
      r.kind === 'gp'
        ? { kind: 'gp' as const, name: r.name, share: r.share }
        : { kind: 'admin' as const, userId: r.userId, share: r.share },
    ),
    managementFee: f.fee ? { rate: f.feeRate, basis: f.feeBasis, method: f.feeMethod } : null,
    conventions: fieldsToConventions(f),
    ownership: { method: f.ownershipMethod, equalisationRate: f.ownershipMethod === 'equalisation' ? f.equalisationRate : null },
  };
}

/** The deal's economic terms (admin): editor with field-level messages, and the version history. */
export function DealTermsCard({ dealId }: { dealId: string }) {
  const { t } = dealsText.useT();
  const query = useDealTerms(dealId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('terms.title')}</CardTitle>
        <CardDescription>{t('terms.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {query.isPending ? (
          <Skeleton className="h-40" label={t('terms.loading')} />
        ) : query.isError ? (
          <p className="text-sm text-danger-700">{t('terms.loadFailed')}</p>
        ) : (
          <TermsEditor key={query.data.current?.id ?? 'none'} dealId={dealId} data={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function TermsEditor({ dealId, data }: { dealId: string; data: DealTermsData }) {
  const { t } = dealsText.useT();
  const form = useZodForm(termsForm, { defaultValues: fromTerms(data.current), guardUnsaved: true });
  const recipients = useFieldArray({ control: form.control, name: 'recipients' });
  const formId = useId();
  const current = data.current;
  const save = useSaveDealTerms(dealId);
  // Set on a refusal whose only message is the shares' total: it takes the focus once it is drawn.
  const focusTotal = useRef(false);

  const submit = form.handleSubmit(
    async (body) => {
      try {
        await save.mutateAsync(body);
      } catch (err) {
        const rename = Object.fromEntries(
          Object.keys(err instanceof ApiError ? (err.fields ?? {}) : {}).map((k) => [k, formPath(k) as FieldPath<FormState>]),
        );
        toast.error(form.applyServerError(err, { fallback: t('terms.saveFailed'), rename }));
      }
    },
    (errors) => {
      // The shares' total has no control of its own: its message takes the focus when it is the only one.
      if (Object.keys(errors).length === 1 && errors.recipients?.root) focusTotal.current = true;
    },
  );
  const recipientsError = form.formState.errors.recipients?.root?.message ?? form.formState.errors.recipients?.message;
  // After the render that draws the message (at the refusal it is not in the page yet).
  useEffect(() => {
    if (!focusTotal.current || !recipientsError) return;
    focusTotal.current = false;
    document.getElementById(fid('carryRecipients'))?.focus();
  });
  const catchUp = form.watch('catchUp');
  const fee = form.watch('fee');
  const kinds = form.watch('recipients');
  const ownershipMethod = form.watch('ownershipMethod');

  const fid = (name: string) => `${formId}-${name.replaceAll('.', '-')}`;
  const used = current !== null && current.distributionCount > 0;

  return (
    <>
      <p className="text-sm text-text" data-testid="terms-summary">
        <span className="font-medium">{current ? t('terms.inForceVersion', { version: current.version }) : t('terms.inForce')}</span>{' '}
        {describeTerms(current)}
        {current && (
          <span className="block text-muted" data-testid="terms-conventions">
            {describeConventions(current.conventions, formatDate)}
          </span>
        )}
      </p>
      <form onSubmit={submit} noValidate aria-label={t('terms.form')} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('terms.hurdle')}
            htmlFor={fid('hurdleRate')}
            error={form.errorOf('hurdleRate')}
            hint={t('terms.hurdleHint')}
            required
          >
            <Input {...form.field('hurdleRate', fid('hurdleRate'), { hint: true })} inputMode="decimal" className="tabular" />
          </Field>
          <Field label={t('terms.carry')} htmlFor={fid('carryRate')} error={form.errorOf('carryRate')} required>
            <Input {...form.field('carryRate', fid('carryRate'))} inputMode="decimal" className="tabular" />
          </Field>
          <Field label={t('terms.catchUp')} htmlFor={fid('catchUp')} error={form.errorOf('catchUp')} required>
            <NativeSelect
              {...form.field('catchUp', fid('catchUp'))}
              options={CATCH_UP_KINDS.map((k) => ({ value: k, label: t(`terms.catchUpKind.${k}`) }))}
            />
          </Field>
          {catchUp === 'partial' && (
            <Field
              label={t('terms.catchUpRate')}
              htmlFor={fid('catchUpRate')}
              error={form.errorOf('catchUpRate')}
              hint={t('terms.catchUpRateHint')}
              required
            >
              <Input {...form.field('catchUpRate', fid('catchUpRate'), { hint: true })} inputMode="decimal" className="tabular" />
            </Field>
          )}
        </div>

        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold text-ink-900">{t('terms.recipients')}</legend>
          {recipientsError && (
            <p id={fid('carryRecipients')} tabIndex={-1} role="alert" className="text-sm text-danger-700">
              {recipientsError}
            </p>
          )}
          {recipients.fields.map((row, i) => (
            <div key={row.id} className="grid items-end gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_7rem_auto]">
              <Field label={t('terms.recipient', { number: i + 1 })} htmlFor={fid(`recipients.${i}.kind`)}>
                <NativeSelect
                  {...form.field(`recipients.${i}.kind`, fid(`recipients.${i}.kind`))}
                  options={[
                    { value: 'gp', label: t('terms.kindGp') },
                    { value: 'admin', label: t('terms.kindAdmin') },
                  ]}
                />
              </Field>
              {kinds[i]?.kind === 'admin' ? (
                <Field label={t('terms.admin')} htmlFor={fid(`recipients.${i}.userId`)} error={form.errorOf(`recipients.${i}.userId`)}>
                  <NativeSelect
                    {...form.field(`recipients.${i}.userId`, fid(`recipients.${i}.userId`))}
                    placeholder={t('terms.adminPlaceholder')}
                    options={data.administrators.map((a) => ({ value: a.id, label: a.name }))}
                  />
                </Field>
              ) : (
                <Field label={t('terms.gpName')} htmlFor={fid(`recipients.${i}.name`)} error={form.errorOf(`recipients.${i}.name`)}>
                  <Input {...form.field(`recipients.${i}.name`, fid(`recipients.${i}.name`))} />
                </Field>
              )}
              <Field label={t('terms.share')} htmlFor={fid(`recipients.${i}.share`)} error={form.errorOf(`recipients.${i}.share`)}>
                <Input {...form.field(`recipients.${i}.share`, fid(`recipients.${i}.share`))} inputMode="decimal" className="tabular" />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('terms.remove', { number: i + 1 })}
                onClick={() => recipients.remove(i)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => recipients.append({ kind: 'admin', name: '', userId: '', share: '' }, { shouldFocus: false })}
            >
              <Plus aria-hidden="true" />
              {t('terms.add')}
            </Button>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold text-ink-900">{t('terms.fee')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register('fee')} />
            {t('terms.feeCharge')}
          </label>
          {fee && (
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label={t('terms.feeRate')} htmlFor={fid('feeRate')} error={form.errorOf('feeRate')}>
                <Input {...form.field('feeRate', fid('feeRate'))} inputMode="decimal" className="tabular" />
              </Field>
              <Field label={t('terms.chargedOn')} htmlFor={fid('feeBasis')} error={form.errorOf('feeBasis')}>
                <NativeSelect
                  {...form.field('feeBasis', fid('feeBasis'))}
                  options={FEE_BASES.map((b) => ({ value: b, label: t(`feeBasis.${b}`) }))}
                />
              </Field>
              <Field label={t('terms.chargedBy')} htmlFor={fid('feeMethod')} error={form.errorOf('feeMethod')}>
                <NativeSelect
                  {...form.field('feeMethod', fid('feeMethod'))}
                  options={FEE_METHODS.map((m) => ({ value: m, label: t(`feeMethod.${m}`) }))}
                />
              </Field>
            </div>
          )}
        </fieldset>

        <WaterfallConventionsFieldset form={form} fid={fid} />
        <OwnershipFieldset
          method={{ props: form.field('ownershipMethod', fid('ownershipMethod'), { hint: true }), error: form.errorOf('ownershipMethod') }}
          rate={{ props: form.field('equalisationRate', fid('equalisationRate'), { hint: true }), error: form.errorOf('equalisationRate') }}
          showRate={ownershipMethod === 'equalisation'}
          ids={{ method: fid('ownershipMethod'), rate: fid('equalisationRate') }}
        />

        {used && (
          <p className="rounded-md bg-gold-100/60 p-3 text-sm text-ink-900">
            {t('terms.used', { count: current.distributionCount, version: current.version, next: current.version + 1 })}
          </p>
        )}
        <div>
          <Button type="submit" busy={form.busy}>
            {form.busy ? t('terms.saving') : t('terms.save')}
          </Button>
        </div>
      </form>

      <Table aria-label={t('terms.versions')} maxHeight="none">
        <THead>
          <TR>
            <TH>{t('terms.version')}</TH>
            <TH>{t('terms.terms')}</TH>
            <TH>{t('terms.recipients')}</TH>
            <TH className="text-end">{t('terms.distributions')}</TH>
            <TH>{t('terms.savedAt')}</TH>
          </TR>
        </THead>
        <TBody>
          {data.versions.length === 0 ? (
            <EmptyRow colSpan={5}>{t('terms.noVersions')}</EmptyRow>
          ) : (
            data.versions.map((v) => (
              <TR key={v.id}>
                <TD className="tabular">{formatFigure(v.version)}</TD>
                <TD>
                  {describeTerms(v)}
                  <span className="block text-xs text-muted">{describeConventions(v.conventions, formatDate)}</span>
                </TD>
                <TD>
                  {v.carryRecipients
                    .map((r) => t('terms.recipientShare', { name: r.name, share: r.share }))
                    .join(t('activity.listSeparator')) || '—'}
                </TD>
                <TD className="tabular text-end">{formatFigure(v.distributionCount)}</TD>
                <TD className="whitespace-nowrap">
                  {v.createdByName
                    ? t('terms.savedBy', { date: formatDate(v.createdAt.slice(0, 10)), name: v.createdByName })
                    : formatDate(v.createdAt.slice(0, 10))}
                </TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
    </>
  );
}
