import { randomBytes } from 'node:crypto';
import type { Role } from '../../../shared/constants.ts';
import { todayIso } from '../../../shared/dates.ts';
import type { NotificationTopic } from '../../../shared/email.ts';
import { companyZone, type Settings } from '../../../shared/settings.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { languageFor } from '../../i18n.ts';
import { getSettings } from '../settings/service.ts';
import { enqueueEmail, enqueueEmails } from './outbox.ts';
import { type Audience, type Brand, type Rendered, templates, type Unsub } from './templates.ts';

/**
 * Notifications: each function takes the transaction of the event that causes it and writes
 * the e-mails to the outbox there. Who gets one: active users of the right audience whose own
 * preferences allow the topic, while the Notifications tab's "Email notifications" switch is on
 * (and "Deal alerts" / "Compliance alerts" for those topics). Essential e-mails (password
 * recovery, account approved) ignore the switches and carry no unsubscribe link.
 */

interface Recipient {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Their own language (issue 16); NULL follows the company default. */
  language: string | null;
}

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
  await q.query('INSERT INTO notification_preferences (user_id, unsubscribe_token) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
    userId,
    randomBytes(24).toString('base64url'),
  ]);
  const rows = await sql<{ unsubscribe_token: string }>('SELECT unsubscribe_token FROM notification_preferences WHERE user_id = $1').all(
    q,
    [userId],
  );
  return (rows[0] as { unsubscribe_token: string }).unsubscribe_token;
}

const unsubFor = (token: string, topic: NotificationTopic): Unsub => ({
  path: `/unsubscribe#token=${encodeURIComponent(token)}&topic=${topic}`,
  topic,
});

interface Addressee extends Recipient {
  unsubscribe_token: string;
}

/** A random token made by the database (two v4 UUIDs: 244 random bits). */
const RANDOM_TOKEN_SQL = "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')";

/**
 * Active recipients (by ids, or every active user of a role) who have not switched the topic
 * off, each with their unsubscribe token (created here on first use).
 */
async function recipients(q: Queryable, topic: NotificationTopic, who: { ids: string[] } | { role: Role }): Promise<Addressee[]> {
  const byIds = 'ids' in who;
  const where = `p.status = 'active' AND ${byIds ? 'p.id = ANY($1::uuid[])' : 'p.role = $1'}`;
  const param = byIds ? who.ids : who.role;
  await q.query(
    `INSERT INTO notification_preferences (user_id, unsubscribe_token)
     SELECT p.id, ${RANDOM_TOKEN_SQL} FROM profiles p WHERE ${where} ON CONFLICT (user_id) DO NOTHING`,
    [param],
  );
  return sql<Addressee>(`SELECT p.id, p.email, p.name, p.role, p.language, n.unsubscribe_token FROM profiles p
       JOIN notification_preferences n ON n.user_id = p.id
      WHERE ${where} AND NOT ($2 = ANY(n.disabled_topics))
      ORDER BY p.email`).all(q, [param, topic]);
}

async function notifyTopic(
  q: Queryable,
  topic: NotificationTopic,
  kind: string,
  who: { ids: string[] } | { role: Role },
  render: (to: Audience, r: Recipient, unsub: Unsub) => Rendered,
): Promise<number> {
  const settings = await getSettings(q);
  if (!topicAllowed(settings, topic)) return 0;
  const list = await recipients(q, topic, who);
  await enqueueEmails(
    q,
    list.map((r) => ({ kind, to: r.email, userId: r.id, ...render(audienceOf(settings, r), r, unsubFor(r.unsubscribe_token, topic)) })),
  );
  return list.length;
}

// ---- to investors ----

/** Essential: sent whatever the switches say. */
export async function notifyAccountApproved(q: Queryable, userId: string): Promise<void> {
  const rows = await sql<Recipient>(`SELECT id, email, name, role, language FROM profiles WHERE id = $1 AND status = 'active'`).all(q, [
    userId,
  ]);
  const r = rows[0];
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
  const r = await sql<Recipient>(`SELECT id, email, name, role, language FROM profiles WHERE id = $1 AND status = 'active'`).first(q, [
    investorId,
  ]);
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
  const r = await sql<Recipient>(`SELECT id, email, name, role, language FROM profiles WHERE id = $1 AND status = 'active'`).first(q, [
    investorId,
  ]);
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
  const marked = await q.query('INSERT INTO deal_open_alerts (deal_id) VALUES ($1) ON CONFLICT (deal_id) DO NOTHING RETURNING deal_id', [
    deal.id,
  ]);
  if (marked.length === 0) return 0;
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
  const claimed = await q.query(
    `INSERT INTO email_digests (kind, day) VALUES ('capital_call_reminders', $1::date) ON CONFLICT DO NOTHING RETURNING day`,
    [today],
  );
  if (claimed.length === 0) return 0;
  const due = await sql<{ call_id: string; investor_id: string; title: string; due: string; outstanding: string }>(`SELECT * FROM (
       SELECT l.call_id, l.investor_id, d.title, to_char(c.due_date, 'YYYY-MM-DD') AS due,
              (l.amount_due - COALESCE((
                 SELECT SUM(CASE WHEN e.kind = 'contribution' THEN e.amount ELSE -e.amount END)
                   FROM ledger_entries e
                  WHERE e.call_id = l.call_id AND e.investor_id = l.investor_id
                    AND (e.kind = 'contribution' OR (e.kind = 'reversal' AND e.reversed_kind = 'contribution'))
              ), 0))::text AS outstanding
         FROM capital_call_lines l
         JOIN capital_calls c ON c.id = l.call_id
         JOIN deals d ON d.id = c.deal_id
        WHERE c.due_date BETWEEN $2::date AND $2::date + $1::int
          AND NOT EXISTS (SELECT 1 FROM capital_call_reminders r WHERE r.call_id = l.call_id AND r.investor_id = l.investor_id)
          AND NOT EXISTS (
            SELECT 1 FROM ledger_entries ce JOIN ledger_entries rv ON rv.reverses_id = ce.id
             WHERE ce.call_id = l.call_id AND ce.investor_id = l.investor_id AND ce.kind = 'call')
     ) x WHERE outstanding::numeric > 0
     ORDER BY due, title, investor_id`).all(q, [CAPITAL_CALL_REMINDER_DAYS, today]);
  let queued = 0;
  for (const line of due) {
    const marked = await q.query(
      'INSERT INTO capital_call_reminders (call_id, investor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING call_id',
      [line.call_id, line.investor_id],
    );
    if (marked.length === 0) continue;
    await notifyCapitalCallReminder(q, {
      investorId: line.investor_id,
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
  const shares = await sql<{
    investor_id: string;
    amount: string;
    payment_date: string;
    title: string;
  }>(`SELECT x.investor_id, x.amount::text AS amount, to_char(x.payment_date, 'YYYY-MM-DD') AS payment_date, d.title
       FROM distributions x JOIN deals d ON d.id = x.deal_id WHERE x.event_id = $1`).all(q, [eventId]);
  for (const s of shares) {
    await notifyTopic(q, 'distributions', paid ? 'distribution_paid' : 'distribution_recorded', { ids: [s.investor_id] }, (to, r, unsub) =>
      templates.distribution(to, { name: r.name, dealTitle: s.title, amount: s.amount, paymentDate: s.payment_date, paid }, unsub),
    );
  }
}

/** A document addressed to one investor, or shared with all investors (general and visible). */
export async function notifyDocument(q: Queryable, documentId: string): Promise<void> {
  const doc = await sql<{ name: string; type: string; investor_id: string | null; investor_visible: boolean; deal_id: string | null }>(
    'SELECT name, type, investor_id, investor_visible, deal_id FROM documents WHERE id = $1',
  ).first(q, [documentId]);
  if (!doc) return;
  let who: { ids: string[] } | { role: Role } | null = null;
  if (doc.investor_id) who = { ids: [doc.investor_id] };
  else if (doc.investor_visible && !doc.deal_id) who = { role: 'investor' };
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

async function nameOf(q: Queryable, userId: string): Promise<{ name: string; email: string } | undefined> {
  return await sql<{ name: string; email: string }>('SELECT name, email FROM profiles WHERE id = $1').first(q, [userId]);
}

export async function notifyMessageForAdmins(q: Queryable, investorId: string, threadId: string): Promise<void> {
  const inv = await nameOf(q, investorId);
  if (!inv) return;
  await notifyTopic(q, 'messages', 'message_for_admins', { role: 'admin' }, (to, r, unsub) =>
    templates.messageForAdmin(to, { name: r.name, investorName: inv.name, threadId }, unsub),
  );
}

export async function notifySignup(q: Queryable, investorId: string): Promise<void> {
  const inv = await nameOf(q, investorId);
  if (!inv) return;
  await notifyTopic(q, 'signups', 'signup_waiting', { role: 'admin' }, (to, r, unsub) =>
    templates.signupWaiting(to, { name: r.name, investorName: inv.name, investorEmail: inv.email }, unsub),
  );
}

export async function notifyKycSubmitted(q: Queryable, investorId: string): Promise<void> {
  const inv = await nameOf(q, investorId);
  if (!inv) return;
  await notifyTopic(q, 'kyc', 'kyc_submitted', { role: 'admin' }, (to, r, unsub) =>
    templates.kycSubmitted(to, { name: r.name, investorName: inv.name }, unsub),
  );
}

export async function notifySubscriptionSubmitted(q: Queryable, subscriptionId: string): Promise<void> {
  const s = await sql<{
    investor_name: string;
    title: string;
    amount: string;
  }>(`SELECT p.name AS investor_name, d.title, s.amount::text AS amount
         FROM subscriptions s JOIN profiles p ON p.id = s.investor_id JOIN deals d ON d.id = s.deal_id WHERE s.id = $1`).first(q, [
    subscriptionId,
  ]);
  if (!s) return;
  await notifyTopic(q, 'subscriptions', 'subscription_submitted', { role: 'admin' }, (to, r, unsub) =>
    templates.subscriptionSubmitted(to, { name: r.name, investorName: s.investor_name, dealTitle: s.title, amount: s.amount }, unsub),
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
  const claimed = await q.query(
    `INSERT INTO email_digests (kind, day) VALUES ('compliance', $1::date) ON CONFLICT DO NOTHING RETURNING day`,
    [today],
  );
  if (claimed.length === 0) return 0;
  const items = await sql<{
    title: string;
    due: string;
    overdue: boolean;
  }>(`SELECT title, to_char(due_date, 'YYYY-MM-DD') AS due, due_date < $1::date AS overdue
       FROM compliance_items
      WHERE workflow_state <> 'completed' AND due_date <= $1::date + 7
      ORDER BY due_date, title`).all(q, [today]);
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
  const r = await sql<Recipient>(`SELECT id, email, name, role, language FROM profiles WHERE id = $1 AND status = 'active'`).first(q, [
    investorId,
  ]);
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
