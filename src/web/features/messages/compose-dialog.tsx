import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGE_PRIORITIES, type MessagePriority, newMessageFields } from '../../../shared/portal';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { issuesToErrors } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { refreshAfterChange, type Side, sendNewMessage, useRecipients } from './api';
import { AttachmentField, applyFailure, isAbort, SendingProgress, useAttachmentForm } from './attachment-form';
import { checkAttachment, MESSAGE_TEXT } from './message-parts';

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
  const qc = useQueryClient();
  const [draft, setDraft] = useState<ComposeDraft>(EMPTY_DRAFT);
  const form = useAttachmentForm();
  // A typed message is kept while the dialog is closed, but leaving the page would lose it.
  useUnsavedChangesGuard(JSON.stringify(draft) !== JSON.stringify(EMPTY_DRAFT) || form.file !== null);
  const recipients = useRecipients(side === 'admin' && open);
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;

  function set<K extends keyof ComposeDraft>(key: K, value: ComposeDraft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    form.clearError(key);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.sending) return;
    const parsed = newMessageFields.safeParse(draft);
    const errs = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (side === 'admin' && !draft.investorId) errs.investorId = 'Choose an investor';
    const fileProblem = form.file ? checkAttachment(form.file) : null;
    if (fileProblem) errs.file = fileProblem;
    form.setErrors(errs);
    const order = ['investorId', 'subject', 'body', 'priority', 'file'];
    const first = order.find((k) => errs[k]);
    if (first) {
      document.getElementById(id(first))?.focus();
      return;
    }
    const controller = new AbortController();
    form.abortRef.current = controller;
    form.setProgress(0);
    try {
      const { threadId } = await sendNewMessage(side, draft, form.file, { onProgress: form.setProgress, signal: controller.signal });
      toast.success(MESSAGE_TEXT.sent);
      setDraft(EMPTY_DRAFT);
      form.resetFile();
      form.setErrors({});
      void refreshAfterChange(qc, side);
      onOpenChange(false);
      onSent?.(threadId);
    } catch (err) {
      if (isAbort(err)) toast(`Sending cancelled`);
      else toast.error(MESSAGE_TEXT.sendFailed, { description: applyFailure(err, form.setErrors) });
    } finally {
      form.abortRef.current = null;
      form.setProgress(null);
    }
  }

  const recipientOptions = (recipients.data ?? []).map((r) => ({ value: r.id, label: r.email ? `${r.name} (${r.email})` : r.name }));

  return (
    <Dialog open={open} onOpenChange={(o) => (!form.sending || o) && onOpenChange(o)}>
      <DialogContent size="lg" aria-describedby={`${uid}-desc`}>
        <DialogHeader>
          <DialogTitle>New Message</DialogTitle>
          <DialogDescription id={`${uid}-desc`}>
            {side === 'investor'
              ? 'Write to the investment team. Only you and our team can read this conversation.'
              : 'Start a conversation with an investor.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="New message">
          {side === 'admin' && (
            <Field
              label="Investor"
              htmlFor={id('investorId')}
              error={form.errors.investorId}
              hint={recipients.isError ? 'Investors could not be loaded. Close and try again.' : undefined}
              required
            >
              <NativeSelect
                {...fieldProps(id('investorId'), form.errors.investorId, recipients.isError)}
                required
                disabled={form.sending || recipients.isPending}
                placeholder={recipients.isPending ? 'Loading investors...' : 'Select an investor'}
                value={draft.investorId}
                onChange={(e) => set('investorId', e.target.value)}
                options={recipientOptions}
              />
            </Field>
          )}
          <Field label="Subject" htmlFor={id('subject')} error={form.errors.subject} required>
            <Input
              {...fieldProps(id('subject'), form.errors.subject)}
              required
              maxLength={200}
              disabled={form.sending}
              value={draft.subject}
              onChange={(e) => set('subject', e.target.value)}
            />
          </Field>
          <Field label="Message" htmlFor={id('body')} error={form.errors.body} required>
            <Textarea
              {...fieldProps(id('body'), form.errors.body)}
              required
              rows={6}
              maxLength={20_000}
              disabled={form.sending}
              value={draft.body}
              onChange={(e) => set('body', e.target.value)}
            />
          </Field>
          <Field label="Priority" htmlFor={id('priority')} error={form.errors.priority}>
            <NativeSelect
              {...fieldProps(id('priority'), form.errors.priority)}
              disabled={form.sending}
              value={draft.priority}
              onChange={(e) => set('priority', e.target.value as MessagePriority)}
              options={[...MESSAGE_PRIORITIES].reverse().map((p) => ({ value: p, label: p }))}
            />
          </Field>
          <AttachmentField
            id={id('file')}
            file={form.file}
            error={form.errors.file}
            disabled={form.sending}
            inputKey={form.inputKey}
            onChange={form.chooseFile}
          />
          {form.errors.form && (
            <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
              {form.errors.form}
            </p>
          )}
          {form.sending && form.file && <SendingProgress progress={form.progress ?? 0} fileName={form.file.name} />}
          <DialogFooter>
            {form.sending ? (
              <Button type="button" variant="secondary" onClick={() => form.abortRef.current?.abort()}>
                Cancel Sending
              </Button>
            ) : (
              <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
            )}
            <Button type="submit" busy={form.sending}>
              {!form.sending && <Send aria-hidden="true" />}
              {form.sending ? 'Sending...' : 'Send Message'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
