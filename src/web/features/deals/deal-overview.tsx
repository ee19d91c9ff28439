import { Download, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { type Deal, daysInStage } from '../../../shared/deals';
import { documentExpiry, type VaultDocument } from '../../../shared/documents';
import { formatDate, formatDateTimeZoned, formatFigure, formatNumber, formatUSD } from '../../../shared/format';
import { DealStatusBadge } from '../../components/domain/deal';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { enumLabel } from '../../lib/i18n';
import { dealsText } from './i18n';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 lg:col-span-3' : 'min-w-0'}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-ink-900">{children}</dd>
    </div>
  );
}

const orTbd = (v: string | null) => (v ? formatFigure(v) : null) || <span className="text-muted">{dealsText.t('overview.tbd')}</span>;

export function DealOverview({ deal }: { deal: Deal }) {
  const { t } = dealsText.useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overview.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
          <Item label={t('overview.status')}>
            <DealStatusBadge status={deal.status} />
          </Item>
          <Item label={t('overview.stage')}>
            {enumLabel('dealStage', deal.stage)}{' '}
            <span className="text-muted">
              {t('overview.stageDays', { days: t('card.days', { count: daysInStage(deal.stageEnteredAt) }) })}
            </span>
          </Item>
          <Item label={t('overview.type')}>{enumLabel('dealType', deal.type)}</Item>
          <Item label={t('overview.target')}>
            <span className="tabular">
              {deal.targetAmount === null ? <span className="text-muted">{t('overview.notSet')}</span> : formatUSD(deal.targetAmount)}
            </span>
          </Item>
          <Item label={t('overview.committed')}>
            <span className="tabular">{formatUSD(deal.committedAmount)}</span>
            <span className="block text-xs text-muted">{t('overview.committedHint')}</span>
          </Item>
          <Item label={t('overview.irr')}>
            <span className="tabular">{orTbd(deal.expectedIrr)}</span>
          </Item>
          <Item label={t('overview.risk')}>{orTbd(deal.riskScore)}</Item>
          <Item label={t('overview.spv')}>{deal.spvEntity || <span className="text-muted">{t('overview.none')}</span>}</Item>
          <Item label={t('overview.created')}>
            {t('overview.createdBy', {
              date: formatDate(deal.createdAt),
              name: deal.createdByName ?? (deal.createdBy ? t('overview.unknown') : t('overview.system')),
            })}
          </Item>
          <Item label={t('overview.nextStep')} wide>
            {deal.nextStep || <span className="text-muted">{t('overview.noNextStep')}</span>}
          </Item>
          <Item label={t('overview.description')} wide>
            {deal.description ? (
              <span dir="auto" className="whitespace-pre-wrap">
                {deal.description}
              </span>
            ) : (
              <span className="text-muted">{t('overview.noDescription')}</span>
            )}
          </Item>
          <Item label={t('overview.updated')} wide>
            <time dateTime={deal.updatedAt}>{formatDateTimeZoned(deal.updatedAt)}</time>
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}

function ExpiryLabel({ date }: { date: string | null }) {
  const { t } = dealsText.useT();
  const expiry = documentExpiry(date);
  switch (expiry.state) {
    case 'none':
      return <span className="text-muted">{t('documents.noExpiry')}</span>;
    case 'expired':
      return <Badge tone="danger">{t('documents.expired')}</Badge>;
    case 'expiring':
      return <Badge tone="warning">{t('documents.expiresIn', { count: expiry.days })}</Badge>;
    case 'valid':
      return <span className="tabular">{formatDate(expiry.date)}</span>;
  }
}

export function DealDocuments({ title, documents }: { title: string; documents: VaultDocument[] }) {
  const { t } = dealsText.useT();
  return (
    <Table aria-label={t('documents.tableLabel', { title })} maxHeight="none">
      <THead>
        <tr>
          <TH>{t('documents.name')}</TH>
          <TH>{t('documents.type')}</TH>
          <TH className="text-end">{t('documents.size')}</TH>
          <TH>{t('documents.uploaded')}</TH>
          <TH>{t('documents.expiry')}</TH>
          <TH>
            <span className="sr-only">{t('documents.actions')}</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {documents.length === 0 ? (
          <EmptyRow colSpan={6}>
            <Trans
              t={t}
              i18nKey="documents.empty"
              components={[<Link key="0" to="/admin/documents" className="font-medium text-gold-700 underline-offset-4 hover:underline" />]}
            />
          </EmptyRow>
        ) : (
          documents.map((doc) => (
            <TR key={doc.id}>
              <TD className="max-w-64 font-medium break-words text-ink-900">
                <bdi>{doc.name}</bdi>
              </TD>
              <TD className="whitespace-nowrap">{enumLabel('documentType', doc.type)}</TD>
              <TD className="tabular text-end whitespace-nowrap">{t('documents.sizeKb', { size: formatNumber(Number(doc.fileSize)) })}</TD>
              <TD className="tabular whitespace-nowrap">{formatDate(doc.uploadDate)}</TD>
              <TD className="whitespace-nowrap">
                <ExpiryLabel date={doc.expirationDate} />
              </TD>
              <TD>
                <div className="flex justify-end gap-2">
                  <a
                    href={`/api/documents/${encodeURIComponent(doc.id)}/view`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('documents.viewLabel', { name: doc.name })}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    <Eye aria-hidden="true" />
                    {t('documents.view')}
                  </a>
                  <a
                    href={`/api/documents/${encodeURIComponent(doc.id)}/download`}
                    download
                    aria-label={t('documents.downloadLabel', { name: doc.name })}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    <Download aria-hidden="true" />
                    {t('documents.download')}
                  </a>
                </div>
              </TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
}
