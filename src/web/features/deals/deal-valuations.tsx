import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { formatDate, formatUSD } from '../../../shared/format';
import { PERFORMANCE_STATUSES, performanceTone, type Valuation, valuationInput } from '../../../shared/portal';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError, api } from '../../lib/api';
import { dealKeys } from '../../lib/query-keys';

const today = () => new Date().toISOString().slice(0, 10);
const EMPTY = { valuationDate: today(), currentValue: '', expectedExit: '', performanceStatus: 'On Track' };

/** Dated valuations of a deal; investors' current values are their share of the latest one. */
export function DealValuations({ dealId, valuations }: { dealId: string; valuations: Valuation[] }) {
  const qc = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: (body: typeof form) => api(`/api/deals/${encodeURIComponent(dealId)}/valuations`, { body }),
    onSuccess: () => {
      toast.success('Valuation recorded');
      setForm({ ...EMPTY, valuationDate: today() });
      void qc.invalidateQueries({ queryKey: dealKeys.detail(dealId) });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toast.error(err instanceof ApiError ? err.message : 'Failed to record valuation');
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = valuationInput.safeParse(form);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) errs[String(issue.path[0])] ??= issue.message;
      setErrors(errs);
      return;
    }
    setErrors({});
    add.mutate(form);
  }

  const set = (k: keyof typeof form, v: string) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Valuations</CardTitle>
        <CardDescription>The latest valuation sets each investor's current value (their share of completed subscriptions).</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Table aria-label="Valuations" maxHeight="none">
          <THead>
            <TR>
              <TH>Date</TH>
              <TH className="text-right">Current value</TH>
              <TH>Expected exit</TH>
              <TH>Performance</TH>
            </TR>
          </THead>
          <TBody>
            {valuations.length === 0 ? (
              <EmptyRow colSpan={4}>No valuations recorded yet</EmptyRow>
            ) : (
              valuations.map((v) => (
                <TR key={v.id}>
                  <TD>{formatDate(v.valuationDate)}</TD>
                  <TD className="tabular text-right">{formatUSD(v.currentValue)}</TD>
                  <TD>{v.expectedExit ?? '—'}</TD>
                  <TD>
                    <Badge tone={performanceTone(v.performanceStatus)}>{v.performanceStatus}</Badge>
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" noValidate>
          <Field label="Valuation date" htmlFor="val-date" error={errors.valuationDate} required>
            <DateInput
              {...fieldProps('val-date', errors.valuationDate)}
              value={form.valuationDate}
              onChange={(e) => set('valuationDate', e.target.value)}
            />
          </Field>
          <Field label="Current value (USD)" htmlFor="val-value" error={errors.currentValue} required>
            <Input
              {...fieldProps('val-value', errors.currentValue)}
              inputMode="decimal"
              className="tabular"
              value={form.currentValue}
              onChange={(e) => set('currentValue', e.target.value)}
            />
          </Field>
          <Field label="Expected exit" htmlFor="val-exit" error={errors.expectedExit}>
            <Input
              {...fieldProps('val-exit', errors.expectedExit)}
              placeholder="e.g. 2028"
              value={form.expectedExit}
              onChange={(e) => set('expectedExit', e.target.value)}
            />
          </Field>
          <Field label="Performance" htmlFor="val-status" error={errors.performanceStatus}>
            <NativeSelect
              {...fieldProps('val-status', errors.performanceStatus)}
              value={form.performanceStatus}
              onChange={(e) => set('performanceStatus', e.target.value)}
              options={PERFORMANCE_STATUSES.map((s) => ({ value: s, label: s }))}
            />
          </Field>
          <Button type="submit" busy={add.isPending}>
            {add.isPending ? 'Recording...' : 'Record Valuation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
