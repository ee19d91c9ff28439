import { Paperclip } from 'lucide-react';
import { fileExtension } from '../../../shared/documents';
import { formatDate } from '../../../shared/format';
import { MESSAGE_ATTACHMENT_EXTENSIONS, type MessagePriority } from '../../../shared/messages';
import { Badge } from '../../components/ui/badge';
import { enumLabel } from '../../lib/i18n';
import { messagesText } from './i18n';

export const ACCEPT = MESSAGE_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
export const ALLOWED_EXTENSIONS = MESSAGE_ATTACHMENT_EXTENSIONS.join(', ');

/** The same checks the server makes first, so that a wrong file is caught before sending. */
export function checkAttachment(file: File): string | null {
  if (!(MESSAGE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return messagesText.t('notAccepted', { allowed: ALLOWED_EXTENSIONS });
  if (file.size === 0) return messagesText.t('emptyFile');
  return null;
}

// ---------------------------------------------------------------------------------------------
// Badges and icons
// ---------------------------------------------------------------------------------------------

/** Spec section 4: High red, Normal green; the text always says which. */
export function PriorityBadge({ priority }: { priority: MessagePriority }) {
  const { t } = messagesText.useT();
  return (
    <Badge tone={priority === 'High' ? 'danger' : 'success'}>
      <span className="sr-only">{t('priorityPrefix')} </span>
      {enumLabel('messagePriority', priority)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: 'Unread' | 'Read' }) {
  const { t } = messagesText.useT();
  return <Badge tone={status === 'Unread' ? 'info' : 'neutral'}>{t(`status.${status}`)}</Badge>;
}

export function AttachmentIcon() {
  const { t } = messagesText.useT();
  return (
    <span role="img" aria-label={t('hasAttachment')} title={t('hasAttachment')} className="inline-flex text-muted">
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
