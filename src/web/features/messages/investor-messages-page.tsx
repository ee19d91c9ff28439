import { AlertTriangle, Eye, Inbox, Mail, MailOpen, MessageSquarePlus, Reply, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { formatFigure } from '../../../shared/format';
import type { MessageThreadSummary } from '../../../shared/messages';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useThreadList } from './api';
import { messagesText } from './i18n';
import { AttachmentIcon, ComposeDialog, type OpenThread, PriorityBadge, StatusBadge, ThreadDate, ThreadDialog } from './message-ui';

/** Secure Messages (/investor/messages): the investor's conversations with the team. */
export default function InvestorMessagesPage() {
  const list = useThreadList('investor');
  const { t } = messagesText.useT();
  const [composing, setComposing] = useState(false);
  const [open, setOpen] = useState<OpenThread | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const listHeadingId = useId();
  const noticeId = useId();

  function openThread(id: string, mode: OpenThread['mode'], from: HTMLElement) {
    returnFocus.current = from;
    setOpen({ id, mode });
  }

  const counts = list.data?.counts;

  return (
    <>
      <PageHeader
        title={t('investor.title')}
        description={t('investor.description')}
        actions={
          <Button onClick={() => setComposing(true)}>
            <MessageSquarePlus aria-hidden="true" />
            {t('newMessage')}
          </Button>
        }
      />

      <section aria-label={t('investor.summary')} className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard label={t('investor.total')} value={counts?.total} icon={<Mail aria-hidden="true" className="size-5" />} />
        <StatCard label={t('investor.unread')} value={counts?.unread} icon={<MailOpen aria-hidden="true" className="size-5" />} accent />
        <StatCard label={t('investor.high')} value={counts?.high} icon={<AlertTriangle aria-hidden="true" className="size-5" />} />
      </section>

      <section aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className="mb-3 text-lg font-semibold text-ink-900">
          {t('investor.listHeading')}
        </h2>
        {list.isPending ? (
          <ListSkeleton label={t('loading')} rowClassName="h-40" />
        ) : list.isError ? (
          <LoadError title={t('loadFailed')} error={list.error} busy={list.isFetching} onRetry={() => void list.refetch()} />
        ) : list.data.threads.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <Inbox aria-hidden="true" className="size-8 text-muted" />
            <p className="font-medium text-ink-900">{t('empty')}</p>
            <p className="text-sm text-muted">{t('investor.emptyHint')}</p>
          </Card>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.threads.map((thread) => (
              <ThreadItem key={thread.id} thread={thread} onOpen={openThread} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={noticeId} className="mt-8 flex gap-4 rounded-lg border border-ink-100 bg-ink-50 p-5 shadow-sm">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-900 text-gold-400">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id={noticeId} className="font-semibold text-ink-900">
            {t('investor.secureTitle')}
          </h2>
          <p className="mt-1 text-sm text-text">{t('investor.secureNotice')}</p>
        </div>
      </section>

      <ComposeDialog side="investor" open={composing} onOpenChange={setComposing} />
      <ThreadDialog side="investor" open={open} onClose={() => setOpen(null)} returnFocus={returnFocus} />
    </>
  );
}

function StatCard({ label, value, icon, accent }: { label: string; value: number | undefined; icon: ReactNode; accent?: boolean }) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="flex items-start justify-between gap-3 p-3 sm:p-5">
      <div className="min-w-0">
        <p id={labelId} className="text-xs font-medium text-muted sm:text-sm">
          {label}
        </p>
        <p className="tabular mt-1 text-2xl font-semibold text-ink-900 sm:text-3xl">
          {value === undefined ? <span className="text-muted">–</span> : formatFigure(value)}
        </p>
      </div>
      <span
        className={cn(
          'hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex',
          accent ? 'bg-gold-100 text-gold-700' : 'bg-ink-100 text-ink-700',
        )}
      >
        {icon}
      </span>
    </Card>
  );
}

function ThreadItem({
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
        'rounded-lg border p-4 shadow-sm sm:p-5',
        unread ? 'border-gold-500/40 border-s-4 border-s-gold-500 bg-gold-100/40' : 'border-border bg-surface',
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 id={subjectId} className={cn('break-words text-base text-ink-900', unread ? 'font-bold' : 'font-medium')}>
            {thread.subject}
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
      <p className="mt-3 line-clamp-2 break-words text-sm text-text">{thread.preview}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-describedby={subjectId} onClick={(e) => onOpen(thread.id, 'reply', e.currentTarget)}>
          <Reply aria-hidden="true" />
          {t('reply')}
        </Button>
        <Button variant="secondary" size="sm" aria-describedby={subjectId} onClick={(e) => onOpen(thread.id, 'view', e.currentTarget)}>
          <Eye aria-hidden="true" />
          {t('investor.viewFull')}
        </Button>
      </div>
    </li>
  );
}
