import { type ComplianceItem, type ExternalDueItem, nextOccurrence } from '../../../shared/compliance';
import { formatDate } from '../../../shared/format';
import { DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../lib/toast';
import { serverMessage, useCompleteComplianceItem, useFileSpvReturn } from './api';
import { MESSAGES } from './compliance-messages';
import { RECURRENCE_LABELS } from './compliance-ui';

export function CompleteDialog({
  item,
  onDone,
  onCloseAutoFocus,
}: {
  item: ComplianceItem;
  onDone: () => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const complete = useCompleteComplianceItem();
  async function run() {
    try {
      const { next } = await complete.mutateAsync(item.id);
      toast.success(MESSAGES.completed, { description: next ? MESSAGES.nextCreated(next.dueDate) : undefined });
      onDone();
    } catch (err) {
      toast.error(MESSAGES.completeFailed, { description: serverMessage(err) ?? 'Please try again.' });
      onDone();
    }
  }
  return (
    <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Complete compliance item</DialogTitle>
        <DialogDescription>
          Mark '{item.title}' (due {formatDate(item.dueDate)}) as completed? This cannot be undone.
        </DialogDescription>
      </DialogHeader>
      {item.recurrence && (
        <p className="rounded-md border border-border bg-ink-50 px-3 py-2 text-sm">
          {RECURRENCE_LABELS[item.recurrence]} item: the next occurrence will be created, due{' '}
          <span className="tabular font-medium">{formatDate(nextOccurrence(item.dueDate, item.recurrence))}</span>.
        </p>
      )}
      <DialogActions submit="Complete item" busyLabel="Completing..." busy={complete.isPending} onSubmit={() => void run()} />
    </DialogContent>
  );
}

export function FileReturnDialog({
  ext,
  onDone,
  onCloseAutoFocus,
}: {
  ext: ExternalDueItem;
  onDone: () => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const file = useFileSpvReturn();
  async function run() {
    try {
      const due = await file.mutateAsync(ext.sourceId);
      toast.success(MESSAGES.filed, { description: `Next annual return due ${formatDate(due)}` });
      onDone();
    } catch (err) {
      toast.error(MESSAGES.fileFailed, { description: serverMessage(err) ?? 'Please try again.' });
      onDone();
    }
  }
  const name = ext.title.replace(/^Annual return:\s*/, '');
  return (
    <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Mark annual return as filed</DialogTitle>
        <DialogDescription>
          Record that the annual return of {name} (due {formatDate(ext.dueDate)}) has been filed? Its next return will be due{' '}
          <span className="tabular font-medium text-text">{formatDate(nextOccurrence(ext.dueDate, 'annual'))}</span>.
        </DialogDescription>
      </DialogHeader>
      <DialogActions submit="Mark as filed" busyLabel="Saving..." busy={file.isPending} onSubmit={() => void run()} />
    </DialogContent>
  );
}
