import { Building2, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatUSD } from '../../../shared/format';
import {
  daysUntil,
  formatAccountNumber,
  SPV_STATUSES,
  type Spv,
  type SpvInput,
  type SpvStatus,
  spvInput,
  spvReturnFlag,
} from '../../../shared/spvs';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { ListSkeleton } from '../../components/ui/skeleton';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { cn } from '../../lib/cn';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { useCreateSpv, useSpvs, useUpdateSpv } from './api';
import { spvsText } from './i18n';
import { PaymentInstructionsFields } from './payment-fields';

type Editing = { mode: 'create' } | { mode: 'edit'; spv: Spv } | null;

/** SPV Firewall Tracker (/admin/spv-tracker): one card per SPV, created and edited in a dialog. */
export default function SpvTrackerPage() {
  const { t } = spvsText.useT();
  const spvs = useSpvs();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setEditing({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            {t('new')}
          </Button>
        }
      />

      {spvs.isPending ? (
        <ListSkeleton
          label={t('loading')}
          count={2}
          shape="card"
          rowClassName="h-64"
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        />
      ) : spvs.isError ? (
        <LoadError title={t('loadError')} error={spvs.error} busy={spvs.isFetching} onRetry={() => void spvs.refetch()} />
      ) : spvs.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-surface p-10 text-center">
          <Building2 aria-hidden="true" className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-medium text-ink-900">{t('empty.title')}</p>
          <p className="mt-1 text-sm text-muted">{t('empty.hint')}</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('list')}>
          {spvs.data.map((spv) => (
            <li key={spv.id} className="flex">
              <SpvCard spv={spv} onEdit={() => setEditing({ mode: 'edit', spv })} />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <SpvDialog
          key={editing.mode === 'edit' ? editing.spv.id : 'new'}
          spv={editing.mode === 'edit' ? editing.spv : null}
          onDone={() => setEditing(null)}
        />
      )}
    </>
  );
}

function ReturnFlag({ due }: { due: string }) {
  const { t } = spvsText.useT();
  const flag = spvReturnFlag(due);
  if (flag === 'overdue') return <Badge tone="danger">{t('flag.overdue')}</Badge>;
  if (flag === 'due_soon') {
    const days = daysUntil(due);
    return <Badge tone="warning">{days === 0 ? t('flag.today') : t('flag.dueIn', { count: days })}</Badge>;
  }
  return null;
}

function SpvCard({ spv, onEdit }: { spv: Spv; onEdit: () => void }) {
  const { t } = spvsText.useT();
  const flag = spvReturnFlag(spv.annualReturnDue);
  return (
    <Card
      className={cn(
        'flex w-full flex-col border-s-4',
        flag === 'overdue' ? 'border-s-danger-700' : flag === 'due_soon' ? 'border-s-gold-500' : 'border-s-ink-700',
      )}
      data-testid="spv-card"
    >
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-md bg-ink-50 text-ink-700">
            <Building2 className="size-5" />
          </span>
          <CardTitle className="min-w-0 pt-2 break-words">{spv.name}</CardTitle>
        </div>
        <Badge tone={spv.status === 'Active' ? 'success' : 'neutral'} className="mt-2">
          {t(`status.${spv.status}`)}
        </Badge>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <div>
            <dt className="text-muted">{t('card.jurisdiction')}</dt>
            <dd className="font-medium text-ink-900">{spv.jurisdiction}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('card.returnDue')}</dt>
            <dd className="flex flex-wrap items-center gap-1.5 font-medium text-ink-900">
              <span className="tabular">{formatDate(spv.annualReturnDue)}</span>
              <ReturnFlag due={spv.annualReturnDue} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('card.balance')}</dt>
            <dd className="tabular text-lg font-semibold text-ink-900">{formatUSD(spv.bankBalance)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-muted">{t('card.feeFlow')}</dt>
            <dd dir="auto" className="font-medium break-words text-ink-900">
              {spv.advisoryFeeFlow || '—'}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-muted">{t('card.payment')}</dt>
            <dd className="font-medium break-words text-ink-900" data-testid="spv-payment">
              {spv.accountNumber ? (
                <>
                  {spv.bankName}
                  <br />
                  <bdi dir="ltr" className="tabular">
                    {formatAccountNumber(spv.accountNumber)}
                  </bdi>{' '}
                  · <bdi dir="ltr">{spv.swiftCode}</bdi>
                </>
              ) : (
                <span className="text-muted">{t('card.paymentNotSet')}</span>
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          {t('card.edit')}
          <span className="sr-only">
            {' '}
            <bdi>{spv.name}</bdi>
          </span>
        </Button>
      </CardFooter>
    </Card>
  );
}

export interface SpvForm {
  name: string;
  jurisdiction: string;
  annualReturnDue: string;
  bankBalance: string;
  advisoryFeeFlow: string;
  status: SpvStatus;
  bankName: string;
  accountName: string;
  accountNumber: string;
  swiftCode: string;
  paymentReference: string;
}

function toForm(spv: Spv | null): SpvForm {
  if (!spv)
    return {
      name: '',
      jurisdiction: 'Mauritius',
      annualReturnDue: '',
      bankBalance: '',
      advisoryFeeFlow: '',
      status: 'Active',
      bankName: '',
      accountName: '',
      accountNumber: '',
      swiftCode: '',
      paymentReference: '',
    };
  return {
    name: spv.name,
    jurisdiction: spv.jurisdiction,
    annualReturnDue: spv.annualReturnDue.slice(0, 10),
    bankBalance: spv.bankBalance,
    advisoryFeeFlow: spv.advisoryFeeFlow ?? '',
    status: spv.status,
    bankName: spv.bankName ?? '',
    accountName: spv.accountName ?? '',
    accountNumber: formatAccountNumber(spv.accountNumber) ?? '',
    swiftCode: spv.swiftCode ?? '',
    paymentReference: spv.paymentReference ?? '',
  };
}

/** Create or edit an SPV; open while mounted. With unsaved input, closing asks first. */
function SpvDialog({ spv, onDone }: { spv: Spv | null; onDone: () => void }) {
  const { t } = spvsText.useT();
  const create = useCreateSpv();
  const update = useUpdateSpv();
  const form = useZodForm(spvInput, { defaultValues: toForm(spv), guardUnsaved: true });
  useClearErrorOnChange(form);
  const isEdit = spv !== null;
  const guard = useDialogGuard(form.formState.isDirty && !form.busy);

  const submit = form.handleSubmit(async () => {
    const values = form.getValues() as SpvForm;
    const input: SpvInput = { ...values, advisoryFeeFlow: values.advisoryFeeFlow.trim() === '' ? null : values.advisoryFeeFlow };
    try {
      if (spv) await update.mutateAsync({ id: spv.id, input });
      else await create.mutateAsync(input);
      toast.success(isEdit ? t('toast.updated') : t('toast.created'));
      onDone();
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : t('dialog.retry');
      form.applyServerError(err, { fallback: message });
      toast.error(isEdit ? t('toast.updateFailed') : t('toast.createFailed'), { description: message });
    }
  });

  const id = (k: keyof SpvForm) => `spv-${k}`;
  return (
    <Dialog open onOpenChange={(open) => !open && guard.confirmClose() && onDone()}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{isEdit ? t('dialog.editTitle') : t('dialog.newTitle')}</DialogTitle>
          <DialogDescription>{isEdit ? t('dialog.editDescription', { name: spv.name }) : t('dialog.newDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label={t('dialog.name')} htmlFor={id('name')} error={form.errorOf('name')} required>
            <Input {...form.field('name', id('name'))} required />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('dialog.jurisdiction')} htmlFor={id('jurisdiction')} error={form.errorOf('jurisdiction')} required>
              <Input {...form.field('jurisdiction', id('jurisdiction'))} required />
            </Field>
            <Field label={t('dialog.returnDue')} htmlFor={id('annualReturnDue')} error={form.errorOf('annualReturnDue')} required>
              <DateInput {...form.field('annualReturnDue', id('annualReturnDue'))} required />
            </Field>
            <Field label={t('dialog.balance')} htmlFor={id('bankBalance')} error={form.errorOf('bankBalance')} required>
              <Input
                {...form.field('bankBalance', id('bankBalance'))}
                inputMode="decimal"
                required
                placeholder={t('dialog.balancePlaceholder')}
                className="tabular"
              />
            </Field>
            <Field label={t('dialog.status')} htmlFor={id('status')} error={form.errorOf('status')}>
              <NativeSelect
                {...form.field('status', id('status'))}
                options={SPV_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Field>
          </div>
          <Field
            label={t('dialog.feeFlow')}
            htmlFor={id('advisoryFeeFlow')}
            error={form.errorOf('advisoryFeeFlow')}
            hint={t('dialog.feeFlowHint')}
          >
            <Input {...form.field('advisoryFeeFlow', id('advisoryFeeFlow'), { hint: true })} />
          </Field>
          <PaymentInstructionsFields form={form} />
          <FormError>{form.formError}</FormError>
          <DialogActions busy={form.busy} busyLabel={t('dialog.saving')} submit={isEdit ? t('dialog.save') : t('dialog.create')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
