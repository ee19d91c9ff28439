import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatDate, formatUSDExact } from '../../../shared/format';
import type { PackStatus, PackStatusRow } from '../../../shared/signing';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { packStatusCsvUrl, useDealPack, usePackStatus } from './admin-api';
import { signingAdminText } from './admin-i18n';
import { EnvelopeDialog } from './envelope-dialog';

const TONE: Record<PackStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'info',
  signed_by_investor: 'warning',
  executed: 'success',
  declined: 'danger',
  expired: 'neutral',
  voided: 'danger',
};

export function PackStatusBadge({ status }: { status: PackStatus }) {
  const { t } = signingAdminText.useT();
  return <Badge tone={TONE[status]}>{t(`status.label.${status}`)}</Badge>;
}

/** Statuses whose 'closed' date is news (an executed agreement's is its execution). */
const CLOSED: PackStatus[] = ['declined', 'voided', 'expired'];

const day = (v: string | null, none: string) => (v ? formatDate(v) : none);

/**
 * On the admin's deal page (issue 30): every investor's subscription-agreement status with its
 * dates, the CSV export, and per row the envelope's detail (trail, void, resend). A table from
 * 640 px, a list of cards below.
 */
/** `action`: what the deal page puts beside the title (the link to the agreement's placement screen). */
export function PackStatusCard({ dealId, action }: { dealId: string; action?: ReactNode }) {
  const { t } = signingAdminText.useT();
  const pack = useDealPack(dealId);
  const hasPack = pack.data != null;
  const status = usePackStatus(dealId, hasPack);
  const [open, setOpen] = useState<string | null>(null);
  const rows = status.data ?? [];
  return (
    <Card data-testid="pack-status">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{t('status.title')}</CardTitle>
            <CardDescription>{t('status.description')}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {action}
            {hasPack && rows.length > 0 && (
              <a href={packStatusCsvUrl(dealId)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                <Download aria-hidden="true" />
                {t('status.csv')}
              </a>
            )}
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {pack.isPending || (hasPack && status.isPending) ? (
          <ListSkeleton label={t('status.loading')} rowClassName="h-10" />
        ) : pack.isError || status.isError ? (
          <LoadError
            title={t('status.failed')}
            error={pack.error ?? status.error}
            busy={pack.isFetching || status.isFetching}
            onRetry={() => void (pack.isError ? pack.refetch() : status.refetch())}
          />
        ) : !hasPack ? (
          <p className="text-sm text-muted">{t('status.noPack')}</p>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted">{t('status.empty')}</p>
        ) : (
          <>
            <div className="hidden sm:block">
              <StatusTable rows={rows} onOpen={setOpen} />
            </div>
            <ul className="flex flex-col gap-3 sm:hidden" aria-label={t('status.tableLabel')}>
              {rows.map((r) => (
                <li
                  key={r.subscriptionId}
                  className="rounded-lg border border-border p-3 text-sm"
                  data-testid="pack-status-item"
                  data-subscription-id={r.subscriptionId}
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold text-ink-900">
                      <bdi>{r.investorName}</bdi>
                    </p>
                    <PackStatusBadge status={r.status} />
                  </div>
                  <p className="tabular text-muted">{formatUSDExact(r.amount)}</p>
                  <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
                    <Dates row={r} />
                  </dl>
                  {r.envelopeId && <DetailsButton row={r} onOpen={setOpen} className="mt-2 w-full" />}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
      <EnvelopeDialog envelopeId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

function Dates({ row }: { row: PackStatusRow }) {
  const { t } = signingAdminText.useT();
  const none = t('status.none');
  return (
    <>
      <div>
        <dt className="text-muted">{t('status.sent')}</dt>
        <dd className="tabular">{day(row.createdAt, none)}</dd>
      </div>
      <div>
        <dt className="text-muted">{t('status.signed')}</dt>
        <dd className="tabular">{day(row.signedAt, none)}</dd>
      </div>
      <div>
        <dt className="text-muted">{t('status.executed')}</dt>
        <dd className="tabular">{day(row.executedAt, none)}</dd>
      </div>
    </>
  );
}

function DetailsButton({ row, onOpen, className }: { row: PackStatusRow; onOpen: (id: string) => void; className?: string }) {
  const { t } = signingAdminText.useT();
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      className={className}
      aria-label={t('status.detailsOf', { investor: row.investorName })}
      onClick={() => onOpen(row.envelopeId as string)}
    >
      {t('status.details')}
    </Button>
  );
}

function StatusTable({ rows, onOpen }: { rows: PackStatusRow[]; onOpen: (id: string) => void }) {
  const { t } = signingAdminText.useT();
  const none = t('status.none');
  return (
    <Table aria-label={t('status.tableLabel')} maxHeight="none">
      <THead>
        <TR>
          <TH>{t('status.investor')}</TH>
          <TH className="text-end">{t('status.amount')}</TH>
          <TH>{t('status.status')}</TH>
          <TH>{t('status.sent')}</TH>
          <TH>{t('status.signed')}</TH>
          <TH>{t('status.executed')}</TH>
          <TH>{t('status.closed')}</TH>
          <TH>
            <span className="sr-only">{t('status.actions')}</span>
          </TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((r) => (
          <TR key={r.subscriptionId} data-testid="pack-status-row" data-subscription-id={r.subscriptionId}>
            <TD>
              <bdi className="font-medium text-ink-900">{r.investorName}</bdi>
              <span className="block text-xs text-muted">
                <bdi>{r.investorEmail}</bdi>
              </span>
            </TD>
            <TD className="tabular text-end">{formatUSDExact(r.amount)}</TD>
            <TD>
              <PackStatusBadge status={r.status} />
            </TD>
            <TD className="tabular">{day(r.createdAt, none)}</TD>
            <TD className="tabular">{day(r.signedAt, none)}</TD>
            <TD className="tabular">{day(r.executedAt, none)}</TD>
            <TD className="tabular">{CLOSED.includes(r.status) ? day(r.closedAt, none) : none}</TD>
            <TD>{r.envelopeId && <DetailsButton row={r} onOpen={onOpen} />}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
