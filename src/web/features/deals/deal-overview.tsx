import { Download, Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Deal, daysInStage } from '../../../shared/deals';
import { documentExpiry, type VaultDocument } from '../../../shared/documents';
import { formatDate, formatDateTime, formatNumber, formatUSD } from '../../../shared/format';
import { DealStatusBadge } from '../../components/domain/deal';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { daysLabel } from './deal-ui';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 lg:col-span-3' : 'min-w-0'}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-ink-900">{children}</dd>
    </div>
  );
}

const orTbd = (v: string | null) => v || <span className="text-muted">TBD</span>;

export function DealOverview({ deal }: { deal: Deal }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Overview</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
          <Item label="Status">
            <DealStatusBadge status={deal.status} />
          </Item>
          <Item label="Stage">
            {deal.stage} <span className="text-muted">({daysLabel(daysInStage(deal.stageEnteredAt))})</span>
          </Item>
          <Item label="Deal type">{deal.type}</Item>
          <Item label="Target amount">
            <span className="tabular">
              {deal.targetAmount === null ? <span className="text-muted">Not set</span> : formatUSD(deal.targetAmount)}
            </span>
          </Item>
          <Item label="Committed amount">
            <span className="tabular">{formatUSD(deal.committedAmount)}</span>
            <span className="block text-xs text-muted">Sum of completed subscriptions</span>
          </Item>
          <Item label="Expected IRR">
            <span className="tabular">{orTbd(deal.expectedIrr)}</span>
          </Item>
          <Item label="Risk score">{orTbd(deal.riskScore)}</Item>
          <Item label="SPV entity">{deal.spvEntity || <span className="text-muted">None</span>}</Item>
          <Item label="Created">
            {formatDate(deal.createdAt)} by {deal.createdByName ?? (deal.createdBy ? 'Unknown' : 'System')}
          </Item>
          <Item label="Next step" wide>
            {deal.nextStep || <span className="text-muted">None recorded</span>}
          </Item>
          <Item label="Description" wide>
            {deal.description ? (
              <span className="whitespace-pre-wrap">{deal.description}</span>
            ) : (
              <span className="text-muted">No description</span>
            )}
          </Item>
          <Item label="Last updated" wide>
            <time dateTime={deal.updatedAt}>{formatDateTime(deal.updatedAt)}</time>
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}

function ExpiryLabel({ date }: { date: string | null }) {
  const expiry = documentExpiry(date);
  switch (expiry.state) {
    case 'none':
      return <span className="text-muted">No expiry</span>;
    case 'expired':
      return <Badge tone="danger">Expired</Badge>;
    case 'expiring':
      return <Badge tone="warning">{expiry.label}</Badge>;
    case 'valid':
      return <span className="tabular">{formatDate(expiry.date)}</span>;
  }
}

export function DealDocuments({ title, documents }: { title: string; documents: VaultDocument[] }) {
  return (
    <Table aria-label={`Documents for ${title}`} maxHeight="none">
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Type</TH>
          <TH className="text-end">Size</TH>
          <TH>Uploaded</TH>
          <TH>Expiry</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {documents.length === 0 ? (
          <EmptyRow colSpan={6}>
            No documents linked to this deal yet.{' '}
            <Link to="/admin/documents" className="font-medium text-gold-700 underline-offset-4 hover:underline">
              Upload one in the Document Vault
            </Link>
          </EmptyRow>
        ) : (
          documents.map((doc) => (
            <TR key={doc.id}>
              <TD className="max-w-64 font-medium break-words text-ink-900">{doc.name}</TD>
              <TD className="whitespace-nowrap">{doc.type}</TD>
              <TD className="tabular text-end whitespace-nowrap">{formatNumber(Number(doc.fileSize))} KB</TD>
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
                    aria-label={`View ${doc.name} (opens in a new tab)`}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    <Eye aria-hidden="true" />
                    View
                  </a>
                  <a
                    href={`/api/documents/${encodeURIComponent(doc.id)}/download`}
                    download
                    aria-label={`Download ${doc.name}`}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    <Download aria-hidden="true" />
                    Download
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
