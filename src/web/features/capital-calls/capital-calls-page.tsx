import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatUSDCents } from '../../../shared/format';
import { type CapitalCall, createCallInput } from '../../../shared/ledger';
import { sumAmounts } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DataList } from '../../components/ui/data-list';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { TD, TH, TR } from '../../components/ui/table';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { blank, sharedFormSchema, useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { serverMessage, useCallDeals, useCapitalCalls, useIssueCall } from './api';
import { CallStatusBadge } from './call-ui';
import { capitalCallsText } from './i18n';
import { StatementRunCard } from './statement-run-card';

/** Capital Calls (/admin/capital-calls): every call with its totals and status; issue a new one. */
export default function CapitalCallsPage() {
  const { t } = capitalCallsText.useT();
  const calls = useCapitalCalls();
  const [open, setOpen] = useState(false);
  const list = calls.data ?? [];
  const totals = {
    called: sumAmounts(list.map((c) => c.totalAmount)),
    received: sumAmounts(list.map((c) => c.received)),
    outstanding: sumAmounts(list.map((c) => c.outstanding)),
  };
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ExportCsvButton
              filename="capital-calls"
              columns={[
                { key: 'dealTitle', label: t('column.deal') },
                { key: 'callDate', label: t('column.callDate') },
                { key: 'dueDate', label: t('column.dueDate') },
                { key: 'purpose', label: t('column.purpose') },
                { key: 'totalAmount', label: t('column.amountCalled') },
                { key: 'received', label: t('column.received') },
                { key: 'outstanding', label: t('column.outstanding') },
                { key: 'status', label: t('column.status') },
              ]}
              rows={list as unknown as Record<string, unknown>[]}
            />
            <Button onClick={() => setOpen(true)}>
              <Plus aria-hidden="true" />
              {t('newCall')}
            </Button>
          </>
        }
      />
      <section aria-label={t('totals')} className="mb-6 grid gap-4 sm:grid-cols-3">
        {(
          [
            [t('column.called'), totals.called],
            [t('column.received'), totals.received],
            [t('column.outstanding'), totals.outstanding],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} role="group" aria-label={label} className="p-4">
            <p className="text-sm text-muted">{label}</p>
            <p className="tabular mt-1 text-xl font-semibold text-ink-900">{calls.data ? formatUSDCents(value) : '—'}</p>
          </Card>
        ))}
      </section>
      <StatementRunCard />
      {calls.isError ? (
        <LoadError title={t('loadFailed')} error={calls.error} onRetry={() => calls.refetch()} busy={calls.isFetching} />
      ) : (
        <DataList
          label={t('table')}
          items={list}
          loading={calls.isPending}
          loadingLabel={t('loading')}
          getKey={(c) => c.id}
          skeletonWidths={['10rem', '6rem', '6rem', '6rem', '6rem', '6rem', '5rem']}
          skeletonRows={3}
          cardSkeletonClass="h-48"
          empty={t('empty')}
          head={
            <TR>
              <TH>{t('column.deal')}</TH>
              <TH>{t('column.callDate')}</TH>
              <TH>{t('column.dueDate')}</TH>
              <TH className="text-end">{t('column.called')}</TH>
              <TH className="text-end">{t('column.received')}</TH>
              <TH className="text-end">{t('column.outstanding')}</TH>
              <TH>{t('column.status')}</TH>
            </TR>
          }
          row={(c) => (
            <TR>
              <TD>
                <CallLink call={c} />
                <bdi className="block text-xs text-muted">{c.purpose}</bdi>
              </TD>
              <TD className="tabular">{formatDate(c.callDate)}</TD>
              <TD className="tabular">{formatDate(c.dueDate)}</TD>
              <TD className="tabular text-end">{formatUSDCents(c.totalAmount)}</TD>
              <TD className="tabular text-end">{formatUSDCents(c.received)}</TD>
              <TD className="tabular text-end">{formatUSDCents(c.outstanding)}</TD>
              <TD>
                <CallStatusBadge status={c.status} />
              </TD>
            </TR>
          )}
          card={(c) => <CallCard call={c} />}
        />
      )}
      <NewCallDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function CallLink({ call }: { call: CapitalCall }) {
  return (
    <Link to={`/admin/capital-calls/${call.id}`} className="font-medium text-ink-900 underline-offset-2 hover:underline">
      <bdi>{call.dealTitle}</bdi>
    </Link>
  );
}

/** One call on a phone: the deal (its link) and purpose, the status, then the dates and amounts. */
function CallCard({ call: c }: { call: CapitalCall }) {
  const { t } = capitalCallsText.useT();
  const figures = [
    [t('column.callDate'), formatDate(c.callDate)],
    [t('column.dueDate'), formatDate(c.dueDate)],
    [t('column.called'), formatUSDCents(c.totalAmount)],
    [t('column.received'), formatUSDCents(c.received)],
    [t('column.outstanding'), formatUSDCents(c.outstanding)],
  ] as const;
  return (
    <li className="rounded-lg border border-border bg-surface p-4 text-sm shadow-sm" data-testid="capital-call-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 break-words">
          <CallLink call={c} />
          <bdi className="block text-xs text-muted">{c.purpose}</bdi>
        </div>
        <CallStatusBadge status={c.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted">{label}</dt>
            <dd className="tabular font-medium text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

const EMPTY = { dealId: '', basis: 'percentage', percentage: '', amount: '', dueDate: '', purpose: '' };

const newCallForm = (t: typeof capitalCallsText.t) =>
  sharedFormSchema(
    ['dealId', 'basis', 'percentage', 'amount', 'dueDate', 'purpose'],
    createCallInput,
    (v) => ({
      dealId: blank(v.dealId),
      basis: v.basis,
      ...(v.basis === 'percentage' ? { percentage: v.percentage } : { amount: v.amount }),
      dueDate: blank(v.dueDate),
      purpose: v.purpose,
    }),
    { required: { dealId: t('dialog.chooseDeal'), dueDate: t('dialog.dueDateRequired') } },
  );

function NewCallDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const { t, i18n } = capitalCallsText.useT();
  const deals = useCallDeals();
  const issue = useIssueCall();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the messages follow the language.
  const schema = useMemo(() => newCallForm(capitalCallsText.t), [i18n.language]);
  const form = useZodForm(schema, { defaultValues: EMPTY, guardUnsaved: open });
  const guard = useDialogGuard(form.formState.isDirty);
  useClearErrorOnChange(form);
  const basis = form.watch('basis');
  const withCommitments = (deals.data ?? []).filter((d) => Number(d.committedAmount) > 0).sort((a, b) => a.title.localeCompare(b.title));
  // The select is uncontrolled: once the deals arrive, show the chosen one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply only when the options change.
  useEffect(() => {
    form.setValue('dealId', form.getValues('dealId'));
  }, [deals.data]);

  const submit = form.handleSubmit(async (data) => {
    try {
      const call = await issue.mutateAsync({
        dealId: data.dealId,
        basis: data.basis,
        dueDate: data.dueDate,
        purpose: data.purpose,
        ...(data.basis === 'percentage' ? { percentage: data.percentage as string } : { amount: data.amount as string }),
      });
      toast.success(t('toast.issued', { amount: formatUSDCents(call.totalAmount), count: call.lines.length }));
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (err) {
      form.applyServerError(err, { fallback: t('dialog.failed') });
      toast.error(serverMessage(err) ?? t('dialog.failed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next || guard.confirmClose(() => form.reset(EMPTY))) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label={t('dialog.deal')} htmlFor="call-dealId" error={form.errorOf('dealId')} required>
            <NativeSelect
              {...form.field('dealId', 'call-dealId')}
              placeholder={deals.isLoading ? t('dialog.loadingDeals') : t('dialog.chooseDealWithCommitments')}
              options={withCommitments.map((d) => ({
                value: d.id,
                label: t('dialog.dealOption', { title: d.title, amount: formatUSDCents(d.committedAmount) }),
              }))}
            />
          </Field>
          <Field label={t('dialog.callBy')} htmlFor="call-basis">
            <NativeSelect
              {...form.register('basis')}
              id="call-basis"
              options={[
                { value: 'percentage', label: t('dialog.byPercentage') },
                { value: 'amount', label: t('dialog.byAmount') },
              ]}
            />
          </Field>
          {basis === 'percentage' ? (
            <Field label={t('dialog.percentage')} htmlFor="call-percentage" error={form.errorOf('percentage')} required>
              <Input {...form.field('percentage', 'call-percentage')} inputMode="decimal" />
            </Field>
          ) : (
            <Field label={t('dialog.amount')} htmlFor="call-amount" error={form.errorOf('amount')} required>
              <Input {...form.field('amount', 'call-amount')} inputMode="decimal" />
            </Field>
          )}
          <Field label={t('dialog.dueDate')} htmlFor="call-dueDate" error={form.errorOf('dueDate')} required>
            <DateInput {...form.field('dueDate', 'call-dueDate')} />
          </Field>
          <Field label={t('dialog.purpose')} htmlFor="call-purpose" error={form.errorOf('purpose')} required>
            <Input {...form.field('purpose', 'call-purpose')} />
          </Field>
          <DialogActions submit={t('dialog.submit')} busyLabel={t('dialog.busy')} busy={form.busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
