import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, type Role } from './constants.ts';
import { emailAddressField } from './email-address.ts';

/** A recovery link is valid this long, once. */
export const RESET_TOKEN_MINUTES = 30;
/** Recovery requests allowed per address and per client within the window. */
export const RESET_LIMIT_PER_ADDRESS = 3;
export const RESET_LIMIT_PER_CLIENT = 10;
export const RESET_LIMIT_WINDOW_MINUTES = 15;

/** The one answer to every recovery request, whether or not the account exists. */
export const FORGOT_PASSWORD_ANSWER =
  'If an active account uses that address, we have sent it a link to set a new password. The link is valid for 30 minutes.';
export const RESET_LINK_INVALID = 'This link is invalid or has expired. Request a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with your new password.';

const emailField = emailAddressField;

export const forgotPasswordInput = z.object({ email: emailField });

const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const resetPasswordInput = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Password is too long'),
});

/**
 * What a user can switch off for themselves. Each topic belongs to one audience; some also
 * follow a switch of the Notifications tab (on top of "Email notifications", which covers all).
 */
export const NOTIFICATION_TOPICS = [
  'dealAlerts',
  'capitalCalls',
  'distributions',
  'documents',
  'messages',
  'kyc',
  'signups',
  'subscriptions',
  'complianceDigest',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const TOPIC_INFO: Record<NotificationTopic, { label: string; description: string; roles: Role[] }> = {
  dealAlerts: { label: 'Deal alerts', description: 'A new deal opens for subscription.', roles: ['investor'] },
  capitalCalls: { label: 'Capital calls', description: 'A capital call is issued, and a reminder before it is due.', roles: ['investor'] },
  distributions: { label: 'Distributions', description: 'A distribution to you is recorded or paid.', roles: ['investor'] },
  documents: { label: 'New documents', description: 'A document is shared with you or with all investors.', roles: ['investor'] },
  messages: { label: 'Secure messages', description: 'A new secure message is waiting (never its text).', roles: ['investor', 'admin'] },
  kyc: {
    label: 'KYC',
    description: 'Your KYC application is approved or rejected; for admins, one is submitted for review.',
    roles: ['investor', 'admin'],
  },
  signups: { label: 'New sign-ups', description: 'An investor signs up and waits for approval.', roles: ['admin'] },
  subscriptions: { label: 'Subscriptions', description: 'An investor submits a subscription.', roles: ['admin'] },
  complianceDigest: {
    label: 'Compliance digest',
    description: 'Once a day: compliance items overdue or due within 7 days.',
    roles: ['admin'],
  },
};

export const topicsFor = (role: Role): NotificationTopic[] => NOTIFICATION_TOPICS.filter((t) => TOPIC_INFO[t].roles.includes(role));

export interface NotificationPreferences {
  /** Every topic of the user's role, with whether it is on. */
  topics: { topic: NotificationTopic; label: string; description: string; enabled: boolean }[];
  /** The company switches that hold every notification back, whatever the user chooses. */
  emailNotificationsEnabled: boolean;
}

export const notificationPreferencesInput = z.object({
  topics: z.partialRecord(z.enum(NOTIFICATION_TOPICS, { error: 'Unknown notification topic' }), z.boolean()),
});

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxEntry {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  smtpResponse: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxPage {
  entries: OutboxEntry[];
  counts: Record<OutboxStatus, number>;
  /** How this server sends: whether SMTP_URL overrides the tab, SMTP_PASSWORD is set, and the links' address. */
  server: { smtpUrlOverride: boolean; passwordFromEnv: boolean; linkBase: string; publicUrlSet: boolean };
}

export const outboxQuery = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

export const testEmailInput = z.object({ to: emailField });

export interface TestEmailResult {
  ok: boolean;
  /** The server's answer (e.g. "250 2.0.0 Ok: queued as ...") or the error. */
  response: string;
}

/** POST /api/auth/reset-password/check: the token of a reset link. */
export const resetTokenInput = z.object({ token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200) });

/** POST /api/notifications/unsubscribe: the token and topic of an unsubscribe link. */
export const unsubscribeInput = z.object({
  token: z.string({ error: 'This unsubscribe link is not valid' }).min(1).max(200),
  topic: z.enum(NOTIFICATION_TOPICS, { error: 'This unsubscribe link is not valid' }),
});
