import { Inbox, MessageSquarePlus, Reply } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import type { MessageThreadSummary } from '../../../shared/messages';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { SearchField } from '../../components/ui/search-field';
import { ListSkeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useThreadList } from './api';
import { messagesText } from './i18n';
import { AttachmentIcon, ComposeDialog, type OpenThread, PriorityBadge, StatusBadge, ThreadDate, ThreadDialog } from './message-ui';

function matches(t: MessageThreadSummary, q: string): boolean {
  if (!q) return true;
  return [t.investorName, t.subject, t.from, t.preview].some((s) => s.toLowerCase().includes(q));
}

/** Messages (/admin/messages): every investor conversation, to read and answer. */
export default function AdminInboxPage() {
  const list = useThreadList('admin');
  const { t } = messagesText.useT();
  const [composing, setComposing] = useState(false);
  const [open, setOpen] = useState<OpenThread | null>(null);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [highOnly, setHighOnly] = useState(false);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const returnFocus = useRef<HTMLElement | null>(null);
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;

  const threads = list.data?.threads;
  const unreadMessages = threads?.reduce((n, t) => n + t.unreadCount, 0) ?? 0;
  const shown = useMemo(
    () =>
      (threads ?? []).filter((t) => (!unreadOnly || t.status === 'Unread') && (!highOnly || t.priority === 'High') && matches(t, query)),
    [threads, unreadOnly, highOnly, query],
  );
  const filtered = unreadOnly || highOnly || query !== '';

  function openThread(threadId: string, mode: OpenThread['mode'], from: HTMLElement) {
    returnFocus.current = from;
    setOpen({ id: threadId, mode });
  }

  function clearFilters() {
    setUnreadOnly(false);
    setHighOnly(false);
    setSearch('');
  }

  return (
    <>
      <PageHeader
        title={t('admin.title')}
        description={
          list.data ? (
            <span className="tabular">
              {t('admin.unreadMessages', { count: unreadMessages })} · {t('admin.conversations', { count: list.data.counts.total })}
            </span>
          ) : (
            t('admin.description')
          )
        }
        actions={
          <Button onClick={() => setComposing(true)}>
            <MessageSquarePlus aria-hidden="true" />
            {t('newMessage')}
          </Button>
        }
      />

      <Card className="mb-4 p-4">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
          <SearchField
            id={id('search')}
            label={t('admin.search')}
            placeholder={t('admin.searchPlaceholder')}
            value={search}
            onChange={setSearch}
          />
          <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <legend className="sr-only">{t('admin.filters')}</legend>
            <Check id={id('unread')} label={t('admin.unreadOnly')} checked={unreadOnly} onChange={setUnreadOnly} />
            <Check id={id('high')} label={t('admin.highOnly')} checked={highOnly} onChange={setHighOnly} />
          </fieldset>
        </div>
      </Card>

      {list.isPending ? (
        <ListSkeleton label={t('loading')} rowClassName="h-32" />
      ) : list.isError ? (
        <LoadError title={t('loadFailed')} error={list.error} busy={list.isFetching} onRetry={() => void list.refetch()} />
      ) : list.data.threads.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center">
          <Inbox aria-hidden="true" className="size-8 text-muted" />
          <p className="font-medium text-ink-900">{t('empty')}</p>
          <p className="text-sm text-muted">{t('admin.emptyHint')}</p>
        </Card>
      ) : (
        <section aria-label={t('admin.list')}>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {filtered
              ? t('admin.showing', { shown: shown.length, count: list.data.threads.length })
              : t('admin.conversations', { count: list.data.threads.length })}
          </p>
          {shown.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-8 text-center">
              <p className="font-medium text-ink-900">{t('admin.noMatch')}</p>
              <Button variant="secondary" size="sm" onClick={clearFilters}>
                {t('admin.clearFilters')}
              </Button>
            </Card>
          ) : (
            <ul className="flex flex-col gap-3">
              {shown.map((thread) => (
                <InboxItem key={thread.id} thread={thread} onOpen={openThread} />
              ))}
            </ul>
          )}
        </section>
      )}

      <ComposeDialog side="admin" open={composing} onOpenChange={setComposing} />
      <ThreadDialog side="admin" open={open} onClose={() => setOpen(null)} returnFocus={returnFocus} />
    </>
  );
}

function Check({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex min-h-10 items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 cursor-pointer rounded accent-gold-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
      />
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-text">
        {label}
      </label>
    </div>
  );
}

function InboxItem({
  thread,
  onOpen,
}: {
  thread: MessageThreadSummary;
  onOpen: (id: string, mode: OpenThread['mode'], from: HTMLElement) => void;
}) {
  const subjectId = useId();
  const unread = thread.status === 'Unread';
  const { t } = messagesText.useT();
  return (
    <li
      className={cn(
        'relative rounded-lg border p-4 shadow-sm transition-colors hover:border-gold-500/60 sm:p-5',
        unread ? 'border-gold-500/40 border-s-4 border-s-gold-500 bg-gold-100/40' : 'border-border bg-surface',
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <bdi className="font-semibold text-ink-900">{thread.investorName}</bdi>
            {thread.unreadCount > 0 && (
              <span className="tabular rounded-full bg-gold-500 px-2 py-0.5 text-xs font-semibold text-ink-950">
                {t('admin.unreadCount', { count: thread.unreadCount })}
              </span>
            )}
          </p>
          <h3 id={subjectId} className={cn('mt-1 break-words text-base text-ink-900', unread ? 'font-bold' : 'font-medium')}>
            {/* The subject opens the conversation; its hit area covers the whole item. */}
            <button
              type="button"
              onClick={(e) => onOpen(thread.id, 'view', e.currentTarget)}
              className="cursor-pointer text-start after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-gold-600"
            >
              {thread.subject}
            </button>
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <span>
              <Trans
                t={t}
                i18nKey="from"
                values={{ name: thread.from }}
                components={{ name: <span className="font-medium text-text" /> }}
              />
            </span>
            <span aria-hidden="true">·</span>
            <ThreadDate iso={thread.date} />
            {thread.hasAttachment && <AttachmentIcon />}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <StatusBadge status={thread.status} />
          <PriorityBadge priority={thread.priority} />
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="line-clamp-2 min-w-0 break-words text-sm text-text">{thread.preview}</p>
        <Button
          variant="secondary"
          size="sm"
          className="relative z-10 self-start sm:self-auto"
          aria-describedby={subjectId}
          onClick={(e) => onOpen(thread.id, 'reply', e.currentTarget)}
        >
          <Reply aria-hidden="true" />
          {t('reply')}
        </Button>
      </div>
    </li>
  );
}
