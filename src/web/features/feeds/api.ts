import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api';
import { saveBlob } from '../../lib/clipboard';
import { endpointKey } from '../../lib/query-keys';
import { feedsText } from './i18n';

/** The investor's calendar feed (GET /api/investor/calendar-feed): whether one is live, never its secret. */
export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: endpointKey('GET /api/investor/calendar-feed'),
    queryFn: ({ signal }) => apiGet('/api/investor/calendar-feed', { signal }).then((r) => r.feed),
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery());
}

/** POST /api/investor/calendar-feed: a new link (shown once); the previous one stops. */
export function useRegenerateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/investor/calendar-feed'),
    onSuccess: (made) => qc.setQueryData(calendarFeedQuery().queryKey, made.feed),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete('/api/investor/calendar-feed').then((r) => r.feed),
    onSuccess: (feed) => qc.setQueryData(calendarFeedQuery().queryKey, feed),
  });
}

/** The ILPA-data and export URLs the screens link to (the browser sends the session cookie). */
export const ilpaUrls = {
  investorAll: '/api/investor/ilpa-notices.csv',
  /** A period's notices (either end may be empty: open); no period is all notices. */
  investorPeriod: (from: string, to: string) => {
    const q = new URLSearchParams();
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    const s = q.toString();
    return s ? `/api/investor/ilpa-notices.csv?${s}` : '/api/investor/ilpa-notices.csv';
  },
  investorNotice: (id: string) => `/api/investor/ilpa-notices/${encodeURIComponent(id)}/csv`,
  call: (id: string) => `/api/capital-calls/${encodeURIComponent(id)}/ilpa-notices.csv`,
};

/** Downloads a file from the API; throws the server's message when it refuses. */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? feedsText.t('ilpa.downloadFailed'));
  }
  saveBlob(filename, await res.blob());
}
