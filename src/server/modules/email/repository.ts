import { sql as kysql } from 'kysely';
import type { NotificationTopic } from '../../../shared/email.ts';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The e-mail module's queries on the typed layer (decision 035): notification preferences so far. */

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
    .set({ disabledTopics: topics, updatedAt: kysql<Date>`now()` })
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
      updatedAt: kysql<Date>`now()`,
    })
    .where('unsubscribeToken', '=', token)
    .returning('userId')
    .execute();
  return rows.length > 0;
}
