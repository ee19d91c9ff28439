import { type FormEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  COMPLIANCE_PRIORITIES,
  COMPLIANCE_TYPE_LABELS,
  COMPLIANCE_TYPES,
  type ComplianceItem,
  complianceItemInput,
  RECURRENCES,
} from '../../../shared/compliance';
import { DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useUsers } from '../../lib/queries/users';
import { serverFieldErrors, serverMessage, useCreateComplianceItem, useUpdateComplianceItem } from './api';
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
 * The New Item / Edit Item form (render inside a controlled <Dialog>). Validates with the
 * shared complianceItemInput schema, then shows the server's per-field messages if it refuses.
 */
export function ComplianceItemDialog({
  item,
  defaults = {},
  onDone,
  onCloseAutoFocus,
}: {
  item: ComplianceItem | null;
  /** Prefills for a new item (e.g. a due date). */
  defaults?: Partial<ItemForm>;
  onDone: (saved: ComplianceItem) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const create = useCreateComplianceItem();
  const update = useUpdateComplianceItem();
  const users = useUsers();
  const [form, setForm] = useState<ItemForm>(() => toForm(item, defaults));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = create.isPending || update.isPending;
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

  function set<K extends keyof ItemForm>(key: K, value: ItemForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // An empty field is a missing one: 'Due date is required' rather than a format message.
    const parsed = complianceItemInput.safeParse({ ...form, type: form.type || undefined, dueDate: form.dueDate || undefined });
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        errs[key] ??= issue.message;
      }
      setErrors(errs);
      // Move focus to the first invalid field so keyboard and screen-reader users land on it.
      const first = (['title', 'type', 'description', 'dueDate', 'assignedTo', 'priority', 'recurrence'] as const).find((k) => errs[k]);
      if (first) document.getElementById(`compliance-${first}`)?.focus();
      return;
    }
    setErrors({});
    const body = {
      ...parsed.data,
      description: parsed.data.description ?? null,
      assignedTo: parsed.data.assignedTo ?? null,
      recurrence: parsed.data.recurrence ?? null,
    };
    try {
      const saved = item ? await update.mutateAsync({ id: item.id, body }) : await create.mutateAsync(body);
      toast.success(isEdit ? ITEM_MESSAGES.updated : ITEM_MESSAGES.created);
      onDone(saved);
    } catch (err) {
      const fields = serverFieldErrors(err);
      const message = serverMessage(err) ?? 'Please try again.';
      setErrors(Object.keys(fields).length ? fields : { form: message });
      toast.error(isEdit ? ITEM_MESSAGES.updateFailed : ITEM_MESSAGES.createFailed, { description: message });
    }
  }

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
        <Field label="Title" htmlFor={id('title')} error={errors.title} required>
          <Input
            {...fieldProps(id('title'), errors.title)}
            required
            maxLength={200}
            placeholder="e.g. DFSA quarterly prudential return"
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Type" htmlFor={id('type')} error={errors.type} required>
            <NativeSelect
              {...fieldProps(id('type'), errors.type)}
              required
              placeholder="Choose a type"
              value={form.type}
              onChange={(e) => set('type', e.target.value)}
              options={TYPE_OPTIONS}
            />
          </Field>
          <Field label="Due Date" htmlFor={id('dueDate')} error={errors.dueDate} required>
            <Input
              {...fieldProps(id('dueDate'), errors.dueDate)}
              type="date"
              required
              className="tabular"
              value={form.dueDate}
              onChange={(e) => set('dueDate', e.target.value)}
            />
          </Field>
        </div>
        <Field label="Description" htmlFor={id('description')} error={errors.description}>
          <Textarea
            {...fieldProps(id('description'), errors.description)}
            rows={3}
            maxLength={2000}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Assigned To"
            htmlFor={id('assignedTo')}
            error={errors.assignedTo}
            hint={users.isError ? 'Could not load administrators; you can assign the item later.' : undefined}
          >
            <NativeSelect
              {...fieldProps(id('assignedTo'), errors.assignedTo, users.isError)}
              value={form.assignedTo}
              onChange={(e) => set('assignedTo', e.target.value)}
            >
              <option value="">{users.isPending ? 'Loading administrators...' : 'Unassigned'}</option>
              {admins.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Priority" htmlFor={id('priority')} error={errors.priority} required>
            <NativeSelect
              {...fieldProps(id('priority'), errors.priority)}
              required
              value={form.priority}
              onChange={(e) => set('priority', e.target.value)}
              options={PRIORITY_OPTIONS}
            />
          </Field>
          <Field label="Recurrence" htmlFor={id('recurrence')} error={errors.recurrence}>
            <NativeSelect
              {...fieldProps(id('recurrence'), errors.recurrence)}
              value={form.recurrence}
              onChange={(e) => set('recurrence', e.target.value)}
              options={RECURRENCE_OPTIONS}
            />
          </Field>
        </div>
        {form.recurrence !== '' && (
          <p className="text-sm text-muted">Completing a recurring item creates its next occurrence automatically.</p>
        )}
        {errors.form && (
          <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
            {errors.form}
          </p>
        )}
        <DialogActions busy={busy} busyLabel="Saving..." submit={isEdit ? 'Save Changes' : 'Create Item'} />
      </form>
    </DialogContent>
  );
}
