import { ArrowRight, Briefcase, CalendarDays, ChevronRight, Coins, FolderOpen, Mail, TrendingUp, Wallet } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { relativeDay } from '../../../shared/dates';
import { formatDate, formatFigure, formatUSD, formatUSDCents } from '../../../shared/format';
import type { InvestorDashboardData } from '../../../shared/investor-dashboard';
import { sumAmounts } from '../../../shared/money';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { companyName } from '../../lib/company';
import { enumLabel } from '../../lib/i18n';
import { useInvestorDashboard } from './api';
import { investorDashboardText } from './i18n';

/**
 * Investor Dashboard (/investor): portfolio figures, next payment, unread messages, KYC and recent
 * deals. The KYC call to action belongs to the KYC feature: the app's routing passes it in.
 */
export default function InvestorDashboardPage({ kycCallToAction }: { kycCallToAction?: ReactNode }) {
  const { t } = investorDashboardText.useT();
  const { user } = useAuth();
  const dash = useInvestorDashboard();
  const data = dash.data;

  return (
    <>
      <PageHeader
        title={t('welcome', { name: user?.name ?? '' })}
        documentTitle={t('documentTitle')}
        description={t('description', { company: companyName() })}
      />
      <div className="mb-6">{kycCallToAction}</div>

      {dash.isError ? (
        <LoadError title={t('loadFailed')} error={dash.error} busy={dash.isFetching} onRetry={() => void dash.refetch()} />
      ) : (
        <>
          {dash.isPending && (
            <span role="status" className="sr-only">
              {t('loading')}
            </span>
          )}
          <section aria-label={t('summary')} className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={dash.isPending || undefined}>
            <StatCard
              testId="stat-total-committed"
              label={t('totalCommitted')}
              icon={<Wallet aria-hidden="true" className="size-5" />}
              value={data && formatUSD(data.totalCommitted)}
              caption={t('totalCommittedCaption')}
              accent
            />
            <StatCard
              testId="stat-current-value"
              label={t('currentValue')}
              icon={<TrendingUp aria-hidden="true" className="size-5" />}
              value={data && formatUSD(data.currentValue)}
              caption={t('currentValueCaption', { date: formatDate(data?.asOf ?? undefined) })}
            />
            <StatCard
              testId="stat-distributions"
              label={t('distributions')}
              icon={<Coins aria-hidden="true" className="size-5" />}
              value={data && formatUSD(data.distributionsReceived)}
              caption={t('distributionsCaption', { date: formatDate(data?.asOf ?? undefined) })}
            />
          </section>

          <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
            <YourDeals data={data} className="lg:col-span-2" />
            <div className="flex flex-col gap-4">
              <AmountsDueCard data={data} />
              <NextPaymentCard data={data} />
              <UnreadMessagesCard data={data} />
            </div>
          </div>
        </>
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

function IconBubble({ children, accent }: { children: ReactNode; accent?: boolean }) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full',
        accent ? 'bg-gold-100 text-gold-700' : 'bg-ink-100 text-ink-700',
      )}
    >
      {children}
    </span>
  );
}

function StatCard({
  label,
  icon,
  value,
  caption,
  accent,
  testId,
}: {
  label: string;
  icon: ReactNode;
  value: string | undefined;
  caption: string;
  accent?: boolean;
  testId: string;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} data-testid={testId} className="flex items-start justify-between gap-3 p-5">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-muted">
          {label}
        </p>
        {value === undefined ? (
          <>
            <Skeleton as="span" className="mt-2 h-8 w-32 max-w-full" />
            <Skeleton as="span" className="mt-2 h-4 w-24 max-w-full" />
          </>
        ) : (
          <>
            <p className="tabular mt-1 text-2xl font-semibold text-ink-900 xl:text-3xl" data-testid="stat-value">
              {formatFigure(value)}
            </p>
            <p className="mt-1 text-sm text-muted">{caption}</p>
          </>
        )}
      </div>
      <IconBubble accent={accent}>{icon}</IconBubble>
    </Card>
  );
}

const cardLinkClass =
  'inline-flex min-h-10 w-fit items-center gap-1 rounded-sm text-sm font-medium text-ink-700 underline-offset-2 hover:text-ink-900 hover:underline';

function NextPaymentCard({ data }: { data: InvestorDashboardData | undefined }) {
  const { t } = investorDashboardText.useT();
  const labelId = useId();
  const next = data?.nextPayment;
  return (
    <Card role="group" aria-labelledby={labelId} data-testid="stat-next-payment" className="flex flex-col gap-2 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={labelId} className="text-sm font-medium text-muted">
            {t('nextPayment.title')}
          </p>
          {!data ? (
            <>
              <Skeleton as="span" className="mt-2 h-7 w-36 max-w-full" />
              <Skeleton as="span" className="mt-2 h-4 w-48 max-w-full" />
            </>
          ) : next ? (
            <>
              <p className="tabular mt-1 text-2xl font-semibold text-ink-900" data-testid="next-payment-date">
                {formatDate(next.date)}
              </p>
              <p className="mt-0.5 text-sm text-muted">{relativeDay(next.date)}</p>
            </>
          ) : (
            <>
              <p className="mt-1 text-lg font-semibold text-ink-900">{t('nextPayment.none')}</p>
              <p className="mt-0.5 text-sm text-muted">{t('nextPayment.noneText')}</p>
            </>
          )}
        </div>
        <IconBubble>
          <CalendarDays aria-hidden="true" className="size-5" />
        </IconBubble>
      </div>
      {next && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-border pt-3 text-sm">
          <dt className="text-muted">{t('nextPayment.amount')}</dt>
          <dd className="tabular text-end font-semibold text-ink-900" data-testid="next-payment-amount">
            {formatUSD(next.amount)}
          </dd>
          <dt className="text-muted">{t('nextPayment.deal')}</dt>
          <dd className="break-words text-end text-ink-900">
            <bdi>{next.dealName}</bdi>
          </dd>
        </dl>
      )}
      {data && (
        <Link to="/investor/distributions" className={cardLinkClass}>
          {t('nextPayment.calendar')}
          <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </Link>
      )}
    </Card>
  );
}

function UnreadMessagesCard({ data }: { data: InvestorDashboardData | undefined }) {
  const { t } = investorDashboardText.useT();
  const labelId = useId();
  const n = data?.unreadMessages;
  return (
    <Card
      role="group"
      aria-labelledby={labelId}
      data-testid="stat-unread-messages"
      className={cn('flex flex-col gap-2 p-5', n !== undefined && n > 0 && 'border-s-4 border-s-gold-500')}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={labelId} className="text-sm font-medium text-muted">
            {t('messages.title')}
          </p>
          {n === undefined ? (
            <>
              <Skeleton as="span" className="mt-2 h-8 w-12" />
              <Skeleton as="span" className="mt-2 h-4 w-40 max-w-full" />
            </>
          ) : (
            <>
              <p className="tabular mt-1 text-3xl font-semibold text-ink-900" data-testid="stat-value">
                {formatFigure(n)}
              </p>
              <p className="mt-0.5 text-sm text-muted">{n === 0 ? t('messages.caughtUp') : t('messages.toRead', { count: n })}</p>
            </>
          )}
        </div>
        <IconBubble accent={n !== undefined && n > 0}>
          <Mail aria-hidden="true" className="size-5" />
        </IconBubble>
      </div>
      {data && (
        <Link to="/investor/messages" className={cardLinkClass}>
          {t('messages.open')}
          <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </Link>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Your Deals
// ---------------------------------------------------------------------------------------------

function YourDeals({ data, className }: { data: InvestorDashboardData | undefined; className?: string }) {
  const { t } = investorDashboardText.useT();
  const headingId = useId();
  const deals = data?.recentDeals;
  return (
    <section aria-labelledby={headingId} className={cn('min-w-0', className)} data-testid="your-deals">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-5 py-3">
          <div className="flex items-center gap-2">
            <Briefcase aria-hidden="true" className="size-5 text-ink-700" />
            <h2 id={headingId} className="text-lg font-semibold text-ink-900">
              {t('deals.title')}
            </h2>
          </div>
          <Link to="/investor/deals" className={cardLinkClass}>
            {t('deals.vault')}
            <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        </div>
        {!deals ? (
          <ul aria-hidden="true" className="divide-y divide-border">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="flex items-center justify-between gap-3 px-5 py-4">
                <span className="flex flex-col gap-2">
                  <Skeleton as="span" className="h-4 w-56 max-w-full" />
                  <Skeleton as="span" className="h-3 w-24" />
                </span>
                <Skeleton as="span" shape="pill" className="h-5 w-14" />
              </li>
            ))}
          </ul>
        ) : deals.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <FolderOpen aria-hidden="true" className="size-8 text-muted" />
            <p className="font-medium text-ink-900">{t('deals.empty')}</p>
            <p className="max-w-sm text-sm text-muted">{t('deals.emptyText')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border" aria-labelledby={headingId}>
            {deals.map((d) => (
              <li key={d.id} data-testid="dashboard-deal">
                <Link
                  to="/investor/deals"
                  className="group flex items-center gap-3 px-5 py-3.5 hover:bg-ink-50 focus-visible:-outline-offset-2"
                >
                  <span className="min-w-0 flex-1">
                    <bdi className="block break-words font-medium text-ink-900 group-hover:underline">{d.title}</bdi>
                    <span className="block text-sm text-muted">{enumLabel('dealType', d.type)}</span>
                  </span>
                  <Badge tone={d.status === 'Held' ? 'success' : 'info'}>
                    {d.status === 'Held' || d.status === 'Open' ? t(`deals.status.${d.status}`) : d.status}
                  </Badge>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted rtl:-scale-x-100" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

/** Capital calls with money still to pay: amount outstanding and due date, linking to the notices. */
function AmountsDueCard({ data }: { data: InvestorDashboardData | undefined }) {
  const { t } = investorDashboardText.useT();
  const due = data?.amountsDue ?? [];
  const total = sumAmounts(due.map((d) => d.outstanding));
  return (
    <Card role="group" aria-label={t('due.label')} data-testid="amounts-due" className="p-5">
      <p className="text-sm font-medium text-muted">{t('due.title')}</p>
      {data === undefined ? (
        <Skeleton as="span" className="mt-3 h-7 w-24" />
      ) : due.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('due.none')}</p>
      ) : (
        <>
          <p className="tabular mt-2 text-xl font-semibold text-ink-900">{formatUSDCents(total)}</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {due.map((d) => (
              <li key={d.callId} className="flex justify-between gap-3">
                {/* The deal's name truncates in its own direction (dir="auto": an English name on an
                    Arabic screen loses its end, never its start), the status on the line below. */}
                <span className="flex min-w-0 flex-col">
                  <bdi dir="auto" className="truncate [unicode-bidi:plaintext] text-start" data-testid="due-deal">
                    {d.dealTitle}
                  </bdi>
                  <span className="text-xs text-muted">
                    {t('due.line', { status: enumLabel('callLineStatus', d.status), date: formatDate(d.dueDate) })}
                  </span>
                </span>
                <span className="tabular">{formatUSDCents(d.outstanding)}</span>
              </li>
            ))}
          </ul>
          <Link to="/investor/capital-calls" className="mt-3 inline-block text-sm font-medium text-ink-900 underline underline-offset-2">
            {t('due.notices')}
          </Link>
        </>
      )}
    </Card>
  );
}
