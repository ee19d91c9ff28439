import { Trans } from 'react-i18next';
import { type ComplianceItem, type ExternalDueItem, nextOccurrence } from '../../../shared/compliance';
import { formatDate } from '../../../shared/format';
import { DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage, useCompleteComplianceItem, useFileSpvReturn } from './api';
import { MESSAGES } from './compliance-messages';
import { complianceText } from './i18n';

export function CompleteDialog({
  item,
  onDone,
  onCloseAutoFocus,
}: {
  item: ComplianceItem;
  onDone: () => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const { t } = complianceText.useT();
  const complete = useCompleteComplianceItem();
  async function run() {
    try {
      const { next } = await complete.mutateAsync(item.id);
      toast.success(MESSAGES.completed(), { description: next ? MESSAGES.nextCreated(next.dueDate) : undefined });
      onDone();
    } catch (err) {
      toast.error(MESSAGES.completeFailed(), { description: serverMessage(err) ?? MESSAGES.tryAgain() });
      onDone();
    }
  }
  return (
    <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{t('complete.title')}</DialogTitle>
        <DialogDescription>{t('complete.question', { title: item.title, date: formatDate(item.dueDate) })}</DialogDescription>
      </DialogHeader>
      {item.recurrence && (
        <p className="rounded-md border border-border bg-ink-50 px-3 py-2 text-sm">
          <Trans
            t={t}
            i18nKey="complete.recurring"
            values={{
              recurrence: enumLabel('recurrence', item.recurrence),
              date: formatDate(nextOccurrence(item.dueDate, item.recurrence)),
            }}
            components={{ date: <span className="tabular font-medium" /> }}
          />
        </p>
      )}
      <DialogActions submit={t('complete.submit')} busyLabel={t('complete.busy')} busy={complete.isPending} onSubmit={() => void run()} />
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
  const { t } = complianceText.useT();
  const file = useFileSpvReturn();
  async function run() {
    try {
      const due = await file.mutateAsync(ext.sourceId);
      toast.success(MESSAGES.filed(), { description: t('toast.nextReturn', { date: formatDate(due) }) });
      onDone();
    } catch (err) {
      toast.error(MESSAGES.fileFailed(), { description: serverMessage(err) ?? MESSAGES.tryAgain() });
      onDone();
    }
  }
  const name = ext.name;
  return (
    <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{t('fileReturn.title')}</DialogTitle>
        <DialogDescription>
          <Trans
            t={t}
            i18nKey="fileReturn.question"
            values={{ name, date: formatDate(ext.dueDate), next: formatDate(nextOccurrence(ext.dueDate, 'annual')) }}
            components={{ date: <span className="tabular font-medium text-text" /> }}
          />
        </DialogDescription>
      </DialogHeader>
      <DialogActions submit={t('fileReturn.submit')} busyLabel={t('fileReturn.busy')} busy={file.isPending} onSubmit={() => void run()} />
    </DialogContent>
  );
}
