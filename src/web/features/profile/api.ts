import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationTopic } from '../../../shared/email';
import { ApiError, apiGet, apiPut, serverMessage } from '../../lib/api';
import { enumLabel } from '../../lib/i18n';
import { endpointKey } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { profileText } from './i18n';

/** The signed-in user's own e-mail notification preferences (GET /api/me/notifications). */
export const notificationPrefsQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/me/notifications'),
    queryFn: ({ signal }) => apiGet('/api/me/notifications', { signal }).then((r) => r.preferences),
  });

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQuery());
}

/** PUT /api/me/notifications with one topic turned on or off; the answer is every topic as stored. */
export function useSaveNotificationPref() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: { topic: NotificationTopic; enabled: boolean }) =>
      apiPut('/api/me/notifications', { body: { topics: { [change.topic]: change.enabled } } }).then((r) => r.preferences),
    onSuccess: (saved, change) => {
      qc.setQueryData(notificationPrefsQuery().queryKey, saved);
      const topic = enumLabel('notificationTopic', change.topic);
      toast.success(
        change.enabled ? profileText.t('notifications.turnedOn', { topic }) : profileText.t('notifications.turnedOff', { topic }),
      );
    },
    onError: (err) =>
      toast.error(
        err instanceof ApiError
          ? (serverMessage(err) ?? profileText.t('notifications.saveFailed'))
          : profileText.t('notifications.saveFailed'),
      ),
  });
}
