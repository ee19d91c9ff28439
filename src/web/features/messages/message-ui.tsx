import { useQueryClient } from '@tanstack/react-query';
import { Download, Paperclip, RotateCw, Send, X } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { fileExtension } from '../../../shared/documents';
import { formatDate, formatDateTime } from '../../../shared/format';
import {
  MESSAGE_ATTACHMENT_EXTENSIONS,
  MESSAGE_PRIORITIES,
  type MessagePriority,
  type MessageThread,
  newMessageFields,
  replyFields,
  type ThreadMessage,
} from '../../../shared/portal';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { messageKeys } from '../../lib/query-keys';
import {
  attachmentUrl,
  downloadAttachment,
  errorMessage,
  refreshAfterChange,
  type Side,
  sendNewMessage,
  sendReply,
  useRecipients,
  useThread,
} from './api';

export const MESSAGE_TEXT = {
  sent: 'Message sent',
  sendFailed: 'Failed to send message',
  replySent: 'Reply sent',
  replyFailed: 'Failed to send reply',
  loadFailed: 'Failed to load messages',
  threadFailed: 'Failed to load this conversation',
  downloadFailed: 'Download failed',
  empty: 'No messages yet',
} as const;

const ACCEPT = MESSAGE_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
const EXTENSION_MESSAGE = `Files of this type are not accepted. Allowed: ${MESSAGE_ATTACHMENT_EXTENSIONS.join(', ')}`;

/** The same checks the server makes first, so that a wrong file is caught before sending. */
export function checkAttachment(file: File): string | null {
  if (!(MESSAGE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return EXTENSION_MESSAGE;
  if (file.size === 0) return 'The selected file is empty';
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// ---------------------------------------------------------------------------------------------
// Badges and icons
// ---------------------------------------------------------------------------------------------

/** Spec section 4: High red, Normal green; the text always says which. */
export function PriorityBadge({ priority }: { priority: MessagePriority }) {
  return (
    <Badge tone={priority === 'High' ? 'danger' : 'success'}>
      <span className="sr-only">Priority: </span>
      {priority}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: 'Unread' | 'Read' }) {
  return <Badge tone={status === 'Unread' ? 'info' : 'neutral'}>{status}</Badge>;
}

export function AttachmentIcon() {
  return (
    <span role="img" aria-label="Has attachment" title="Has attachment" className="inline-flex text-muted">
      <Paperclip aria-hidden="true" className="size-4" />
    </span>
  );
}

// ---------------------------------------------------------------------------------------------
// Form pieces
// ---------------------------------------------------------------------------------------------

function AttachmentField({
  id,
  file,
  error,
  disabled,
  inputKey,
  onChange,
}: {
  id: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  inputKey: number;
  onChange: (file: File | null) => void;
}) {
  const hint = file ? `${file.name} · ${formatBytes(file.size)}` : `Optional. Allowed: ${MESSAGE_ATTACHMENT_EXTENSIONS.join(', ')}`;
  return (
    <Field label="Attachment" htmlFor={id} error={error} hint={hint}>
      <div className="flex items-center gap-2">
        <Input
          key={inputKey}
          {...fieldProps(id, error, true)}
          type="file"
          accept={ACCEPT}
          disabled={disabled}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className="min-w-0 cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-ink-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-ink-900 hover:file:bg-ink-50"
        />
        {file && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={disabled}
            onClick={() => onChange(null)}
            aria-label="Remove attachment"
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    </Field>
  );
}

function SendingProgress({ progress, fileName }: { progress: number; fileName: string }) {
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      <p className="text-sm text-muted">
        Sending {fileName}... <span className="tabular">{Math.round(progress)}%</span>
      </p>
      <Progress value={progress} label="Upload progress" showValue />
    </div>
  );
}

function issuesToErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errs: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errs[key] ??= issue.message;
  }
  return errs;
}

/** Shared state of a form that sends text and an optional file with progress. */
function useAttachmentForm() {
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  return {
    file,
    inputKey,
    errors,
    setErrors,
    progress,
    setProgress,
    abortRef,
    sending: progress !== null,
    clearError(key: string) {
      setErrors((e) => {
        if (!(key in e) && !('form' in e)) return e;
        const { [key]: _k, form: _f, ...rest } = e;
        return rest;
      });
    },
    chooseFile(next: File | null) {
      setFile(next);
      if (!next) setInputKey((k) => k + 1);
      const problem = next ? checkAttachment(next) : null;
      setErrors(({ file: _f, form: _g, ...rest }) => (problem ? { ...rest, file: problem } : rest));
    },
    resetFile() {
      setFile(null);
      setInputKey((k) => k + 1);
    },
  };
}

/** Maps a failed send to field errors or a form-level message; returns the toast description. */
function applyFailure(err: unknown, setErrors: (e: Record<string, string>) => void): string | undefined {
  const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
  const message = errorMessage(err);
  if (Object.keys(fields).length) setErrors(fields);
  else if (err instanceof ApiError && err.status === 413) setErrors({ file: message ?? 'The file is too large' });
  else setErrors({ form: message ?? 'Please try again.' });
  return message;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

// ---------------------------------------------------------------------------------------------
// New message
// ---------------------------------------------------------------------------------------------

interface ComposeDraft {
  investorId: string;
  subject: string;
  body: string;
  priority: MessagePriority;
}
const EMPTY_DRAFT: ComposeDraft = { investorId: '', subject: '', body: '', priority: 'Normal' };

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
          <DialogTitle className="break-words">{data?.subject ?? 'Conversation'}</DialogTitle>
          <DialogDescription id={`${uid}-desc`}>
            {data
              ? side === 'admin'
                ? `Conversation with ${data.investorName}`
                : 'Conversation with the investment team'
              : 'Loading the conversation...'}
          </DialogDescription>
          {data && (
            <div className="flex flex-wrap items-center gap-2 pt-1">
              <PriorityBadge priority={data.priority} />
              <span className="text-sm text-muted">
                {data.messages.length} {data.messages.length === 1 ? 'message' : 'messages'}
              </span>
            </div>
          )}
        </DialogHeader>

        {thread.isPending ? (
          <div className="flex items-center gap-3 py-6 text-sm text-muted">
            <Spinner label="Loading the conversation" />
            <span aria-hidden="true">Loading...</span>
          </div>
        ) : thread.isError ? (
          <div className="rounded-md bg-danger-100 p-4 text-sm text-danger-700">
            <p role="alert" className="font-medium">
              {MESSAGE_TEXT.threadFailed}
            </p>
            <p className="mt-1">{errorMessage(thread.error) ?? 'Check your connection, then try again.'}</p>
            <Button variant="secondary" size="sm" className="mt-3" busy={thread.isFetching} onClick={() => void thread.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
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

function MessageList({ side, thread }: { side: Side; thread: MessageThread }) {
  return (
    <ol aria-label="Messages in this conversation" className="flex flex-col gap-3">
      {thread.messages.map((m) => (
        <MessageItem key={m.id} side={side} message={m} />
      ))}
    </ol>
  );
}

function MessageItem({ side, message }: { side: Side; message: ThreadMessage }) {
  const own = message.senderRole === side;
  const roleLabel = message.senderRole === 'admin' ? 'Team' : 'Investor';
  return (
    <li
      className={cn(
        'rounded-lg border p-4',
        own ? 'border-border bg-ink-50 sm:ml-8' : 'border-border bg-surface shadow-xs sm:mr-8',
        message.senderRole === 'admin' ? 'border-l-4 border-l-ink-600' : 'border-l-4 border-l-gold-500',
      )}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm">
          <span className="font-semibold text-ink-900">{message.senderName}</span>
          <span className="text-muted"> · {roleLabel}</span>
        </p>
        <time dateTime={message.createdAt} className="tabular text-xs text-muted">
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      {/* Multipart form fields arrive with CRLF line breaks (the HTML form encoding); show plain ones. */}
      <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-text">{message.body.replace(/\r\n?/g, '\n')}</p>
      {message.attachment && <AttachmentLink side={side} messageId={message.id} attachment={message.attachment} />}
    </li>
  );
}

function AttachmentLink({
  side,
  messageId,
  attachment,
}: {
  side: Side;
  messageId: string;
  attachment: NonNullable<ThreadMessage['attachment']>;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadAttachment(side, messageId, attachment.name);
    } catch (err) {
      toast.error(MESSAGE_TEXT.downloadFailed, { description: errorMessage(err) });
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
        <span className="sr-only">Download </span>
        {attachment.name}
      </span>
      <span className="tabular shrink-0 text-xs font-normal text-muted">{formatBytes(attachment.size)}</span>
    </a>
  );
}

function ReplyForm({
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
  const qc = useQueryClient();
  const [body, setBody] = useState('');
  const form = useAttachmentForm();
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.sending) return;
    const parsed = replyFields.safeParse({ body });
    const errs = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    const fileProblem = form.file ? checkAttachment(form.file) : null;
    if (fileProblem) errs.file = fileProblem;
    form.setErrors(errs);
    if (errs.body) {
      textareaRef.current?.focus();
      return;
    }
    if (errs.file) {
      document.getElementById(id('file'))?.focus();
      return;
    }
    const controller = new AbortController();
    form.abortRef.current = controller;
    form.setProgress(0);
    try {
      await sendReply(side, threadId, body, form.file, { onProgress: form.setProgress, signal: controller.signal });
      toast.success(MESSAGE_TEXT.replySent);
      setBody('');
      form.resetFile();
      form.setErrors({});
      await qc.invalidateQueries({ queryKey: messageKeys.thread(side, threadId) });
      void refreshAfterChange(qc, side);
    } catch (err) {
      if (isAbort(err)) toast('Sending cancelled');
      else toast.error(MESSAGE_TEXT.replyFailed, { description: applyFailure(err, form.setErrors) });
    } finally {
      form.abortRef.current = null;
      form.setProgress(null);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reply" className="flex flex-col gap-3 border-t border-border pt-4">
      <Field label="Message" htmlFor={id('body')} error={form.errors.body} required>
        <Textarea
          ref={textareaRef}
          {...fieldProps(id('body'), form.errors.body)}
          required
          rows={4}
          maxLength={20_000}
          placeholder="Write your reply..."
          disabled={form.sending || disabled}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            form.clearError('body');
          }}
        />
      </Field>
      <AttachmentField
        id={id('file')}
        file={form.file}
        error={form.errors.file}
        disabled={form.sending || disabled}
        inputKey={form.inputKey}
        onChange={form.chooseFile}
      />
      {form.errors.form && (
        <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
          {form.errors.form}
        </p>
      )}
      {form.sending && form.file && <SendingProgress progress={form.progress ?? 0} fileName={form.file.name} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {form.sending && (
          <Button type="button" variant="secondary" onClick={() => form.abortRef.current?.abort()}>
            Cancel Sending
          </Button>
        )}
        <Button type="submit" busy={form.sending} disabled={disabled}>
          {!form.sending && <Send aria-hidden="true" />}
          {form.sending ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}

/** '05 Mar 2026' for a thread's last activity. */
export function ThreadDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="tabular">
      {formatDate(iso)}
    </time>
  );
}
