import { type Insertable, sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import type { MessagesTable, MessageThreadsTable } from '../../db/schema.generated.ts';
import { typed } from '../../db/typed.ts';

/** The messaging queries (decision 035), typed from schema.generated.ts. */

export type Side = 'admin' | 'investor';

/** The column that says whether a side has read a message. */
const readBy = (side: Side) => (side === 'admin' ? 'readByAdmin' : 'readByInvestor') satisfies keyof MessagesTable;

/**
 * Threads with their investor, the side's unread count, whether any message has an attachment,
 * and the latest message (one index probe per thread: LATERAL ... LIMIT 1).
 */
const selectThreads = (q: Queryable, side: Side) =>
  typed(q)
    .selectFrom('message_threads as t')
    .innerJoin('profiles as p', 'p.id', 't.investorId')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as m')
          .select(['m.bodyEnc', 'm.senderRole', 'm.senderId'])
          .whereRef('m.threadId', '=', 't.id')
          .orderBy('m.createdAt', 'desc')
          .orderBy('m.id', 'desc')
          .limit(kysql.lit(1))
          .as('l'),
      (join) => join.onTrue(),
    )
    .leftJoin('profiles as sp', 'sp.id', 'l.senderId')
    .select((eb) => [
      't.id',
      't.investorId',
      'p.name as investorName',
      't.subject',
      't.priority',
      't.lastMessageAt',
      eb
        .selectFrom('messages as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.threadId', '=', 't.id')
        .where((e) => e.not(e.ref(`m.${readBy(side)}`)))
        .as('unread'),
      eb
        .exists(
          eb
            .selectFrom('messages as m')
            .select(kysql.lit(1).as('one'))
            .whereRef('m.threadId', '=', 't.id')
            .where('m.attachmentPath', 'is not', null),
        )
        .$castTo<boolean>()
        .as('hasAttachment'),
      'l.bodyEnc as lastBody',
      'l.senderRole as lastSenderRole',
      'sp.name as lastSenderName',
    ])
    .orderBy('t.lastMessageAt', 'desc')
    .orderBy('t.id');

export type ThreadRow = Awaited<ReturnType<ReturnType<typeof selectThreads>['executeTakeFirstOrThrow']>>;

/** Every thread (or one investor's), latest activity first. */
export function threads(q: Queryable, side: Side, investorId?: string): Promise<ThreadRow[]> {
  return selectThreads(q, side)
    .$if(investorId !== undefined, (qb) => qb.where('t.investorId', '=', investorId as string))
    .execute();
}

/** One thread, if it is the investor's when one is named. */
export function findThread(q: Queryable, side: Side, id: string, investorId?: string): Promise<ThreadRow | undefined> {
  return selectThreads(q, side)
    .where('t.id', '=', id)
    .$if(investorId !== undefined, (qb) => qb.where('t.investorId', '=', investorId as string))
    .executeTakeFirst();
}

export async function isInvestorId(q: Queryable, id: string): Promise<boolean> {
  const row = await typed(q).selectFrom('profiles').select('id').where('id', '=', id).where('role', '=', 'investor').executeTakeFirst();
  return row !== undefined;
}

/** Messages this side has not read (in one investor's threads when named). */
export async function unreadMessages(q: Queryable, side: Side, investorId?: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('messages as m')
    .innerJoin('message_threads as t', 't.id', 'm.threadId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.not(eb.ref(`m.${readBy(side)}`)))
    .$if(investorId !== undefined, (qb) => qb.where('t.investorId', '=', investorId as string))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The thread's investor, locking the thread until the transaction ends; undefined when there is no such thread. */
export async function lockThread(q: Queryable, id: string): Promise<string | undefined> {
  const row = await typed(q).selectFrom('message_threads').select('investorId').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.investorId;
}

/** Marks every message of the thread read for this side (`onlyUnread`: touching only those not read yet). */
export async function markRead(q: Queryable, threadId: string, side: Side, onlyUnread: boolean): Promise<void> {
  const column = readBy(side);
  await typed(q)
    .updateTable('messages')
    .set({ [column]: true })
    .where('threadId', '=', threadId)
    .$if(onlyUnread, (qb) => qb.where((eb) => eb.not(eb.ref(column))))
    .execute();
}

/** The thread's messages with their senders' names, oldest first. */
export function threadMessages(q: Queryable, threadId: string) {
  return typed(q)
    .selectFrom('messages as m')
    .leftJoin('profiles as p', 'p.id', 'm.senderId')
    .select([
      'm.id',
      'm.senderRole',
      'p.name',
      'm.bodyEnc',
      'm.createdAt',
      'm.attachmentPath',
      'm.attachmentNameEnc',
      'm.attachmentExtension',
      'm.attachmentSize',
    ])
    .where('m.threadId', '=', threadId)
    .orderBy('m.createdAt')
    .orderBy('m.id')
    .execute();
}

export async function insertThread(
  q: Queryable,
  thread: Pick<Insertable<MessageThreadsTable>, 'investorId' | 'subject' | 'priority'>,
): Promise<string> {
  return (await typed(q).insertInto('message_threads').values(thread).returning('id').executeTakeFirstOrThrow()).id;
}

export async function touchThread(q: Queryable, id: string): Promise<void> {
  await typed(q).updateTable('message_threads').set({ lastMessageAt: kysql<Date>`now()` }).where('id', '=', id).execute();
}

export type NewMessage = Required<Omit<Insertable<MessagesTable>, 'id' | 'createdAt'>>;

export async function insertMessage(q: Queryable, message: NewMessage): Promise<void> {
  await typed(q).insertInto('messages').values(message).execute();
}

/** A message's attachment columns and its thread's investor. */
export function findAttachment(q: Queryable, messageId: string) {
  return typed(q)
    .selectFrom('messages as m')
    .innerJoin('message_threads as t', 't.id', 'm.threadId')
    .select([
      'm.attachmentPath',
      'm.attachmentNameEnc',
      'm.attachmentExtension',
      'm.attachmentSize',
      'm.attachmentIv',
      'm.attachmentTag',
      't.investorId',
    ])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
}
