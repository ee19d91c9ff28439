import { type Insertable, sql as kysql, type Selectable } from 'kysely';
import type { Role } from '../../../shared/constants.ts';
import type { NotificationTopic } from '../../../shared/email.ts';
import type { Queryable } from '../../db/client.ts';
import type { CapitalCallLinesTable, DealsTable, EmailOutboxTable, ProfilesTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/**
 * The e-mail module's queries on the typed layer (decision 035): the outbox and its worker's
 * claims, the recipients of notifications and their preferences, the daily notices, and password
 * recovery. Columns are read in camelCase; dates arrive as 'YYYY-MM-DD' text, numeric as decimal
 * strings (client.ts), so nothing here converts them.
 */

const now = kysql<Date>`now()`;
const secondsFromNow = (seconds: number) => kysql<Date>`now() + make_interval(secs => ${seconds})`;
const minutesAgo = (minutes: number) => kysql<Date>`now() - make_interval(mins => ${minutes})`;

// ---- notification preferences ----

/** The topics a user turned off (none without a preferences row; `lock`: locked until the transaction ends). */
export async function disabledTopics(q: Queryable, userId: string, lock = false): Promise<string[]> {
  const row = await typed(q)
    .selectFrom('notification_preferences')
    .select('disabledTopics')
    .where('userId', '=', userId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row?.disabledTopics ?? [];
}

export async function setDisabledTopics(q: Queryable, userId: string, topics: string[]): Promise<void> {
  await typed(q)
    .updateTable('notification_preferences')
    .set({ disabledTopics: topics, updatedAt: now })
    .where('userId', '=', userId)
    .execute();
}

/** Turns the topic off for the token's user; false when the token is unknown. */
export async function disableTopicByToken(q: Queryable, token: string, topic: NotificationTopic): Promise<boolean> {
  const topics = kysql.ref<string[]>('disabledTopics');
  const rows = await typed(q)
    .updateTable('notification_preferences')
    .set({
      disabledTopics: kysql<string[]>`CASE WHEN ${topic} = ANY(${topics}) THEN ${topics} ELSE array_append(${topics}, ${topic}) END`,
      updatedAt: now,
    })
    .where('unsubscribeToken', '=', token)
    .returning('userId')
    .execute();
  return rows.length > 0;
}

/** Makes sure the user has a preferences row, with `token` when it is new; returns the user's token. */
export async function ensureUnsubscribeToken(q: Queryable, userId: string, token: string): Promise<string> {
  const db = typed(q);
  await db
    .insertInto('notification_preferences')
    .values({ userId, unsubscribeToken: token })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  const row = await db
    .selectFrom('notification_preferences')
    .select('unsubscribeToken')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.unsubscribeToken;
}

// ---- recipients ----

/** Who a notification is for: users by id, or every user of a role. */
export type Audience = { ids: string[] } | { role: Role };

/** Active users of the audience. */
const activeIn = (who: Audience) =>
  kysql<boolean>`${kysql.ref('p.status')} = 'active' AND ${'ids' in who ? kysql`${kysql.ref('p.id')} = ANY(${who.ids}::uuid[])` : kysql`${kysql.ref('p.role')} = ${who.role}`}`;

/** A random token made by the database (two v4 UUIDs: 244 random bits). */
const randomToken = kysql<string>`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

const RECIPIENT = ['p.id', 'p.email', 'p.name', 'p.role', 'p.language'] as const;

/** A recipient: id, e-mail, name, role and their own language (NULL follows the company default; issue 16). */
export type Recipient = Pick<Selectable<ProfilesTable>, 'id' | 'email' | 'name' | 'role' | 'language'>;
export type Addressee = Recipient & { unsubscribeToken: string };

/**
 * Active users of the audience who have not switched the topic off, by e-mail address, each with
 * their unsubscribe token (a preferences row is created here on first use).
 */
export async function addressees(q: Queryable, topic: NotificationTopic, who: Audience): Promise<Addressee[]> {
  const db = typed(q);
  await db
    .insertInto('notification_preferences')
    .columns(['userId', 'unsubscribeToken'])
    .expression(
      db
        .selectFrom('profiles as p')
        .select(['p.id', randomToken.as('token')])
        .where(activeIn(who)),
    )
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  return db
    .selectFrom('profiles as p')
    .innerJoin('notification_preferences as n', 'n.userId', 'p.id')
    .select([...RECIPIENT, 'n.unsubscribeToken'])
    .where(activeIn(who))
    .where(kysql<boolean>`NOT (${topic} = ANY(${kysql.ref('n.disabledTopics')}))`)
    .orderBy('p.email')
    .execute();
}

/** One active user as a recipient; undefined when the account is not active. */
export function activeRecipient(q: Queryable, userId: string): Promise<Recipient | undefined> {
  return typed(q)
    .selectFrom('profiles as p')
    .select(RECIPIENT)
    .where('p.id', '=', userId)
    .where('p.status', '=', 'active')
    .executeTakeFirst();
}

/** A user's name and e-mail address, whatever the account's status. */
export function nameAndEmail(q: Queryable, userId: string): Promise<{ name: string; email: string } | undefined> {
  return typed(q).selectFrom('profiles').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

// ---- once-only marks ----

/** Marks the deal as announced; false when it already was. */
export async function markDealAnnounced(q: Queryable, dealId: string): Promise<boolean> {
  const rows = await typed(q)
    .insertInto('deal_open_alerts')
    .values({ dealId })
    .onConflict((oc) => oc.doNothing())
    .returning('dealId')
    .execute();
  return rows.length > 0;
}

/** Claims the company day's digest of a kind ('compliance', 'capital_call_reminders'); false when it was claimed already. */
export async function claimDigestDay(q: Queryable, kind: string, day: string): Promise<boolean> {
  const rows = await typed(q)
    .insertInto('email_digests')
    .values({ kind, day: kysql<string>`${day}::date` })
    .onConflict((oc) => oc.doNothing())
    .returning('day')
    .execute();
  return rows.length > 0;
}

/** Marks the call's reminder to the investor as sent; false when it already was. */
export async function markCallReminder(q: Queryable, callId: string, investorId: string): Promise<boolean> {
  const rows = await typed(q)
    .insertInto('capital_call_reminders')
    .values({ callId, investorId })
    .onConflict((oc) => oc.doNothing())
    .returning('callId')
    .execute();
  return rows.length > 0;
}

// ---- what notifications say ----

export interface OutstandingCallLine {
  callId: CapitalCallLinesTable['callId'];
  investorId: CapitalCallLinesTable['investorId'];
  title: DealsTable['title'];
  /** The call's due date. */
  due: string;
  /** Decimal string: the line's amount due less the contributions recorded against it (net of reversals). */
  outstanding: string;
}

/**
 * Lines of calls due between `today` and `today + days` that still owe something and were not
 * reminded yet; lines of a cancelled (reversed) call are left out. A correlated sum over the
 * ledger and two anti-joins: said better in SQL than in the builder.
 */
export async function outstandingCallLines(q: Queryable, today: string, days: number): Promise<OutstandingCallLine[]> {
  const { rows } = await kysql<OutstandingCallLine>`SELECT * FROM (
       SELECT l.call_id, l.investor_id, d.title, c.due_date AS due,
              (l.amount_due - COALESCE((
                 SELECT SUM(CASE WHEN e.kind = 'contribution' THEN e.amount ELSE -e.amount END)
                   FROM ledger_entries e
                  WHERE e.call_id = l.call_id AND e.investor_id = l.investor_id
                    AND (e.kind = 'contribution' OR (e.kind = 'reversal' AND e.reversed_kind = 'contribution'))
              ), 0))::text AS outstanding
         FROM capital_call_lines l
         JOIN capital_calls c ON c.id = l.call_id
         JOIN deals d ON d.id = c.deal_id
        WHERE c.due_date BETWEEN ${today}::date AND ${today}::date + ${days}::int
          AND NOT EXISTS (SELECT 1 FROM capital_call_reminders r WHERE r.call_id = l.call_id AND r.investor_id = l.investor_id)
          AND NOT EXISTS (
            SELECT 1 FROM ledger_entries ce JOIN ledger_entries rv ON rv.reverses_id = ce.id
             WHERE ce.call_id = l.call_id AND ce.investor_id = l.investor_id AND ce.kind = 'call')
     ) x WHERE outstanding::numeric > 0
     ORDER BY due, title, investor_id`.execute(typed(q));
  return rows;
}

/** Each investor's share of a distribution event, with the deal's title. */
export function distributionShares(q: Queryable, eventId: string) {
  return typed(q)
    .selectFrom('distributions as x')
    .innerJoin('deals as d', 'd.id', 'x.dealId')
    .select(['x.investorId', 'x.amount', 'x.paymentDate', 'd.title'])
    .where('x.eventId', '=', eventId)
    .execute();
}

/** Who a document is for: its investor, or everyone when it is general and visible. */
export function documentAudience(q: Queryable, documentId: string) {
  return typed(q)
    .selectFrom('documents')
    .select(['name', 'type', 'investorId', 'investorVisible', 'dealId'])
    .where('id', '=', documentId)
    .executeTakeFirst();
}

/** A subscription as the admins' notice names it. */
export function subscriptionNotice(q: Queryable, subscriptionId: string) {
  return typed(q)
    .selectFrom('subscriptions as s')
    .innerJoin('profiles as p', 'p.id', 's.investorId')
    .innerJoin('deals as d', 'd.id', 's.dealId')
    .select(['p.name as investorName', 'd.title', 's.amount'])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
}

/** Open compliance items overdue on `today` or due within 7 days, by due date and title. */
export function complianceDigestItems(q: Queryable, today: string) {
  return typed(q)
    .selectFrom('compliance_items')
    .select(['title', 'dueDate as due', kysql<boolean>`${kysql.ref('dueDate')} < ${today}::date`.as('overdue')])
    .where('workflowState', '<>', 'completed')
    .where('dueDate', '<=', kysql<string>`${today}::date + 7`)
    .orderBy('dueDate')
    .orderBy('title')
    .execute();
}

// ---- the outbox ----

export type OutboxInsert = Pick<
  Insertable<EmailOutboxTable>,
  'kind' | 'toAddress' | 'userId' | 'subject' | 'textBody' | 'htmlBody' | 'unsubscribePath'
>;

export async function insertEmail(q: Queryable, e: OutboxInsert): Promise<number> {
  const row = await typed(q).insertInto('email_outbox').values(e).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Many e-mails in one statement (one array parameter per column, whatever their number). */
export async function insertEmails(q: Queryable, list: OutboxInsert[]): Promise<void> {
  const column = <K extends keyof OutboxInsert>(k: K) => list.map((e) => e[k] ?? null);
  await typed(q)
    .insertInto('email_outbox')
    .columns(['kind', 'toAddress', 'userId', 'subject', 'textBody', 'htmlBody', 'unsubscribePath'])
    .expression(
      kysql`SELECT * FROM unnest(${column('kind')}::text[], ${column('toAddress')}::text[], ${column('userId')}::uuid[], ${column('subject')}::text[],
                                 ${column('textBody')}::text[], ${column('htmlBody')}::text[], ${column('unsubscribePath')}::text[])`,
    )
    .execute();
}

const CLAIMED = ['id', 'kind', 'toAddress', 'subject', 'textBody', 'htmlBody', 'unsubscribePath', 'attempts'] as const;
export type ClaimedEmail = Pick<Selectable<EmailOutboxTable>, (typeof CLAIMED)[number]>;

/**
 * Marks up to `limit` due e-mails as being sent by this instance for `leaseSeconds`: queued ones
 * whose time has come and ones whose lease ran out. Rows locked by a concurrent claim are skipped.
 */
export function claimDueEmails(q: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedEmail[]> {
  const db = typed(q);
  const due = db
    .selectFrom('email_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('nextAttemptAt', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lockedUntil', '<', now)]),
      ]),
    )
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('email_outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), lockedUntil: secondsFromNow(leaseSeconds) }))
    .where('id', 'in', due)
    .returning(CLAIMED)
    .execute();
}

/** Every e-mail left 'sending' is queued again, due now; returns how many. */
export async function requeueSending(q: Queryable): Promise<number> {
  const rows = await typed(q)
    .updateTable('email_outbox')
    .set({ status: 'queued', lockedUntil: null, nextAttemptAt: now })
    .where('status', '=', 'sending')
    .returning('id')
    .execute();
  return rows.length;
}

export async function markEmailSent(q: Queryable, id: number, smtpResponse: string): Promise<void> {
  await typed(q)
    .updateTable('email_outbox')
    .set({ status: 'sent', sentAt: now, smtpResponse, lastError: null, lockedUntil: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** A failed attempt: queued again after `retrySeconds`, or given up ('failed', its due time kept). */
export async function markEmailFailed(
  q: Queryable,
  id: number,
  outcome: { status: 'queued'; retrySeconds: number } | { status: 'failed' },
  lastError: string,
): Promise<void> {
  await typed(q)
    .updateTable('email_outbox')
    .set({
      status: outcome.status,
      lastError,
      lockedUntil: null,
      ...(outcome.status === 'queued' ? { nextAttemptAt: secondsFromNow(outcome.retrySeconds) } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

const ENTRY = [
  'id',
  'kind',
  'toAddress',
  'subject',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastError',
  'smtpResponse',
  'createdAt',
  'sentAt',
] as const;
export type OutboxRow = Pick<Selectable<EmailOutboxTable>, (typeof ENTRY)[number]>;

/** The newest e-mails (of one status), newest first. */
export function outboxRows(q: Queryable, status: OutboxRow['status'] | undefined, limit: number): Promise<OutboxRow[]> {
  return typed(q)
    .selectFrom('email_outbox')
    .select(ENTRY)
    .$if(status !== undefined, (qb) => qb.where('status', '=', status as OutboxRow['status']))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function outboxCounts(q: Queryable): Promise<{ status: OutboxRow['status']; n: number }[]> {
  return typed(q)
    .selectFrom('email_outbox')
    .select(['status', kysql<number>`count(*)::int`.as('n')])
    .groupBy('status')
    .execute();
}

/** A failed or waiting e-mail is due now; undefined when it is not one of those. */
export function requeueNow(q: Queryable, id: number): Promise<OutboxRow | undefined> {
  return typed(q)
    .updateTable('email_outbox')
    .set({ status: 'queued', nextAttemptAt: now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'failed'])
    .returning(ENTRY)
    .executeTakeFirst();
}

export async function outboxStatus(q: Queryable, id: number): Promise<OutboxRow['status'] | undefined> {
  return (await typed(q).selectFrom('email_outbox').select('status').where('id', '=', id).executeTakeFirst())?.status;
}

// ---- password recovery ----

/** Serialises password-reset requests until the transaction ends (pg_advisory_xact_lock). */
export async function lockResetRequests(q: Queryable, lockId: number): Promise<void> {
  await kysql`SELECT pg_advisory_xact_lock(${lockId})`.execute(typed(q));
}

export interface ResetRequestCounts {
  address: number;
  client: number;
  /** Seconds until the address's oldest counted request leaves the window (null: none counted). */
  addressRetry: number | null;
  clientRetry: number | null;
}

/** Requests of the last `windowMinutes` from the address and from the client. */
export async function resetRequestCounts(q: Queryable, email: string, client: string, windowMinutes: number): Promise<ResetRequestCounts> {
  const ofAddress = kysql<boolean>`${kysql.ref('email')} = ${email}`;
  const ofClient = kysql<boolean>`${kysql.ref('ipAddress')} = ${client}`;
  const count = (which: typeof ofAddress) => kysql<number>`count(*) FILTER (WHERE ${which})::int`;
  const retry = (which: typeof ofAddress) =>
    kysql<
      number | null
    >`ceil(extract(epoch FROM min(${kysql.ref('createdAt')}) FILTER (WHERE ${which}) + make_interval(mins => ${windowMinutes}) - now()))::int`;
  const row = await typed(q)
    .selectFrom('password_reset_requests')
    .select([
      count(ofAddress).as('address'),
      count(ofClient).as('client'),
      retry(ofAddress).as('addressRetry'),
      retry(ofClient).as('clientRetry'),
    ])
    .where('createdAt', '>', minutesAgo(windowMinutes))
    .where((eb) => eb.or([eb('email', '=', email), eb('ipAddress', '=', client)]))
    .executeTakeFirst();
  return row ?? { address: 0, client: 0, addressRetry: null, clientRetry: null };
}

/** Counts a request, and drops those older than `keepMinutes` (they no longer count). */
export async function recordResetRequest(q: Queryable, email: string, client: string, keepMinutes: number): Promise<void> {
  const db = typed(q);
  await db.insertInto('password_reset_requests').values({ email, ipAddress: client }).execute();
  await db.deleteFrom('password_reset_requests').where('createdAt', '<', minutesAgo(keepMinutes)).execute();
}

export function profileByEmail(q: Queryable, email: string) {
  return typed(q)
    .selectFrom('profiles')
    .select(['id', 'email', 'name', 'status', 'language'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** A new link for the user (only its hash is stored), replacing any unused one. */
export async function replaceResetToken(q: Queryable, userId: string, tokenHash: string, minutes: number, ip: string): Promise<void> {
  const db = typed(q);
  await db.deleteFrom('password_reset_tokens').where('userId', '=', userId).where('usedAt', 'is', null).execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ id: tokenHash, userId, expiresAt: kysql<Date>`now() + make_interval(mins => ${minutes})`, ipAddress: ip })
    .execute();
}

/** The unused, unexpired link of an active user (row-locked with `lock`). */
export function validResetToken(q: Queryable, tokenHash: string, lock: boolean): Promise<{ userId: string; email: string } | undefined> {
  return typed(q)
    .selectFrom('password_reset_tokens as t')
    .innerJoin('profiles as p', 'p.id', 't.userId')
    .select(['t.userId', 'p.email'])
    .where('t.id', '=', tokenHash)
    .where('t.usedAt', 'is', null)
    .where('t.expiresAt', '>', now)
    .where('p.status', '=', 'active')
    .$if(lock, (qb) => qb.forUpdate(['t']))
    .executeTakeFirst();
}

/** Uses up the link and sets the user's new password. */
export async function useResetToken(q: Queryable, tokenHash: string, userId: string, passwordHash: string): Promise<void> {
  const db = typed(q);
  await db.updateTable('password_reset_tokens').set({ usedAt: now }).where('id', '=', tokenHash).execute();
  await db
    .updateTable('credentials')
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now })
    .where('userId', '=', userId)
    .execute();
}
