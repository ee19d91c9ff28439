import { Paperclip } from 'lucide-react';
import { fileExtension } from '../../../shared/documents';
import { formatDate } from '../../../shared/format';
import { MESSAGE_ATTACHMENT_EXTENSIONS, type MessagePriority } from '../../../shared/portal';
import { Badge } from '../../components/ui/badge';

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

export const ACCEPT = MESSAGE_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
export const EXTENSION_MESSAGE = `Files of this type are not accepted. Allowed: ${MESSAGE_ATTACHMENT_EXTENSIONS.join(', ')}`;

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

/** '05 Mar 2026' for a thread's last activity. */
export function ThreadDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="tabular">
      {formatDate(iso)}
    </time>
  );
}
