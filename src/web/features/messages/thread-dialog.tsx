import { Download, RotateCw, Send } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { formatBytes, formatDateTimeZoned } from '../../../shared/format';
import { type MessageThread, replyFields, type ThreadMessage } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { attachmentUrl, downloadAttachment, errorMessage, type Side, sendReply, useRefreshAfterReply, useThread } from './api';
import { AttachmentField, applyFailure, isAbort, SendingProgress, useAttachmentForm } from './attachment-form';
import { messagesText } from './i18n';
import { checkAttachment, PriorityBadge } from './message-parts';

// ---------------------------------------------------------------------------------------------
// Thread view with reply
// ---------------------------------------------------------------------------------------------

export interface OpenThread {
  id: string;
  /** 'reply' focuses the reply box when the dialog opens. */
  mode: 'view' | 'reply';
}

/**
 * The whole conversation (every message with sender, time, body as text with its line breaks,
 * attachment downloads) and a reply box. Opening it marks the thread read for this side.
 * Focus goes back to `returnFocus` (the button that opened it) on close.
 */
export function ThreadDialog({
  side,
  open,
  onClose,
  returnFocus,
}: {
  side: Side;
  open: OpenThread | null;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const thread = useThread(side, open?.id ?? null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const uid = useId();
  const data = thread.data;
  const { t } = messagesText.useT();

  // Once the messages are in, keep the reply box in view when replying.
  useEffect(() => {
    if (open?.mode === 'reply' && data) replyRef.current?.scrollIntoView({ block: 'nearest' });
  }, [open?.mode, data]);

  return (
    <Dialog open={open !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        ref={contentRef}
        size="lg"
        aria-describedby={`${uid}-desc`}
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          if (open?.mode === 'reply') replyRef.current?.focus();
          else contentRef.current?.focus();
        }}
        onCloseAutoFocus={(e) => {
          if (returnFocus.current?.isConnected) {
            e.preventDefault();
            returnFocus.current.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words">{data?.subject ?? t('thread.conversation')}</DialogTitle>
          <DialogDescription id={`${uid}-desc`}>
            {data ? (side === 'admin' ? t('thread.withInvestor', { name: data.investorName }) : t('thread.withTeam')) : t('thread.loading')}
          </DialogDescription>
          {data && (
            <div className="flex flex-wrap items-center gap-2 pt-1">
              <PriorityBadge priority={data.priority} />
              <span className="text-sm text-muted">{t('thread.messages', { count: data.messages.length })}</span>
            </div>
          )}
        </DialogHeader>

        {thread.isPending ? (
          <div className="flex items-center gap-3 py-6 text-sm text-muted">
            <Spinner label={t('thread.spinner')} />
            <span aria-hidden="true">{t('thread.loadingShort')}</span>
          </div>
        ) : thread.isError ? (
          <div className="rounded-md bg-danger-100 p-4 text-sm text-danger-700">
            <p role="alert" className="font-medium">
              {t('thread.failed')}
            </p>
            <p className="mt-1">{errorMessage(thread.error) ?? t('thread.checkConnection')}</p>
            <Button variant="secondary" size="sm" className="mt-3" busy={thread.isFetching} onClick={() => void thread.refetch()}>
              <RotateCw aria-hidden="true" />
              {t('thread.tryAgain')}
            </Button>
          </div>
        ) : (
          <MessageList side={side} thread={thread.data} />
        )}

        {open && <ReplyForm key={open.id} side={side} threadId={open.id} textareaRef={replyRef} disabled={thread.isError} />}
      </DialogContent>
    </Dialog>
  );
}

export function MessageList({ side, thread }: { side: Side; thread: MessageThread }) {
  const { t } = messagesText.useT();
  return (
    <ol aria-label={t('thread.list')} className="flex flex-col gap-3">
      {thread.messages.map((m) => (
        <MessageItem key={m.id} side={side} message={m} />
      ))}
    </ol>
  );
}

export function MessageItem({ side, message }: { side: Side; message: ThreadMessage }) {
  const own = message.senderRole === side;
  const { t } = messagesText.useT();
  const roleLabel = message.senderRole === 'admin' ? t('thread.team') : t('thread.investorRole');
  return (
    <li
      className={cn(
        'rounded-lg border p-4',
        own ? 'border-border bg-ink-50 sm:ms-8' : 'border-border bg-surface shadow-xs sm:me-8',
        message.senderRole === 'admin' ? 'border-s-4 border-s-ink-600' : 'border-s-4 border-s-gold-500',
      )}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm">
          <bdi className="font-semibold text-ink-900">{message.senderName}</bdi>
          <span className="text-muted"> · {roleLabel}</span>
        </p>
        <time dateTime={message.createdAt} className="tabular text-xs text-muted">
          {formatDateTimeZoned(message.createdAt)}
        </time>
      </div>
      {/* Multipart form fields arrive with CRLF line breaks (the HTML form encoding); show plain ones. */}
      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-text">{message.body.replace(/\r\n?/g, '\n')}</p>
      {message.attachment && <AttachmentLink side={side} messageId={message.id} attachment={message.attachment} />}
    </li>
  );
}

export function AttachmentLink({
  side,
  messageId,
  attachment,
}: {
  side: Side;
  messageId: string;
  attachment: NonNullable<ThreadMessage['attachment']>;
}) {
  const [busy, setBusy] = useState(false);
  const { t } = messagesText.useT();
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadAttachment(side, messageId, attachment.name);
    } catch (err) {
      toast.error(t('toast.downloadFailed'), { description: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <a
      href={attachmentUrl(side, messageId)}
      download={attachment.name}
      onClick={(e) => {
        e.preventDefault();
        void download();
      }}
      aria-busy={busy || undefined}
      className="mt-3 inline-flex min-h-10 max-w-full items-center gap-2 rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium text-ink-900 hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
    >
      {busy ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4 shrink-0 text-gold-600" />}
      <span className="truncate">
        <span className="sr-only">{t('thread.download')} </span>
        <bdi>{attachment.name}</bdi>
      </span>
      <span className="tabular shrink-0 text-xs font-normal text-muted">{formatBytes(attachment.size)}</span>
    </a>
  );
}

export function ReplyForm({
  side,
  threadId,
  textareaRef,
  disabled,
}: {
  side: Side;
  threadId: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}) {
  const refreshAfterReply = useRefreshAfterReply(side);
  const { t } = messagesText.useT();
  const form = useZodForm(replyFields, { defaultValues: { body: '' }, shouldFocusError: false });
  const att = useAttachmentForm();
  const body = String(form.watch('body') ?? '');
  useUnsavedChangesGuard(body.trim() !== '' || att.file !== null);
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const bodyField = form.register('body', {
    onChange: () => {
      form.clearErrors('body');
      att.clearError('body');
    },
  });
  const bodyError = form.errorOf('body') ?? att.errors.body;

  const submit = form.handleSubmit(
    async () => {
      if (att.sending) return;
      const fileProblem = att.file ? checkAttachment(att.file) : null;
      att.setErrors(fileProblem ? { file: fileProblem } : {});
      if (fileProblem) {
        document.getElementById(id('file'))?.focus();
        return;
      }
      const controller = new AbortController();
      att.abortRef.current = controller;
      att.setProgress(0);
      try {
        await sendReply(side, threadId, String(form.getValues('body') ?? ''), att.file, {
          onProgress: att.setProgress,
          signal: controller.signal,
        });
        toast.success(t('toast.replySent'));
        form.reset({ body: '' });
        att.resetFile();
        att.setErrors({});
        await refreshAfterReply(threadId);
      } catch (err) {
        if (isAbort(err)) toast(t('toast.cancelled'));
        else toast.error(t('toast.replyFailed'), { description: applyFailure(err, att.setErrors) });
      } finally {
        att.abortRef.current = null;
        att.setProgress(null);
      }
    },
    () => {
      const fileProblem = att.file ? checkAttachment(att.file) : null;
      att.setErrors(fileProblem ? { file: fileProblem } : {});
      textareaRef.current?.focus();
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('thread.replyForm')} className="flex flex-col gap-3 border-t border-border pt-4">
      <Field label={t('thread.message')} htmlFor={id('body')} error={bodyError} required>
        <Textarea
          {...bodyField}
          ref={(el) => {
            bodyField.ref(el);
            textareaRef.current = el;
          }}
          {...fieldProps(id('body'), bodyError)}
          required
          rows={4}
          maxLength={20_000}
          placeholder={t('thread.replyPlaceholder')}
          disabled={att.sending || disabled}
        />
      </Field>
      <AttachmentField
        id={id('file')}
        file={att.file}
        error={att.errors.file}
        disabled={att.sending || disabled}
        inputKey={att.inputKey}
        onChange={att.chooseFile}
      />
      <FormError>{att.errors.form}</FormError>
      {att.sending && att.file && <SendingProgress progress={att.progress ?? 0} fileName={att.file.name} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {att.sending && (
          <Button type="button" variant="secondary" onClick={() => att.abortRef.current?.abort()}>
            {t('compose.cancelSending')}
          </Button>
        )}
        <Button type="submit" busy={att.sending} disabled={disabled}>
          {!att.sending && <Send aria-hidden="true" />}
          {att.sending ? t('compose.sending') : t('thread.send')}
        </Button>
      </div>
    </form>
  );
}
