import { ArrowRight, Briefcase, Download, Eye, FileSignature, FileText, FolderOpen, RotateCw } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatFigure, formatUSD } from '../../../shared/format';
import type { InvestorDeal } from '../../../shared/investor-deals';
import { divRound, toCents } from '../../../shared/money';
import { DealStatusBadge, DealTypeIcon } from '../../components/domain/deal';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { downloadInvestorDocument, executedAgreementUrl, type InvestorDocument, investorDocumentViewUrl, useInvestorDeals } from './api';
import { investorDealsText } from './i18n';

/** Size in KB as stored (spec section 3), shown with its unit. */
function sizeLabel(fileSize: string): string {
  return /[a-z]/i.test(fileSize) ? fileSize : investorDealsText.t('documents.size', { size: fileSize });
}

/** Share of the target already committed or reserved, 0-100; null without a target. */
function subscribedShare(deal: InvestorDeal): number | null {
  if (deal.targetAmount === null || deal.remainingCapacity === null) return null;
  // On cents, never a float of money: whole percent, half up.
  const target = toCents(deal.targetAmount);
  if (target <= 0n) return null;
  return Number(divRound((target - toCents(deal.remainingCapacity)) * 100n, target));
}

/** Deal Vault (/investor/deals): deals open for investment and the investor's holdings, with their documents. */
export default function DealVaultPage() {
  const { t } = investorDealsText.useT();
  const deals = useInvestorDeals();
  const openId = useId();
  const heldId = useId();
  const open = deals.data?.filter((d) => d.open) ?? [];
  const held = deals.data?.filter((d) => d.held) ?? [];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />

      {deals.isPending ? (
        <div className="flex flex-col gap-8" aria-busy="true">
          <span role="status" className="sr-only">
            {t('loading')}
          </span>
          {[0, 1].map((s) => (
            <div key={s} className="flex flex-col gap-3">
              <Skeleton className="h-6 w-48" />
              <div className="grid gap-4 lg:grid-cols-2">
                <Skeleton shape="block" className="h-96" />
                <Skeleton shape="block" className="h-96" />
              </div>
            </div>
          ))}
        </div>
      ) : deals.isError ? (
        <Card className="p-8 text-center">
          <p role="alert" className="font-medium text-danger-700">
            {t('loadFailed')}
          </p>
          <p className="mt-1 text-sm text-muted">{deals.error.message || t('loadFailedHint')}</p>
          <Button variant="secondary" className="mt-4" busy={deals.isFetching} onClick={() => void deals.refetch()}>
            <RotateCw aria-hidden="true" />
            {t('retry')}
          </Button>
        </Card>
      ) : (
        <div className="flex flex-col gap-10">
          <section aria-labelledby={openId} data-testid="open-deals">
            <SectionHeading id={openId} title={t('section.open')} count={open.length} />
            {open.length === 0 ? (
              <EmptyState
                icon={<FolderOpen aria-hidden="true" className="size-8 text-muted" />}
                title={t('empty.noOpen')}
                hint={t('empty.noOpenHint')}
              />
            ) : (
              <ul className="grid gap-4 lg:grid-cols-2">
                {open.map((d) => (
                  <li key={d.id} className="flex">
                    <DealCard deal={d} variant="open" />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={heldId} data-testid="held-deals">
            <SectionHeading id={heldId} title={t('section.held')} count={held.length} />
            {held.length === 0 ? (
              <EmptyState
                icon={<Briefcase aria-hidden="true" className="size-8 text-muted" />}
                title={t('empty.noHoldings')}
                hint={t('empty.noHoldingsHint')}
                action={
                  open.length > 0 ? (
                    <Link to="/investor/subscriptions" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                      {t('empty.toPortal')}
                    </Link>
                  ) : undefined
                }
              />
            ) : (
              <ul className="grid gap-4 lg:grid-cols-2">
                {held.map((d) => (
                  <li key={d.id} className="flex">
                    <DealCard deal={d} variant="held" />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function SectionHeading({ id, title, count }: { id: string; title: string; count: number }) {
  const { t } = investorDealsText.useT();
  return (
    <div className="mb-3 flex items-center gap-2">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <Badge tone="neutral" className="tabular">
        <span aria-hidden="true">{formatFigure(count)}</span>
        <span className="sr-only">{t('section.count', { count })}</span>
      </Badge>
    </div>
  );
}

function EmptyState({ icon, title, hint, action }: { icon: ReactNode; title: string; hint: string; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 border-dashed p-10 text-center">
      {icon}
      <p className="font-medium text-ink-900">{title}</p>
      <p className="max-w-md text-sm text-muted">{hint}</p>
      {action && <div className="mt-2">{action}</div>}
    </Card>
  );
}

function DealCard({ deal, variant }: { deal: InvestorDeal; variant: 'open' | 'held' }) {
  const { t } = investorDealsText.useT();
  const titleId = useId();
  const share = variant === 'open' ? subscribedShare(deal) : null;
  return (
    <Card role="article" aria-labelledby={titleId} data-testid="deal-card" data-deal-id={deal.id} className="flex w-full flex-col">
      <div className="flex items-start gap-3 p-5 pb-3">
        <DealTypeIcon type={deal.type} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base leading-snug font-semibold break-words text-ink-900">
            <bdi>{deal.title}</bdi>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-sm text-muted">{enumLabel('dealType', deal.type)}</span>
            <DealStatusBadge status={deal.status} />
            {variant === 'open' && deal.held && <Badge tone="info">{t('card.youHold')}</Badge>}
            {variant === 'held' && deal.open && <Badge tone="info">{t('card.openForMore')}</Badge>}
          </div>
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-4 px-5 pb-5">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <Fact label={t('card.target')} value={deal.targetAmount === null ? t('card.noTarget') : formatUSD(deal.targetAmount)} numeric />
          <Fact
            label={t('card.remaining')}
            value={!deal.open ? t('card.closed') : deal.remainingCapacity === null ? t('card.noCap') : formatUSD(deal.remainingCapacity)}
            numeric={deal.open}
          />
          <Fact label={t('card.irr')} value={deal.expectedIrr ? formatFigure(deal.expectedIrr) : t('card.tbd')} numeric />
          <Fact label={t('card.risk')} value={deal.riskScore ? formatFigure(deal.riskScore) : t('card.tbd')} numeric />
          <Fact label={t('card.stage')} value={enumLabel('dealStage', deal.stage)} />
          <Fact label={t('card.spv')} value={deal.spvEntity || '—'} />
        </dl>

        {share !== null && (
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted">{t('card.subscribed')}</span>
            <Progress value={share} label={t('card.subscribedLabel', { title: deal.title })} showValue />
          </div>
        )}

        {deal.description && (
          <p dir="auto" className="text-sm leading-relaxed whitespace-pre-line text-text">
            {deal.description}
          </p>
        )}

        <DocumentList deal={deal} />

        {variant === 'open' && (
          <div className="mt-auto flex justify-end border-t border-border pt-4">
            <Link
              to={`/investor/subscriptions?deal=${encodeURIComponent(deal.id)}`}
              className={buttonClass({ variant: 'primary' })}
              aria-label={t('card.subscribeTo', { title: deal.title })}
            >
              {t('card.subscribe')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        )}
      </div>
    </Card>
  );
}

function Fact({ label, value, numeric }: { label: string; value: string; numeric?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`${numeric ? 'tabular ' : ''}font-medium break-words text-ink-900`}>{formatFigure(value)}</dd>
    </div>
  );
}

function DocumentList({ deal }: { deal: InvestorDeal }) {
  const { t } = investorDealsText.useT();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-ink-900">
        {t('documents.title')}
      </h4>
      {deal.documents.length === 0 && deal.agreements.length === 0 ? (
        <p className="text-sm text-muted">{t('documents.none')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border rounded-md border border-border">
          {deal.agreements.map((a) => (
            <AgreementRow key={a.envelopeId} agreement={a} dealTitle={deal.title} />
          ))}
          {deal.documents.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The investor's own executed agreement (issue 30): a plain download link to the sealed PDF. */
function AgreementRow({ agreement, dealTitle }: { agreement: InvestorDeal['agreements'][number]; dealTitle: string }) {
  const { t } = investorDealsText.useT();
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="executed-agreement">
      <div className="flex min-w-0 items-start gap-2">
        <FileSignature aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-ink-900">{t('documents.agreement')}</p>
          <p className="tabular text-xs text-muted">{t('documents.agreementMeta', { date: formatDate(agreement.executedAt) })}</p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <a
          href={executedAgreementUrl(agreement)}
          download
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={t('documents.agreementLabel', { title: dealTitle })}
        >
          <Download aria-hidden="true" />
          {t('documents.download')}
        </a>
      </div>
    </li>
  );
}

function DocumentRow({ doc }: { doc: InvestorDocument }) {
  const { t } = investorDealsText.useT();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadInvestorDocument(doc);
    } catch (err) {
      toast.error(t('downloadFailed'), { description: err instanceof Error ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="deal-document">
      <div className="flex min-w-0 items-start gap-2">
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-ink-900">
            <bdi>{doc.name}</bdi>
          </p>
          <p className="tabular text-xs text-muted">
            {enumLabel('documentType', doc.type)} · <span className="uppercase">{doc.extension}</span> · {sizeLabel(doc.fileSize)} ·{' '}
            {formatDate(doc.uploadDate)}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <a
          href={investorDocumentViewUrl(doc)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={t('documents.viewLabel', { name: doc.name })}
        >
          <Eye aria-hidden="true" />
          {t('documents.view')}
        </a>
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          onClick={() => void download()}
          aria-label={t('documents.downloadLabel', { name: doc.name })}
        >
          {!busy && <Download aria-hidden="true" />}
          {busy ? t('documents.downloading') : t('documents.download')}
        </Button>
      </div>
    </li>
  );
}
