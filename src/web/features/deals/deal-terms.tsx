import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  CATCH_UP_KINDS,
  type CatchUpKind,
  type DealTerms,
  type DealTermsData,
  dealTermsInput,
  describeTerms,
  FEE_BASES,
  FEE_BASIS_LABEL,
  FEE_METHOD_LABEL,
  FEE_METHODS,
} from '../../../shared/deal-terms';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError, apiGet, apiPut } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';

const termsKey = (dealId: string) => ['deals', 'terms', dealId] as const;

interface Recipient {
  kind: 'gp' | 'admin';
  name: string;
  userId: string;
  share: string;
}
interface FormState {
  hurdleRate: string;
  catchUp: CatchUpKind;
  catchUpRate: string;
  carryRate: string;
  recipients: Recipient[];
  fee: boolean;
  feeRate: string;
  feeBasis: string;
  feeMethod: string;
}

const CATCH_UP_LABEL: Record<CatchUpKind, string> = { none: 'None', full: 'Full (100% to the GP)', partial: 'Partial' };

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
  };
}

/** The deal's economic terms (admin): editor with field-level messages, and the version history. */
export function DealTermsCard({ dealId }: { dealId: string }) {
  const query = useQuery({
    queryKey: termsKey(dealId),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/terms', { params: { id: dealId }, signal }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Economic Terms</CardTitle>
        <CardDescription>
          Preferred return, catch-up and carried interest decide how each distribution is split between investors and the general partner.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {query.isPending ? (
          <div role="status" className="h-40 animate-pulse rounded bg-ink-100/70">
            <span className="sr-only">Loading terms...</span>
          </div>
        ) : query.isError ? (
          <p className="text-sm text-danger-700">The terms could not be loaded.</p>
        ) : (
          <TermsEditor key={query.data.current?.id ?? 'none'} dealId={dealId} data={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function TermsEditor({ dealId, data }: { dealId: string; data: DealTermsData }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<FormState>(() => fromTerms(data.current));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChangesGuard(JSON.stringify(form) !== JSON.stringify(fromTerms(data.current)));
  const formId = useId();
  const current = data.current;
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toBody>) => apiPut('/api/deals/:id/terms', { params: { id: dealId }, body }),
    onSuccess: (next) => {
      qc.setQueryData(termsKey(dealId), next);
      void qc.invalidateQueries({ queryKey: ['deals', 'management-fees', dealId] });
      void qc.invalidateQueries({ queryKey: ['distributions'] });
      toast.success(`Terms saved (version ${next.current?.version ?? 1})`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toast.error(err instanceof ApiError ? err.message : 'Failed to save terms');
    },
  });

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((f) => ({ ...f, [k]: v }));
  const setRecipient = (i: number, patch: Partial<Recipient>) =>
    setForm((f) => ({ ...f, recipients: f.recipients.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = toBody(form);
    const parsed = dealTermsInput.safeParse(body);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) errs[issue.path.join('.') || '_'] ??= issue.message;
      setErrors(errs);
      const first = Object.keys(errs)[0];
      if (first) document.getElementById(`${formId}-${first.replaceAll('.', '-')}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(body);
  }

  const fid = (name: string) => `${formId}-${name.replaceAll('.', '-')}`;
  const used = current !== null && current.distributionCount > 0;

  return (
    <>
      <p className="text-sm text-text" data-testid="terms-summary">
        <span className="font-medium">In force{current ? ` (version ${current.version})` : ''}:</span> {describeTerms(current)}
      </p>
      <form onSubmit={submit} noValidate aria-label="Economic terms" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Preferred Return (%)"
            htmlFor={fid('hurdleRate')}
            error={errors.hurdleRate}
            hint="Annual hurdle; 0 for none"
            required
          >
            <Input
              {...fieldProps(fid('hurdleRate'), errors.hurdleRate, true)}
              inputMode="decimal"
              className="tabular"
              value={form.hurdleRate}
              onChange={(e) => set('hurdleRate', e.target.value)}
            />
          </Field>
          <Field label="Carried Interest (%)" htmlFor={fid('carryRate')} error={errors.carryRate} required>
            <Input
              {...fieldProps(fid('carryRate'), errors.carryRate)}
              inputMode="decimal"
              className="tabular"
              value={form.carryRate}
              onChange={(e) => set('carryRate', e.target.value)}
            />
          </Field>
          <Field label="Catch-up" htmlFor={fid('catchUp')} error={errors.catchUp} required>
            <NativeSelect
              {...fieldProps(fid('catchUp'), errors.catchUp)}
              value={form.catchUp}
              onChange={(e) => set('catchUp', e.target.value as CatchUpKind)}
              options={CATCH_UP_KINDS.map((k) => ({ value: k, label: CATCH_UP_LABEL[k] }))}
            />
          </Field>
          {form.catchUp === 'partial' && (
            <Field
              label="Catch-up Rate (%)"
              htmlFor={fid('catchUpRate')}
              error={errors.catchUpRate}
              hint="The GP's share of each dollar during catch-up"
              required
            >
              <Input
                {...fieldProps(fid('catchUpRate'), errors.catchUpRate, true)}
                inputMode="decimal"
                className="tabular"
                value={form.catchUpRate}
                onChange={(e) => set('catchUpRate', e.target.value)}
              />
            </Field>
          )}
        </div>

        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold text-ink-900">Carry Recipients</legend>
          {errors.carryRecipients && (
            <p id={fid('carryRecipients')} tabIndex={-1} role="alert" className="text-sm text-danger-700">
              {errors.carryRecipients}
            </p>
          )}
          {form.recipients.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
            <div key={i} className="grid items-end gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_7rem_auto]">
              <Field label={`Recipient ${i + 1}`} htmlFor={fid(`carryRecipients.${i}.kind`)}>
                <NativeSelect
                  {...fieldProps(fid(`carryRecipients.${i}.kind`))}
                  value={r.kind}
                  onChange={(e) => setRecipient(i, { kind: e.target.value as Recipient['kind'] })}
                  options={[
                    { value: 'gp', label: 'GP entity' },
                    { value: 'admin', label: 'Administrator' },
                  ]}
                />
              </Field>
              {r.kind === 'gp' ? (
                <Field label="GP Entity Name" htmlFor={fid(`carryRecipients.${i}.name`)} error={errors[`carryRecipients.${i}.name`]}>
                  <Input
                    {...fieldProps(fid(`carryRecipients.${i}.name`), errors[`carryRecipients.${i}.name`])}
                    value={r.name}
                    onChange={(e) => setRecipient(i, { name: e.target.value })}
                  />
                </Field>
              ) : (
                <Field label="Administrator" htmlFor={fid(`carryRecipients.${i}.userId`)} error={errors[`carryRecipients.${i}.userId`]}>
                  <NativeSelect
                    {...fieldProps(fid(`carryRecipients.${i}.userId`), errors[`carryRecipients.${i}.userId`])}
                    value={r.userId}
                    placeholder="Choose an administrator"
                    onChange={(e) => setRecipient(i, { userId: e.target.value })}
                    options={data.administrators.map((a) => ({ value: a.id, label: a.name }))}
                  />
                </Field>
              )}
              <Field label="Share (%)" htmlFor={fid(`carryRecipients.${i}.share`)} error={errors[`carryRecipients.${i}.share`]}>
                <Input
                  {...fieldProps(fid(`carryRecipients.${i}.share`), errors[`carryRecipients.${i}.share`])}
                  inputMode="decimal"
                  className="tabular"
                  value={r.share}
                  onChange={(e) => setRecipient(i, { share: e.target.value })}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove recipient ${i + 1}`}
                onClick={() => setForm((f) => ({ ...f, recipients: f.recipients.filter((_, j) => j !== i) }))}
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
              onClick={() => setForm((f) => ({ ...f, recipients: [...f.recipients, { kind: 'admin', name: '', userId: '', share: '' }] }))}
            >
              <Plus aria-hidden="true" />
              Add Recipient
            </Button>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold text-ink-900">Management Fee</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={form.fee} onChange={(e) => set('fee', e.target.checked)} />
            Charge an annual management fee
          </label>
          {form.fee && (
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label="Fee Rate (%)" htmlFor={fid('managementFee.rate')} error={errors['managementFee.rate']}>
                <Input
                  {...fieldProps(fid('managementFee.rate'), errors['managementFee.rate'])}
                  inputMode="decimal"
                  className="tabular"
                  value={form.feeRate}
                  onChange={(e) => set('feeRate', e.target.value)}
                />
              </Field>
              <Field label="Charged On" htmlFor={fid('managementFee.basis')} error={errors['managementFee.basis']}>
                <NativeSelect
                  {...fieldProps(fid('managementFee.basis'), errors['managementFee.basis'])}
                  value={form.feeBasis}
                  onChange={(e) => set('feeBasis', e.target.value)}
                  options={FEE_BASES.map((b) => ({ value: b, label: FEE_BASIS_LABEL[b] }))}
                />
              </Field>
              <Field label="Charged By" htmlFor={fid('managementFee.method')} error={errors['managementFee.method']}>
                <NativeSelect
                  {...fieldProps(fid('managementFee.method'), errors['managementFee.method'])}
                  value={form.feeMethod}
                  onChange={(e) => set('feeMethod', e.target.value)}
                  options={FEE_METHODS.map((m) => ({ value: m, label: FEE_METHOD_LABEL[m] }))}
                />
              </Field>
            </div>
          )}
        </fieldset>

        {used && (
          <p className="rounded-md bg-gold-100/60 p-3 text-sm text-ink-900">
            {current.distributionCount} {current.distributionCount === 1 ? 'distribution was' : 'distributions were'} recorded under version{' '}
            {current.version}. Saving creates version {current.version + 1}, used only by later distributions.
          </p>
        )}
        <div>
          <Button type="submit" busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Terms'}
          </Button>
        </div>
      </form>

      <Table aria-label="Terms versions" maxHeight="none">
        <THead>
          <TR>
            <TH>Version</TH>
            <TH>Terms</TH>
            <TH>Carry Recipients</TH>
            <TH className="text-end">Distributions</TH>
            <TH>Saved</TH>
          </TR>
        </THead>
        <TBody>
          {data.versions.length === 0 ? (
            <EmptyRow colSpan={5}>No terms yet: distributions go 100% to investors, pro rata.</EmptyRow>
          ) : (
            data.versions.map((v) => (
              <TR key={v.id}>
                <TD className="tabular">{v.version}</TD>
                <TD>{describeTerms(v)}</TD>
                <TD>{v.carryRecipients.map((r) => `${r.name} ${r.share}%`).join(', ') || '—'}</TD>
                <TD className="tabular text-end">{v.distributionCount}</TD>
                <TD className="whitespace-nowrap">
                  {formatDate(v.createdAt.slice(0, 10))}
                  {v.createdByName ? ` · ${v.createdByName}` : ''}
                </TD>
              </TR>
            ))
          )}
        </TBody>
      </Table>
    </>
  );
}
