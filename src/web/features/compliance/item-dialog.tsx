import { useMemo } from 'react';
import { z } from 'zod';
import { COMPLIANCE_PRIORITIES, COMPLIANCE_TYPES, type ComplianceItem, complianceItemInput, RECURRENCES } from '../../../shared/compliance';
import { DateInput } from '../../components/ui/date-input';
import { DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useReportDirty } from '../../components/ui/unsaved-dialog';
import { enumLabel } from '../../lib/i18n';
import { useUsers } from '../../lib/queries/users';
import { toast } from '../../lib/toast';
import { serverMessage, useCreateComplianceItem, useUpdateComplianceItem } from './api';
import { complianceText } from './i18n';

export interface ItemForm {
  type: string;
  title: string;
  description: string;
  dueDate: string;
  assignedTo: string;
  priority: string;
  recurrence: string;
}

function toForm(item: ComplianceItem | null, defaults: Partial<ItemForm>): ItemForm {
  if (!item) {
    return { type: '', title: '', description: '', dueDate: '', assignedTo: '', priority: 'medium', recurrence: '', ...defaults };
  }
  return {
    type: item.type,
    title: item.title,
    description: item.description ?? '',
    dueDate: item.dueDate,
    assignedTo: item.assignedTo ?? '',
    priority: item.priority,
    recurrence: item.recurrence ?? '',
  };
}

/**
 * The shared item schema, reading an empty select or date as a missing value: 'Due date is
 * required' rather than a format message.
 */
const itemForm = z.preprocess((v) => {
  const f = v as ItemForm;
  return { ...f, type: f.type || undefined, dueDate: f.dueDate || undefined };
}, complianceItemInput) as unknown as z.ZodType<z.output<typeof complianceItemInput>, ItemForm>;

/**
 * The New Item / Edit Item form (render inside a controlled <Dialog>). Validates with the
 * shared complianceItemInput schema, then shows the server's per-field messages if it refuses.
 * With unsaved input, closing the dialog asks first (`onDirtyChange` tells the dialog).
 */
export function ComplianceItemDialog({
  item,
  defaults = {},
  onDone,
  onCloseAutoFocus,
  onDirtyChange,
}: {
  item: ComplianceItem | null;
  /** Prefills for a new item (e.g. a due date). */
  defaults?: Partial<ItemForm>;
  onDone: (saved: ComplianceItem) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus?: (event: Event) => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = complianceText.useT();
  const create = useCreateComplianceItem();
  const update = useUpdateComplianceItem();
  const users = useUsers();
  const form = useZodForm(itemForm, { defaultValues: toForm(item, defaults), guardUnsaved: true });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const isEdit = item !== null;

  // Assignees: active administrators, plus the current assignee if no longer among them.
  const admins = useMemo(() => {
    const list = (users.data ?? [])
      .filter((u) => u.role === 'admin' && u.status === 'active')
      .map((u) => ({ value: u.id, label: u.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
    if (item?.assignedTo && !list.some((o) => o.value === item.assignedTo)) {
      list.push({ value: item.assignedTo, label: item.assignedToName ?? t('item.currentAssignee') });
    }
    return list;
  }, [users.data, item, t]);

  const submit = form.handleSubmit(async (data) => {
    const body = {
      ...data,
      description: data.description ?? null,
      assignedTo: data.assignedTo ?? null,
      recurrence: data.recurrence ?? null,
    };
    try {
      const saved = item ? await update.mutateAsync({ id: item.id, body }) : await create.mutateAsync(body);
      toast.success(isEdit ? t('toast.updated') : t('toast.created'));
      onDone(saved);
    } catch (err) {
      form.applyServerError(err, { fallback: serverMessage(err) ?? t('tryAgain') });
      toast.error(isEdit ? t('toast.updateFailed') : t('toast.createFailed'), {
        description: serverMessage(err) ?? t('tryAgain'),
      });
    }
  });

  const id = (k: keyof ItemForm) => `compliance-${k}`;
  return (
    <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{isEdit ? t('item.editTitle') : t('item.newTitle')}</DialogTitle>
        <DialogDescription>{isEdit ? t('item.editDescription', { title: item.title }) : t('item.newDescription')}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label={t('item.title')} htmlFor={id('title')} error={form.errorOf('title')} required>
          <Input {...form.field('title', id('title'))} required maxLength={200} placeholder={t('item.titlePlaceholder')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('item.type')} htmlFor={id('type')} error={form.errorOf('type')} required>
            <NativeSelect
              {...form.field('type', id('type'))}
              required
              placeholder={t('item.typePlaceholder')}
              options={COMPLIANCE_TYPES.map((type) => ({ value: type, label: enumLabel('complianceType', type) }))}
            />
          </Field>
          <Field label={t('item.dueDate')} htmlFor={id('dueDate')} error={form.errorOf('dueDate')} required>
            <DateInput {...form.field('dueDate', id('dueDate'))} required className="tabular" />
          </Field>
        </div>
        <Field label={t('item.description')} htmlFor={id('description')} error={form.errorOf('description')}>
          <Textarea {...form.field('description', id('description'))} rows={3} maxLength={2000} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t('item.assignedTo')}
            htmlFor={id('assignedTo')}
            error={form.errorOf('assignedTo')}
            hint={users.isError ? t('item.adminsFailed') : undefined}
          >
            <NativeSelect {...form.field('assignedTo', id('assignedTo'), { hint: users.isError })}>
              <option value="">{users.isPending ? t('item.loadingAdmins') : t('item.unassigned')}</option>
              {admins.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t('item.priority')} htmlFor={id('priority')} error={form.errorOf('priority')} required>
            <NativeSelect
              {...form.field('priority', id('priority'))}
              required
              options={COMPLIANCE_PRIORITIES.map((p) => ({ value: p, label: enumLabel('compliancePriority', p) }))}
            />
          </Field>
          <Field label={t('item.recurrence')} htmlFor={id('recurrence')} error={form.errorOf('recurrence')}>
            <NativeSelect
              {...form.field('recurrence', id('recurrence'))}
              options={[
                { value: '', label: t('item.noRecurrence') },
                ...RECURRENCES.map((r) => ({ value: r, label: enumLabel('recurrence', r) })),
              ]}
            />
          </Field>
        </div>
        {form.watch('recurrence') !== '' && <p className="text-sm text-muted">{t('item.recurringNote')}</p>}
        <FormError>{form.formError}</FormError>
        <DialogActions busy={form.busy} busyLabel={t('item.saving')} submit={isEdit ? t('item.save') : t('item.create')} />
      </form>
    </DialogContent>
  );
}
