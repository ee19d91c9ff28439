import { Send } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { MESSAGE_PRIORITIES, type MessagePriority, newMessageFields } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { sharedFormSchema } from '../../lib/form-schema';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { type Side, sendNewMessage, useRecipients, useRefreshAfterChange } from './api';
import { AttachmentField, applyFailure, isAbort, SendingProgress, useAttachmentForm } from './attachment-form';
import { messagesText } from './i18n';
import { checkAttachment } from './message-parts';

// ---------------------------------------------------------------------------------------------
// New message
// ---------------------------------------------------------------------------------------------

export interface ComposeDraft {
  investorId: string;
  subject: string;
  body: string;
  priority: MessagePriority;
}
export const EMPTY_DRAFT: ComposeDraft = { investorId: '', subject: '', body: '', priority: 'Normal' };

/** newMessageFields (the server's rules) over the typed draft; an admin also chooses the investor. */
const composeSchema = (side: Side) =>
  sharedFormSchema(['investorId', 'subject', 'body', 'priority'], newMessageFields, (v) => v, {
    required: side === 'admin' ? { investorId: messagesText.t('compose.chooseInvestor') } : {},
  });

/**
 * 'New Message' dialog: subject, message, priority and an optional attachment; for admins
 * also the investor to write to. What was typed is kept if the dialog is closed unsent.
 */
export function ComposeDialog({
  side,
  open,
  onOpenChange,
  onSent,
}: {
  side: Side;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent?: (threadId: string) => void;
}) {
  const refreshAfterChange = useRefreshAfterChange(side);
  const { t } = messagesText.useT();
  const form = useZodForm(composeSchema(side), { defaultValues: EMPTY_DRAFT, shouldFocusError: false });
  const att = useAttachmentForm();
  // A typed message is kept while the dialog is closed, but leaving the page would lose it.
  useUnsavedChangesGuard(form.formState.isDirty || att.file !== null);
  const recipients = useRecipients(side === 'admin' && open);
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  // A corrected field drops its message (and the form-level one).
  const clearAttError = useRef(att.clearError);
  clearAttError.current = att.clearError;
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (!name) return;
      if (form.getFieldState(name).error) form.clearErrors(name);
      clearAttError.current(name);
    });
    return () => sub.unsubscribe();
  }, [form]);
  const errorOf = (k: keyof ComposeDraft) => form.errorOf(k) ?? att.errors[k];

  /** Text errors first (in field order), then the attachment; the first one gets focus. */
  function focusFirst(textErrors: Record<string, unknown>, fileProblem: string | null) {
    const first = ['investorId', 'subject', 'body', 'priority'].find((k) => k in textErrors) ?? (fileProblem ? 'file' : null);
    if (first) document.getElementById(id(first))?.focus();
  }

  const submit = form.handleSubmit(
    async ({ priority }) => {
      if (att.sending) return;
      const fileProblem = att.file ? checkAttachment(att.file) : null;
      att.setErrors(fileProblem ? { file: fileProblem } : {});
      if (fileProblem) {
        focusFirst({}, fileProblem);
        return;
      }
      const controller = new AbortController();
      att.abortRef.current = controller;
      att.setProgress(0);
      try {
        const draft = { ...form.getValues(), priority };
        const { threadId } = await sendNewMessage(side, draft, att.file, { onProgress: att.setProgress, signal: controller.signal });
        toast.success(t('toast.sent'));
        form.reset(EMPTY_DRAFT);
        att.resetFile();
        att.setErrors({});
        refreshAfterChange();
        onOpenChange(false);
        onSent?.(threadId);
      } catch (err) {
        if (isAbort(err)) toast(t('toast.cancelled'));
        else toast.error(t('toast.sendFailed'), { description: applyFailure(err, att.setErrors) });
      } finally {
        att.abortRef.current = null;
        att.setProgress(null);
      }
    },
    (errs) => {
      const fileProblem = att.file ? checkAttachment(att.file) : null;
      att.setErrors(fileProblem ? { file: fileProblem } : {});
      focusFirst(errs, fileProblem);
    },
  );

  const recipientOptions = (recipients.data ?? []).map((r) => ({
    value: r.id,
    label: r.email ? t('compose.recipient', { name: r.name, email: r.email }) : r.name,
  }));

  return (
    <Dialog open={open} onOpenChange={(o) => (!att.sending || o) && onOpenChange(o)}>
      <DialogContent size="lg" aria-describedby={`${uid}-desc`}>
        <DialogHeader>
          <DialogTitle>{t('compose.title')}</DialogTitle>
          <DialogDescription id={`${uid}-desc`}>
            {side === 'investor' ? t('compose.investorDescription') : t('compose.adminDescription')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('compose.form')}>
          {side === 'admin' && (
            <Field
              label={t('compose.investor')}
              htmlFor={id('investorId')}
              error={errorOf('investorId')}
              hint={recipients.isError ? t('compose.investorsFailed') : undefined}
              required
            >
              <NativeSelect
                {...form.register('investorId')}
                {...fieldProps(id('investorId'), errorOf('investorId'), recipients.isError)}
                required
                disabled={att.sending || recipients.isPending}
                placeholder={recipients.isPending ? t('compose.loadingInvestors') : t('compose.selectInvestor')}
                options={recipientOptions}
              />
            </Field>
          )}
          <Field label={t('compose.subject')} htmlFor={id('subject')} error={errorOf('subject')} required>
            <Input
              {...form.register('subject')}
              {...fieldProps(id('subject'), errorOf('subject'))}
              required
              maxLength={200}
              disabled={att.sending}
            />
          </Field>
          <Field label={t('compose.message')} htmlFor={id('body')} error={errorOf('body')} required>
            <Textarea
              {...form.register('body')}
              {...fieldProps(id('body'), errorOf('body'))}
              required
              rows={6}
              maxLength={20_000}
              disabled={att.sending}
            />
          </Field>
          <Field label={t('compose.priority')} htmlFor={id('priority')} error={errorOf('priority')}>
            <NativeSelect
              {...form.register('priority')}
              {...fieldProps(id('priority'), errorOf('priority'))}
              disabled={att.sending}
              options={[...MESSAGE_PRIORITIES].reverse().map((p) => ({ value: p, label: enumLabel('messagePriority', p) }))}
            />
          </Field>
          <AttachmentField
            id={id('file')}
            file={att.file}
            error={att.errors.file}
            disabled={att.sending}
            inputKey={att.inputKey}
            onChange={att.chooseFile}
          />
          <FormError>{att.errors.form}</FormError>
          {att.sending && att.file && <SendingProgress progress={att.progress ?? 0} fileName={att.file.name} />}
          <DialogFooter>
            {att.sending ? (
              <Button type="button" variant="secondary" onClick={() => att.abortRef.current?.abort()}>
                {t('compose.cancelSending')}
              </Button>
            ) : (
              <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                {t('compose.cancel')}
              </Button>
            )}
            <Button type="submit" busy={att.sending}>
              {!att.sending && <Send aria-hidden="true" />}
              {att.sending ? t('compose.sending') : t('compose.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
