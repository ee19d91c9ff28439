import { useMemo } from 'react';
import { z } from 'zod';
import {
  COMPLIANCE_PRIORITIES,
  COMPLIANCE_TYPE_LABELS,
  COMPLIANCE_TYPES,
  type ComplianceItem,
  complianceItemInput,
  RECURRENCES,
} from '../../../shared/compliance';
import { DateInput } from '../../components/ui/date-input';
import { DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useReportDirty } from '../../components/ui/unsaved-dialog';
import { useUsers } from '../../lib/queries/users';
import { toast } from '../../lib/toast';
import { serverMessage, useCreateComplianceItem, useUpdateComplianceItem } from './api';
import { PRIORITY_LABELS, RECURRENCE_LABELS } from './compliance-ui';

export const ITEM_MESSAGES = {
  created: 'Compliance item created',
  createFailed: 'Failed to create compliance item',
  updated: 'Compliance item updated',
  updateFailed: 'Failed to update compliance item',
} as const;

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

const TYPE_OPTIONS = COMPLIANCE_TYPES.map((t) => ({ value: t, label: COMPLIANCE_TYPE_LABELS[t] }));
const PRIORITY_OPTIONS = COMPLIANCE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }));
const RECURRENCE_OPTIONS = [{ value: '', label: 'None' }, ...RECURRENCES.map((r) => ({ value: r, label: RECURRENCE_LABELS[r] }))];

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
      list.push({ value: item.assignedTo, label: item.assignedToName ?? 'Current assignee' });
    }
    return list;
  }, [users.data, item]);

  const submit = form.handleSubmit(async (data) => {
    const body = {
      ...data,
      description: data.description ?? null,
      assignedTo: data.assignedTo ?? null,
      recurrence: data.recurrence ?? null,
    };
    try {
      const saved = item ? await update.mutateAsync({ id: item.id, body }) : await create.mutateAsync(body);
      toast.success(isEdit ? ITEM_MESSAGES.updated : ITEM_MESSAGES.created);
      onDone(saved);
    } catch (err) {
      form.applyServerError(err, { fallback: serverMessage(err) ?? 'Please try again.' });
      toast.error(isEdit ? ITEM_MESSAGES.updateFailed : ITEM_MESSAGES.createFailed, {
        description: serverMessage(err) ?? 'Please try again.',
      });
    }
  });

  const id = (k: keyof ItemForm) => `compliance-${k}`;
  return (
    <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{isEdit ? 'Edit Compliance Item' : 'New Compliance Item'}</DialogTitle>
        <DialogDescription>
          {isEdit ? `Update the details of '${item.title}'.` : 'Track a filing, return or review with its due date and owner.'}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Title" htmlFor={id('title')} error={form.errorOf('title')} required>
          <Input {...form.field('title', id('title'))} required maxLength={200} placeholder="e.g. DFSA quarterly prudential return" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Type" htmlFor={id('type')} error={form.errorOf('type')} required>
            <NativeSelect {...form.field('type', id('type'))} required placeholder="Choose a type" options={TYPE_OPTIONS} />
          </Field>
          <Field label="Due Date" htmlFor={id('dueDate')} error={form.errorOf('dueDate')} required>
            <DateInput {...form.field('dueDate', id('dueDate'))} required className="tabular" />
          </Field>
        </div>
        <Field label="Description" htmlFor={id('description')} error={form.errorOf('description')}>
          <Textarea {...form.field('description', id('description'))} rows={3} maxLength={2000} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Assigned To"
            htmlFor={id('assignedTo')}
            error={form.errorOf('assignedTo')}
            hint={users.isError ? 'Could not load administrators; you can assign the item later.' : undefined}
          >
            <NativeSelect {...form.field('assignedTo', id('assignedTo'), { hint: users.isError })}>
              <option value="">{users.isPending ? 'Loading administrators...' : 'Unassigned'}</option>
              {admins.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Priority" htmlFor={id('priority')} error={form.errorOf('priority')} required>
            <NativeSelect {...form.field('priority', id('priority'))} required options={PRIORITY_OPTIONS} />
          </Field>
          <Field label="Recurrence" htmlFor={id('recurrence')} error={form.errorOf('recurrence')}>
            <NativeSelect {...form.field('recurrence', id('recurrence'))} options={RECURRENCE_OPTIONS} />
          </Field>
        </div>
        {form.watch('recurrence') !== '' && (
          <p className="text-sm text-muted">Completing a recurring item creates its next occurrence automatically.</p>
        )}
        <FormError>{form.formError}</FormError>
        <DialogActions busy={form.busy} busyLabel="Saving..." submit={isEdit ? 'Save Changes' : 'Create Item'} />
      </form>
    </DialogContent>
  );
}
