import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePriority, MessageThread, MessageThreadSummary } from '../../../shared/portal';
import type { ManagedUser } from '../../../shared/users';
import { ApiError, api } from '../../lib/api';

/** Which side of the conversation the signed-in user is on; decides the API base path. */
export type Side = 'investor' | 'admin';

export interface ThreadList {
  threads: MessageThreadSummary[];
  counts: { total: number; unread: number; high: number };
}

const base = (side: Side) => (side === 'investor' ? '/api/investor/messages' : '/api/messages');

export const messageKeys = {
  all: ['messages'] as const,
  side: (side: Side) => [...messageKeys.all, side] as const,
  list: (side: Side) => [...messageKeys.side(side), 'list'] as const,
  thread: (side: Side, id: string) => [...messageKeys.side(side), 'thread', id] as const,
  unread: (side: Side) => [...messageKeys.side(side), 'unread-count'] as const,
};

/** Active investors, for the admin's 'New Message' recipient choice. Under 'users' so user changes refresh it. */
const recipientsKey = ['users', 'message-recipients'] as const;

export function useThreadList(side: Side) {
  return useQuery({
    queryKey: messageKeys.list(side),
    queryFn: ({ signal }) => api<ThreadList>(base(side), { signal }),
    refetchInterval: 60_000,
  });
}

/** The admin team's unread message count (the sidebar badge); polled so new investor messages show up. */
export function useUnreadCount(side: Side, enabled = true) {
  return useQuery({
    queryKey: messageKeys.unread(side),
    queryFn: ({ signal }) => api<{ unread: number }>(`${base(side)}/unread-count`, { signal }).then((r) => r.unread),
    refetchInterval: 30_000,
    enabled,
  });
}

/** Refreshes everything that shows read state or counts for this side. */
export function refreshAfterChange(qc: QueryClient, side: Side) {
  return qc.invalidateQueries({ queryKey: messageKeys.side(side), refetchType: 'active' });
}

/**
 * One thread with all its messages. Opening it marks it read on the server, so the list and
 * the unread counts are updated straight away (and then refetched).
 */
export function useThread(side: Side, id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(side, id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const { thread } = await api<{ thread: MessageThread }>(`${base(side)}/${encodeURIComponent(id ?? '')}`, { signal });
      let wasUnread = false;
      qc.setQueryData<ThreadList>(messageKeys.list(side), (old) => {
        if (!old) return old;
        const before = old.threads.find((t) => t.id === thread.id);
        wasUnread = before?.status === 'Unread';
        return {
          threads: old.threads.map((t) => (t.id === thread.id ? { ...t, status: 'Read', unreadCount: 0 } : t)),
          counts: { ...old.counts, unread: Math.max(0, old.counts.unread - (wasUnread ? 1 : 0)) },
        };
      });
      if (wasUnread) {
        void qc.invalidateQueries({ queryKey: messageKeys.list(side) });
        void qc.invalidateQueries({ queryKey: messageKeys.unread(side) });
      }
      return thread;
    },
  });
}

export function useRecipients(enabled: boolean) {
  return useQuery({
    queryKey: recipientsKey,
    enabled,
    queryFn: ({ signal }) =>
      api<{ users: ManagedUser[] }>('/api/users', { signal }).then((r) =>
        r.users
          .filter((u) => u.role === 'investor' && u.status === 'active')
          .map((u) => ({ id: u.id, name: u.name, email: u.email }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ),
  });
}

export interface NewMessageInput {
  /** Admins only: the investor the thread is with. */
  investorId?: string;
  subject: string;
  body: string;
  priority: MessagePriority;
}

interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POST /…/messages: starts a thread (text fields first, then the optional file). */
export function sendNewMessage(side: Side, input: NewMessageInput, file: File | null, opts: UploadOptions = {}) {
  const form = new FormData();
  if (side === 'admin' && input.investorId) form.append('investorId', input.investorId);
  form.append('subject', input.subject.trim());
  form.append('body', input.body);
  form.append('priority', input.priority);
  if (file) form.append('file', file, file.name);
  return postForm<{ threadId: string }>(base(side), form, opts);
}

/** POST /…/messages/:id/reply (the body first, then the optional file). */
export function sendReply(side: Side, threadId: string, body: string, file: File | null, opts: UploadOptions = {}) {
  const form = new FormData();
  form.append('body', body);
  if (file) form.append('file', file, file.name);
  return postForm<{ threadId: string }>(`${base(side)}/${encodeURIComponent(threadId)}/reply`, form, opts);
}

/**
 * Multipart POST through XMLHttpRequest so upload progress can be shown (fetch has none).
 * Errors become ApiError with the server's message and field messages, like api().
 */
function postForm<T>(path: string, body: FormData, opts: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.((e.loaded / e.total) * 100);
    });
    xhr.addEventListener('load', () => {
      done();
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(data as T);
        return;
      }
      const b = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string> };
      const message = b.message || (xhr.status === 413 ? 'The file is too large to send.' : `Request failed (${xhr.status})`);
      console.error(`Request failed: POST ${path}`, xhr.status, message);
      reject(new ApiError(xhr.status, message, b.code, b.fields));
    });
    xhr.addEventListener('error', () => {
      done();
      console.error(`Request failed: POST ${path} (network error)`);
      reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('Sending cancelled', 'AbortError'));
    });
    xhr.send(body);
  });
}

export function attachmentUrl(side: Side, messageId: string) {
  return `${base(side)}/attachments/${encodeURIComponent(messageId)}`;
}

/** Downloads an attachment through fetch so that a failure can be reported; saves it under its own name. */
export async function downloadAttachment(side: Side, messageId: string, fileName: string): Promise<void> {
  const url = attachmentUrl(side, messageId);
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    console.error(`Request failed: GET ${url}`, res.status);
    let message = `Download failed (${res.status})`;
    try {
      const b = (await res.json()) as { message?: string };
      if (b.message) message = b.message;
    } catch {
      // keep the generic message
    }
    throw new ApiError(res.status, message);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function errorMessage(err: unknown): string | undefined {
  return err instanceof Error ? err.message || undefined : undefined;
}
