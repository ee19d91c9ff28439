import { z } from 'zod';

// Secure messages: threads, messages and their inputs (split out of the former shared/portal.ts, issue 28).

export const MESSAGE_PRIORITIES = ['High', 'Normal'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];
export const MESSAGE_ATTACHMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png'] as const;

export interface MessageThreadSummary {
  id: string;
  investorId: string;
  investorName: string;
  subject: string;
  /** Who sent the latest message: a person's name, or 'Investor Relations' for the team. */
  from: string;
  date: string;
  status: 'Unread' | 'Read';
  unreadCount: number;
  priority: MessagePriority;
  hasAttachment: boolean;
  preview: string;
}

export interface ThreadMessage {
  id: string;
  senderRole: 'admin' | 'investor';
  senderName: string;
  body: string;
  createdAt: string;
  attachment: { name: string; extension: string; size: number } | null;
}

export interface MessageThread extends MessageThreadSummary {
  messages: ThreadMessage[];
}

/** Message text with line breaks normalised (form posts send CRLF). */
const messageBody = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v),
  z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(20_000),
);

export const newMessageFields = z.object({
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  body: messageBody,
  priority: z.enum(MESSAGE_PRIORITIES, { error: 'Choose a priority' }).default('Normal'),
});
export const replyFields = z.object({ body: messageBody });
/** The honest description of how messages are protected (no end-to-end claim). */
export const SECURE_COMMUNICATION_NOTICE =
  'Messages are encrypted in transit (HTTPS) and at rest (AES-256-GCM), are visible only to you and our team, and are kept in line with DFSA data protection requirements.';

/** GET /api/messages and /api/investor/messages: the side's threads with their counts. */
export interface ThreadList {
  threads: MessageThreadSummary[];
  counts: { total: number; unread: number; high: number };
}
