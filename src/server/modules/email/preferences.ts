import { type NotificationPreferences, type NotificationTopic, TOPIC_INFO, topicsFor } from '../../../shared/email.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { getSettings } from '../settings/service.ts';
import { unsubscribeToken } from './notify.ts';
import { disabledTopics, disableTopicByToken, setDisabledTopics } from './repository.ts';

/** A user's own notification preferences: the topics of their role, each on unless they turned it off. */
export async function preferencesOf(q: Queryable, user: { id: string; role: 'admin' | 'investor' }): Promise<NotificationPreferences> {
  const disabled = new Set(await disabledTopics(q, user.id));
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
    const current = new Set(await disabledTopics(q, user.id, true));
    for (const [t, on] of Object.entries(topics)) {
      if (on) current.delete(t);
      else current.add(t);
    }
    await setDisabledTopics(q, user.id, [...current].sort());
    return preferencesOf(q, user);
  });
}

/** The unsubscribe link: turns the topic off for the token's user; false when the token is unknown. */
export async function unsubscribeByToken(q: Queryable, token: string, topic: NotificationTopic): Promise<boolean> {
  return disableTopicByToken(q, token, topic);
}
