/** The messaging UI, split by part; this entry keeps the pages' imports in one place. */
export { ComposeDialog } from './compose-dialog';
export { AttachmentIcon, checkAttachment, PriorityBadge, StatusBadge, ThreadDate } from './message-parts';
export { type OpenThread, ThreadDialog } from './thread-dialog';
