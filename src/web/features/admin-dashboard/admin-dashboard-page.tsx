import {
  ArrowRight,
  BrainCircuit,
  Briefcase,
  Building2,
  Construction,
  FileClock,
  Fuel,
  Landmark,
  type LucideIcon,
  Minus,
  Receipt,
  RefreshCw,
  ShieldCheck,
  TrendingUp,
  TriangleAlert,
} from 'lucide-react';
import { useId } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { missingProfileItems } from '../../../shared/company-profile';
import type { DashboardDeal, DashboardTile, Trend } from '../../../shared/dashboard';
import { dealStatusTone } from '../../../shared/deals';
import { formatFigure, formatUSDShort } from '../../../shared/format';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { useCompanyProfile, useDashboard } from './api';
import { adminDashboardText, en, known } from './i18n';

const TILE_ICONS: Record<DashboardTile['key'], LucideIcon> = {
  activeDeals: Briefcase,
  activeSpvs: ShieldCheck,
  dfsaFilingsDueToday: FileClock,
  uaeTaxStatus: Receipt,
};

const TRENDS: Record<Trend, { icon: LucideIcon; className: string }> = {
  up: { icon: TrendingUp, className: 'text-success-700' },
  stable: { icon: Minus, className: 'text-muted' },
  attention: { icon: TriangleAlert, className: 'text-danger-700' },
};

const DEAL_TYPE_ICONS: Record<string, LucideIcon> = {
  'Oil Trading': Fuel,
  'Distressed Real Estate': Building2,
  PPP: Landmark,
  'AI & Tech': BrainCircuit,
  Infrastructure: Construction,
};

export default function AdminDashboardPage() {
  const { t } = adminDashboardText.useT();
  const { user } = useAuth();
  const dashboard = useDashboard();
  const pipelineHeadingId = useId();
  const data = dashboard.data;
  const loading = dashboard.isPending;

  return (
    <>
      <PageHeader
        title={t('welcome', { name: user?.name ?? '' })}
        documentTitle={t('title')}
        description={user?.userType === 'founder' ? t('role.founder') : t('role.admin')}
      />
      <div role="status" className="sr-only">
        {loading ? t('loading') : ''}
      </div>

      {dashboard.isError && !data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface p-8 text-center">
          <p className="font-medium text-ink-900">{t('loadError.title')}</p>
          <p className="text-sm text-muted">{t('loadError.hint')}</p>
          <Button variant="secondary" onClick={() => void dashboard.refetch()} busy={dashboard.isFetching}>
            <RefreshCw aria-hidden="true" />
            {t('loadError.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label={t('tiles.label')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {!data
              ? [0, 1, 2, 3].map((i) => (
                  <li key={i}>
                    <TileSkeleton />
                  </li>
                ))
              : data.tiles.map((tile) => (
                  <li key={tile.key}>
                    <TileCard tile={tile} />
                  </li>
                ))}
          </ul>

          <ProfileGaps />

          <section aria-labelledby={pipelineHeadingId} className="mt-8">
            <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
              <div>
                <h2 id={pipelineHeadingId} className="text-lg font-semibold tracking-tight text-ink-900">
                  {t('pipeline.title')}
                </h2>
                <p className="text-sm text-muted">{t('pipeline.description')}</p>
              </div>
              <Link
                to="/admin/deals"
                className="inline-flex min-h-10 items-center gap-1 rounded-md text-sm font-medium text-gold-700 hover:underline"
              >
                {t('pipeline.viewAll')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
            {!data ? (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                {[0, 1, 2, 3].map((i) => (
                  <DealSkeleton key={i} />
                ))}
              </div>
            ) : data.deals.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border bg-surface px-4 py-10 text-center text-sm text-muted">
                {t('pipeline.empty')}
              </p>
            ) : (
              <ul aria-label={t('pipeline.list')} className="grid grid-cols-1 gap-4 md:grid-cols-2">
                {data.deals.map((deal) => (
                  <li key={deal.id}>
                    <DealCard deal={deal} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  );
}

/** What investors and the public do not see because it is not set (they see no line for it). */
function ProfileGaps() {
  const { t } = adminDashboardText.useT();
  const profile = useCompanyProfile();
  const headingId = useId();
  if (!profile.data) return null;
  const missing = missingProfileItems(profile.data);
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl border border-warning-800/30 bg-warning-100 p-5">
      <h2 id={headingId} className="text-base font-semibold text-ink-900">
        {t('profile.title')}
      </h2>
      <p className="mt-1 text-sm text-text">{t('profile.description')}</p>
      <ul aria-label={t('profile.list')} className="mt-3 flex flex-wrap gap-2">
        {missing.map((item) => (
          <li key={item} className="rounded-md border border-border bg-surface px-2.5 py-1 text-sm">
            <Trans
              t={t}
              i18nKey="profile.item"
              values={{ item: known(en.profile.items, item) ? t(`profile.items.${item}`) : item }}
              components={[<span key="0" className="font-medium text-warning-800" />]}
            />
          </li>
        ))}
      </ul>
      <Link
        to="/admin/settings?tab=profile"
        className="mt-3 inline-flex min-h-10 items-center gap-1 rounded-md text-sm font-medium text-gold-700 hover:underline"
      >
        {t('profile.complete')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}

function TileCard({ tile }: { tile: DashboardTile }) {
  const { t } = adminDashboardText.useT();
  const Icon = TILE_ICONS[tile.key] ?? Briefcase;
  const trend = TRENDS[tile.trend] ?? TRENDS.stable;
  const TrendIcon = trend.icon;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-tile={tile.key}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted">{known(en.tiles, tile.key) ? t(`tiles.${tile.key}`) : tile.label}</p>
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-md bg-gold-100 text-gold-700">
          <Icon className="size-5" />
        </span>
      </div>
      <p className={cn('text-3xl font-semibold tracking-tight text-ink-900', /^\d/.test(tile.value) && 'tabular')}>
        {known(en.taxValue, tile.value) ? t(`taxValue.${tile.value}`) : formatFigure(tile.value)}
      </p>
      <p className={cn('mt-auto inline-flex items-center gap-1.5 text-sm font-medium', trend.className)}>
        <TrendIcon aria-hidden="true" className="size-4" />
        {t(`trend.${tile.trend in TRENDS ? tile.trend : 'stable'}`)}
      </p>
    </Card>
  );
}

function DealCard({ deal }: { deal: DashboardDeal }) {
  const { t } = adminDashboardText.useT();
  const titleId = useId();
  const TypeIcon = DEAL_TYPE_ICONS[deal.type] ?? Building2;
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-sm transition-colors focus-within:border-gold-600 hover:border-gold-500 hover:bg-ink-50/40"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-md bg-ink-100 text-ink-800">
          <TypeIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold leading-snug break-words text-ink-900">
            <Link
              to={`/admin/deals/${encodeURIComponent(deal.id)}`}
              className="rounded-sm after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-gold-600"
            >
              {deal.title}
            </Link>
          </h3>
          <p className="text-sm text-muted">{enumLabel('dealType', deal.type)}</p>
        </div>
        <Badge tone={dealStatusTone(deal.status)}>{enumLabel('dealStatus', deal.status)}</Badge>
      </div>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-3 text-sm">
        <Detail label={t('deal.target')} value={deal.targetAmount ? formatUSDShort(deal.targetAmount) : t('deal.tbd')} numeric />
        <Detail label={t('deal.irr')} value={deal.expectedIrr ? formatFigure(deal.expectedIrr) : t('deal.tbd')} numeric />
        <Detail label={t('deal.risk')} value={deal.riskScore ? formatFigure(deal.riskScore) : t('deal.tbd')} numeric />
        <Detail label={t('deal.spv')} value={deal.spvEntity || t('deal.notAssigned')} className="col-span-3" />
      </dl>
      <div className="mt-auto border-t border-border pt-3 text-sm">
        <span className="font-medium text-muted">{t('deal.nextStep')}</span>
        <bdi className="text-text">{deal.nextStep || '—'}</bdi>
      </div>
    </article>
  );
}

function Detail({ label, value, numeric, className }: { label: string; value: string; numeric?: boolean; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className={cn('mt-0.5 font-medium break-words text-ink-900', numeric && 'tabular')}>{value}</dd>
    </div>
  );
}

function TileSkeleton() {
  return (
    <Card aria-hidden="true" className="flex h-full flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="size-9" shape="block" />
      </div>
      <Skeleton className="h-9 w-16" />
      <Skeleton className="h-5 w-24" />
    </Card>
  );
}

function DealSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-52 flex-col gap-4 rounded-lg border border-border bg-surface p-5">
      <div className="flex gap-3">
        <Skeleton className="size-10" shape="block" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <div className="grid grid-cols-4 gap-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </div>
      <Skeleton className="mt-auto h-4 w-3/4" />
    </div>
  );
}
