import { type NotificationPreferences, type NotificationTopic, TOPIC_INFO, topicsFor } from '../../../shared/email.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { getSettings } from '../settings/service.ts';
import { unsubscribeToken } from './notify.ts';

/** A user's own notification preferences: the topics of their role, each on unless they turned it off. */
export async function preferencesOf(q: Queryable, user: { id: string; role: 'admin' | 'investor' }): Promise<NotificationPreferences> {
  const row = await sql<{ disabled_topics: string[] }, [userId: string]>(
    'SELECT disabled_topics FROM notification_preferences WHERE user_id = $1',
  ).first(q, [user.id]);
  const disabled = new Set(row?.disabled_topics ?? []);
  const settings = await getSettings(q);
  return {
    topics: topicsFor(user.role).map((topic) => ({ topic, ...TOPIC_INFO[topic], roles: undefined, enabled: !disabled.has(topic) })),
    emailNotificationsEnabled: settings.emailNotifications,
  };
}

/**
 * Turns topics on or off for a user (topics already checked against the user's role) and returns
 * the preferences as they are now. Makes sure the user has a preferences row first.
 */
export async function updatePreferences(
  db: Db,
  user: { id: string; role: 'admin' | 'investor' },
  topics: Partial<Record<NotificationTopic, boolean>>,
): Promise<NotificationPreferences> {
  return db.tx(async (q) => {
    await unsubscribeToken(q, user.id);
    const current = new Set(
      (
        await sql<{ disabled_topics: string[] }, [userId: string]>(
          'SELECT disabled_topics FROM notification_preferences WHERE user_id = $1 FOR UPDATE',
        ).first(q, [user.id])
      )?.disabled_topics ?? [],
    );
    for (const [t, on] of Object.entries(topics)) {
      if (on) current.delete(t);
      else current.add(t);
    }
    await q.query('UPDATE notification_preferences SET disabled_topics = $2, updated_at = now() WHERE user_id = $1', [
      user.id,
      [...current].sort(),
    ]);
    return preferencesOf(q, user);
  });
}

/** The unsubscribe link: turns the topic off for the token's user; false when the token is unknown. */
export async function unsubscribeByToken(q: Queryable, token: string, topic: NotificationTopic): Promise<boolean> {
  const rows = await sql<{ user_id: string }, [token: string, topic: NotificationTopic]>(`UPDATE notification_preferences
        SET disabled_topics = CASE WHEN $2 = ANY(disabled_topics) THEN disabled_topics ELSE array_append(disabled_topics, $2) END,
            updated_at = now()
      WHERE unsubscribe_token = $1 RETURNING user_id`).all(q, [token, topic]);
  return rows.length > 0;
}
