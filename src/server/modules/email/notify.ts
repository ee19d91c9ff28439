import { randomBytes } from 'node:crypto';
import { todayIso } from '../../../shared/dates.ts';
import type { NotificationTopic } from '../../../shared/email.ts';
import { companyZone, type Settings } from '../../../shared/settings.ts';
import type { Queryable } from '../../db/client.ts';
import { languageFor } from '../../i18n.ts';
import { getSettings } from '../settings/service.ts';
import { enqueueEmail, enqueueEmails } from './outbox.ts';
import {
  activeRecipient,
  addressees,
  claimDigestDay,
  complianceDigestItems,
  distributionShares,
  documentAudience,
  ensureUnsubscribeToken,
  markCallReminder,
  markDealAnnounced,
  nameAndEmail,
  outstandingCallLines,
  type Recipient,
  subscriptionNotice,
  type Audience as Who,
} from './repository.ts';
import { type Audience, type Brand, type Rendered, templates, type Unsub } from './templates.ts';

/**
 * Notifications: each function takes the transaction of the event that causes it and writes
 * the e-mails to the outbox there. Who gets one: active users of the right audience whose own
 * preferences allow the topic, while the Notifications tab's "Email notifications" switch is on
 * (and "Deal alerts" / "Compliance alerts" for those topics). Essential e-mails (password
 * recovery, account approved) ignore the switches and carry no unsubscribe link.
 */

const TOPIC_SETTING: Partial<Record<NotificationTopic, keyof Settings>> = {
  dealAlerts: 'dealAlerts',
  complianceDigest: 'complianceAlerts',
};

function topicAllowed(settings: Settings, topic: NotificationTopic): boolean {
  if (!settings.emailNotifications) return false;
  const extra = TOPIC_SETTING[topic];
  return extra ? Boolean(settings[extra]) : true;
}

export const brandOf = (s: Settings): Brand => ({
  companyName: s.companyName,
  companyLogo: s.companyLogo,
  firm: {
    legalName: s.legalName,
    registeredOffice: s.registeredOffice,
    licenseNumber: s.licenseNumber,
    disclaimer: { en: s.documentDisclaimer, ar: s.documentDisclaimerAr },
  },
});

/** The brand and the recipient's language: their own choice, else the company default. */
export const audienceOf = (s: Settings, recipient: { language?: string | null }): Audience => ({
  ...brandOf(s),
  language: languageFor(recipient.language, s.language),
});

/** Makes sure the user has a preferences row (and an unsubscribe token); returns the token. */
export async function unsubscribeToken(q: Queryable, userId: string): Promise<string> {
  return ensureUnsubscribeToken(q, userId, randomBytes(24).toString('base64url'));
}

const unsubFor = (token: string, topic: NotificationTopic): Unsub => ({
  path: `/unsubscribe#token=${encodeURIComponent(token)}&topic=${topic}`,
  topic,
});

async function notifyTopic(
  q: Queryable,
  topic: NotificationTopic,
  kind: string,
  who: Who,
  render: (to: Audience, r: Recipient, unsub: Unsub) => Rendered,
): Promise<number> {
  const settings = await getSettings(q);
  if (!topicAllowed(settings, topic)) return 0;
  const list = await addressees(q, topic, who);
  await enqueueEmails(
    q,
    list.map((r) => ({ kind, to: r.email, userId: r.id, ...render(audienceOf(settings, r), r, unsubFor(r.unsubscribeToken, topic)) })),
  );
  return list.length;
}

// ---- to investors ----

/** Essential: sent whatever the switches say. */
export async function notifyAccountApproved(q: Queryable, userId: string): Promise<void> {
  const r = await activeRecipient(q, userId);
  if (!r) return;
  const to = audienceOf(await getSettings(q), r);
  await enqueueEmail(q, { kind: 'account_approved', to: r.email, userId: r.id, ...templates.accountApproved(to, { name: r.name }) });
}

export async function notifyKycDecision(q: Queryable, investorId: string, approved: boolean, reason: string | null): Promise<void> {
  await notifyTopic(q, 'kyc', approved ? 'kyc_approved' : 'kyc_rejected', { ids: [investorId] }, (to, r, unsub) =>
    templates.kycDecision(to, { name: r.name, approved, reason }, unsub),
  );
}

/** Essential: a new tax self-certification is due by `dueDate` after a change of circumstances (decision 049). */
export async function notifyTaxRecertification(q: Queryable, investorId: string, dueDate: string): Promise<void> {
  const r = await activeRecipient(q, investorId);
  if (!r) return;
  const to = audienceOf(await getSettings(q), r);
  await enqueueEmail(q, {
    kind: 'tax_recertification',
    to: r.email,
    userId: r.id,
    ...templates.taxRecertify(to, { name: r.name, dueDate }),
  });
}

/**
 * A due-date reminder to one active investor ('before': some days ahead, 'due': today), in their
 * language; false when the account is not active. The tax renewal and the KYC refresh share it.
 */
async function notifyDueReminder(
  q: Queryable,
  investorId: string,
  kind: 'tax_recertification_reminder' | 'kyc_refresh_reminder',
  render: (to: Audience, name: string) => Rendered,
): Promise<boolean> {
  const r = await activeRecipient(q, investorId);
  if (!r) return false;
  await enqueueEmail(q, { kind, to: r.email, userId: r.id, ...render(audienceOf(await getSettings(q), r), r.name) });
  return true;
}

/** A renewal of the tax self-certification falls due in a few days ('before') or today ('due'). */
export const notifyTaxRenewalReminder = (q: Queryable, investorId: string, dueDate: string, stage: 'before' | 'due') =>
  notifyDueReminder(q, investorId, 'tax_recertification_reminder', (to, name) =>
    templates.taxRenewalReminder(to, { name, dueDate, stage }),
  );

/** The investor's periodic KYC refresh falls due in 30 days or less ('before') or today ('due'); decision 050. */
export const notifyKycRefreshReminder = (q: Queryable, investorId: string, dueDate: string, stage: 'before' | 'due') =>
  notifyDueReminder(q, investorId, 'kyc_refresh_reminder', (to, name) => templates.kycRefreshReminder(to, { name, dueDate, stage }));

/**
 * A deal that is now open for subscription is announced once, ever: the first caller to mark it
 * (in the event's transaction) sends the alerts. The caller passes the deal when it is open
 * (subscriptions' `openDeal`), nothing when it is not.
 */
export async function notifyDealOpen(
  q: Queryable,
  deal: { id: string; title: string; type: string; targetAmount: string | null } | undefined,
): Promise<number> {
  if (!deal) return 0;
  if (!(await markDealAnnounced(q, deal.id))) return 0;
  return notifyTopic(q, 'dealAlerts', 'deal_open', { role: 'investor' }, (to, r, unsub) =>
    templates.dealOpen(to, { name: r.name, title: deal.title, type: deal.type, target: deal.targetAmount }, unsub),
  );
}

export interface CapitalCallNotice {
  investorId: string;
  dealTitle: string;
  /** Decimal string, e.g. '12500.00'. */
  amount: string;
  /** ISO date, e.g. '2026-12-15'. */
  dueDate: string;
}

/** Capital call issued: call once per investor, in the transaction that issues the call. */
export async function notifyCapitalCallIssued(q: Queryable, notice: CapitalCallNotice): Promise<void> {
  await notifyTopic(q, 'capitalCalls', 'capital_call_issued', { ids: [notice.investorId] }, (to, r, unsub) =>
    templates.capitalCallIssued(to, { name: r.name, dealTitle: notice.dealTitle, amount: notice.amount, dueDate: notice.dueDate }, unsub),
  );
}

/** Capital call reminder before the due date: call once per investor and call (e.g. from a daily job). */
export async function notifyCapitalCallReminder(q: Queryable, notice: CapitalCallNotice): Promise<void> {
  await notifyTopic(q, 'capitalCalls', 'capital_call_reminder', { ids: [notice.investorId] }, (to, r, unsub) =>
    templates.capitalCallReminder(to, { name: r.name, dealTitle: notice.dealTitle, amount: notice.amount, dueDate: notice.dueDate }, unsub),
  );
}

/** Days before a capital call's due date when investors who still owe part of it are reminded. */
export const CAPITAL_CALL_REMINDER_DAYS = 3;

/**
 * The capital-call reminders: once a day (the first worker pass of the company's day, on whichever
 * instance), each investor who still owes part of a call due within CAPITAL_CALL_REMINDER_DAYS
 * days is reminded of the outstanding amount, once per call (capital_call_reminders). Lines of a
 * cancelled (reversed) call, and lines paid in full, get none.
 */
/** `now`: the app's clock (tests move it across the company's midnight). */
export async function enqueueCapitalCallReminders(q: Queryable, now: Date = new Date()): Promise<number> {
  const settings = await getSettings(q);
  if (!topicAllowed(settings, 'capitalCalls')) return 0;
  // The company's day (decision record 020): reminders go out once per day in its zone.
  const today = todayIso(companyZone(settings), now);
  if (!(await claimDigestDay(q, 'capital_call_reminders', today))) return 0;
  const due = await outstandingCallLines(q, today, CAPITAL_CALL_REMINDER_DAYS);
  let queued = 0;
  for (const line of due) {
    if (!(await markCallReminder(q, line.callId, line.investorId))) continue;
    await notifyCapitalCallReminder(q, {
      investorId: line.investorId,
      dealTitle: line.title,
      amount: line.outstanding,
      dueDate: line.due,
    });
    queued++;
  }
  return queued;
}

/** A distribution event recorded or paid: each investor with a share hears about their own amount. */
export async function notifyDistribution(q: Queryable, eventId: string, paid: boolean): Promise<void> {
  const shares = await distributionShares(q, eventId);
  for (const s of shares) {
    await notifyTopic(q, 'distributions', paid ? 'distribution_paid' : 'distribution_recorded', { ids: [s.investorId] }, (to, r, unsub) =>
      templates.distribution(to, { name: r.name, dealTitle: s.title, amount: s.amount, paymentDate: s.paymentDate, paid }, unsub),
    );
  }
}

/** A document addressed to one investor, or shared with all investors (general and visible). */
export async function notifyDocument(q: Queryable, documentId: string): Promise<void> {
  const doc = await documentAudience(q, documentId);
  if (!doc) return;
  let who: Who | null = null;
  if (doc.investorId) who = { ids: [doc.investorId] };
  else if (doc.investorVisible && !doc.dealId) who = { role: 'investor' };
  if (!who) return;
  await notifyTopic(q, 'documents', 'document_shared', who, (to, r, unsub) =>
    templates.newDocument(to, { name: r.name, documentName: doc.name, documentType: doc.type }, unsub),
  );
}

/** The desk wrote to an investor: the e-mail says a message is waiting, never what it says. */
export async function notifyMessageForInvestor(q: Queryable, investorId: string, threadId: string): Promise<void> {
  await notifyTopic(q, 'messages', 'message_for_investor', { ids: [investorId] }, (to, r, unsub) =>
    templates.messageForInvestor(to, { name: r.name, threadId }, unsub),
  );
}

// ---- to admins ----

export async function notifyMessageForAdmins(q: Queryable, investorId: string, threadId: string): Promise<void> {
  const inv = await nameAndEmail(q, investorId);
  if (!inv) return;
  await notifyTopic(q, 'messages', 'message_for_admins', { role: 'admin' }, (to, r, unsub) =>
    templates.messageForAdmin(to, { name: r.name, investorName: inv.name, threadId }, unsub),
  );
}

export async function notifySignup(q: Queryable, investorId: string): Promise<void> {
  const inv = await nameAndEmail(q, investorId);
  if (!inv) return;
  await notifyTopic(q, 'signups', 'signup_waiting', { role: 'admin' }, (to, r, unsub) =>
    templates.signupWaiting(to, { name: r.name, investorName: inv.name, investorEmail: inv.email }, unsub),
  );
}

export async function notifyKycSubmitted(q: Queryable, investorId: string): Promise<void> {
  const inv = await nameAndEmail(q, investorId);
  if (!inv) return;
  await notifyTopic(q, 'kyc', 'kyc_submitted', { role: 'admin' }, (to, r, unsub) =>
    templates.kycSubmitted(to, { name: r.name, investorName: inv.name }, unsub),
  );
}

export async function notifySubscriptionSubmitted(q: Queryable, subscriptionId: string): Promise<void> {
  const s = await subscriptionNotice(q, subscriptionId);
  if (!s) return;
  await notifyTopic(q, 'subscriptions', 'subscription_submitted', { role: 'admin' }, (to, r, unsub) =>
    templates.subscriptionSubmitted(to, { name: r.name, investorName: s.investorName, dealTitle: s.title, amount: s.amount }, unsub),
  );
}

/**
 * The daily compliance digest: at most one per UTC day across all instances (the day's row in
 * email_digests is inserted by exactly one of them), and none when nothing is overdue or due
 * within 7 days. Returns the number of e-mails queued.
 */
/** `now`: the app's clock (tests move it across the company's midnight). */
export async function enqueueComplianceDigest(q: Queryable, now: Date = new Date()): Promise<number> {
  const settings = await getSettings(q);
  if (!topicAllowed(settings, 'complianceDigest')) return 0;
  const today = todayIso(companyZone(settings), now);
  if (!(await claimDigestDay(q, 'compliance', today))) return 0;
  const items = await complianceDigestItems(q, today);
  if (items.length === 0) return 0;
  const overdue = items.filter((i) => i.overdue).map((i) => ({ title: i.title, due: i.due }));
  const dueSoon = items.filter((i) => !i.overdue).map((i) => ({ title: i.title, due: i.due }));
  return notifyTopic(q, 'complianceDigest', 'compliance_digest', { role: 'admin' }, (to, r, unsub) =>
    templates.complianceDigest(to, { name: r.name, overdue, dueSoon }, unsub),
  );
}

/**
 * Essential: about an investor's subscription agreement (issue 30): voided by the firm (with the
 * reason), a fresh one sent, the firm's reminder to sign ('reminder', outbox kind
 * signing_reminder), or the scheduled reminder before the last day to sign ('deadline_reminder',
 * outbox kind signing_deadline_reminder: the same text). `expires` is the last day to sign
 * (a company day); or executed (countersigned: a link to the executed copy, never the PDF
 * attached). Written in the caller's transaction.
 */
export async function notifySigningEnvelope(
  q: Queryable,
  investorId: string,
  a: {
    deal: string;
    kind: 'voided' | 'resent' | 'reminder' | 'deadline_reminder' | 'executed';
    reason: string | null;
    subscriptionId: string;
    expires: string | null;
  },
): Promise<boolean> {
  const r = await activeRecipient(q, investorId);
  if (!r) return false;
  await enqueueEmail(q, {
    kind: `signing_${a.kind}`,
    to: r.email,
    userId: r.id,
    ...templates.signingEnvelope(audienceOf(await getSettings(q), r), {
      name: r.name,
      ...a,
      kind: a.kind === 'deadline_reminder' ? 'reminder' : a.kind,
    }),
  });
  return true;
}
