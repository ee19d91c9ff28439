import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePriority, MessageThread, ThreadList } from '../../../shared/messages';
import { apiGet, apiPost } from '../../lib/api';
import { downloadFile, postMultipart, type UploadOptions } from '../../lib/files';
import { useInvestorOptions } from '../../lib/queries/users';
import { endpointKey, invalidateEndpoints } from '../../lib/query-keys';

/** Which side of the conversation the signed-in user is on; decides the API base path. */
export type Side = 'admin' | 'investor';

/** Each side's reads: the thread list, one thread, the unread count. */
const READS = {
  admin: { list: 'GET /api/messages', thread: 'GET /api/messages/:id', unread: 'GET /api/messages/unread-count' },
  investor: {
    list: 'GET /api/investor/messages',
    thread: 'GET /api/investor/messages/:id',
    unread: 'GET /api/investor/messages/unread-count',
  },
} as const;

const threadListQuery = (side: Side) =>
  queryOptions({
    queryKey: endpointKey(READS[side].list),
    queryFn: ({ signal }) => apiGet(base(side), { signal }),
  });

export type { ThreadList };

const base = (side: Side): '/api/investor/messages' | '/api/messages' => (side === 'investor' ? '/api/investor/messages' : '/api/messages');

export function useThreadList(side: Side) {
  return useQuery({ ...threadListQuery(side), refetchInterval: 60_000 });
}

/** The admin team's unread message count (the sidebar badge); polled so new investor messages show up. */
export function useUnreadCount(side: Side, enabled = true) {
  return useQuery({
    queryKey: endpointKey(READS[side].unread),
    queryFn: ({ signal }) => apiGet(`${base(side)}/unread-count` as const, { signal }).then((r) => r.unread),
    refetchInterval: 30_000,
    enabled,
  });
}

/** Refreshes everything that shows read state or counts for this side. */
export function refreshAfterChange(qc: QueryClient, side: Side) {
  return invalidateEndpoints(qc, Object.values(READS[side]), { refetchType: 'active' });
}

/**
 * After a reply: the thread (awaited, so the reply shows before the form is usable again), then
 * the list and the counts.
 */
export function useRefreshAfterReply(side: Side) {
  const qc = useQueryClient();
  return async (threadId: string) => {
    await qc.invalidateQueries({ queryKey: endpointKey(READS[side].thread, { id: threadId }) });
    void refreshAfterChange(qc, side);
  };
}

/** After a new thread: the list and the counts. */
export function useRefreshAfterChange(side: Side) {
  const qc = useQueryClient();
  return () => void refreshAfterChange(qc, side);
}

/**
 * One thread with all its messages. Reading it (GET) changes nothing on the server; when it has
 * unread messages the client marks it read with a POST, and the list and the unread counts are
 * updated straight away (and then refetched).
 */
export function useThread(side: Side, id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: endpointKey(READS[side].thread, { id: id ?? '' }),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const params = { id: id ?? '' };
      const { thread: fetched } = await apiGet(`${base(side)}/:id` as const, { params, signal });
      if (fetched.unreadCount > 0) await apiPost(`${base(side)}/:id/read` as const, { params, signal });
      const thread: MessageThread = { ...fetched, status: 'Read', unreadCount: 0 };
      let wasUnread = false;
      qc.setQueryData<ThreadList>(threadListQuery(side).queryKey, (old) => {
        if (!old) return old;
        const before = old.threads.find((t) => t.id === thread.id);
        wasUnread = before?.status === 'Unread';
        return {
          threads: old.threads.map((t) => (t.id === thread.id ? { ...t, status: 'Read', unreadCount: 0 } : t)),
          counts: { ...old.counts, unread: Math.max(0, old.counts.unread - (wasUnread ? 1 : 0)) },
        };
      });
      if (wasUnread) {
        void invalidateEndpoints(qc, [READS[side].list, READS[side].unread]);
      }
      return thread;
    },
  });
}

/** Active investors, for the admin's 'New Message' recipient choice (from the user list: user changes refresh it). */
export function useRecipients(enabled: boolean) {
  return useInvestorOptions({ enabled });
}

export interface NewMessageInput {
  /** Admins only: the investor the thread is with. */
  investorId?: string;
  subject: string;
  body: string;
  priority: MessagePriority;
}

/** POST /…/messages: starts a thread (text fields first, then the optional file). */
export function sendNewMessage(side: Side, input: NewMessageInput, file: File | null, opts: UploadOptions = {}) {
  const form = new FormData();
  if (side === 'admin' && input.investorId) form.append('investorId', input.investorId);
  form.append('subject', input.subject.trim());
  form.append('body', input.body);
  form.append('priority', input.priority);
  if (file) form.append('file', file, file.name);
  return postMultipart(base(side), form, opts);
}

/** POST /…/messages/:id/reply (the body first, then the optional file). */
export function sendReply(side: Side, threadId: string, body: string, file: File | null, opts: UploadOptions = {}) {
  const form = new FormData();
  form.append('body', body);
  if (file) form.append('file', file, file.name);
  return postMultipart(`${base(side)}/:id/reply` as const, form, { ...opts, params: { id: threadId } });
}

export function attachmentUrl(side: Side, messageId: string) {
  return `${base(side)}/attachments/${encodeURIComponent(messageId)}`;
}

/** Downloads an attachment through fetch so that a failure can be reported; saves it under its own name. */
export function downloadAttachment(side: Side, messageId: string, fileName: string): Promise<void> {
  return downloadFile(attachmentUrl(side, messageId), fileName);
}

export function errorMessage(err: unknown): string | undefined {
  return err instanceof Error ? err.message || undefined : undefined;
}
