import { useQuery } from '@tanstack/react-query';
import { formatDate, formatUSDCents } from '../../../shared/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { LoadError } from '../../components/ui/load-error';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { apiGet } from '../../lib/api';
import { enumLabel } from '../../lib/i18n';
import { dealKeys } from '../../lib/query-keys';
import { dealsText } from './i18n';
import { LedgerEntries } from './ledger-entries';

const FIGURES = ['committed', 'called', 'contributed', 'unfunded', 'distributed', 'returnedCapital', 'fees'] as const;

/** The deal's capital-account summary: totals, one line per investor, and the ledger as CSV. */
export function DealLedgerSummary({ dealId }: { dealId: string }) {
  const { t } = dealsText.useT();
  const ledger = useQuery({
    queryKey: dealKeys.ledger(dealId),
    queryFn: ({ signal }) => apiGet('/api/deals/:id/ledger', { params: { id: dealId }, signal }).then((r) => r.ledger),
  });
  const l = ledger.data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{t('ledger.title')}</CardTitle>
            <CardDescription>{t('ledger.description')}</CardDescription>
          </div>
          {l && (
            <ExportCsvButton
              filename="deal-ledger"
              label={t('ledger.export')}
              columns={[
                { key: 'date', label: t('ledger.csv.date') },
                { key: 'investorName', label: t('ledger.csv.investor') },
                { key: 'kind', label: t('ledger.csv.entry') },
                { key: 'reversedKind', label: t('ledger.csv.reverses') },
                { key: 'amount', label: t('ledger.csv.amount') },
                { key: 'distributionType', label: t('ledger.csv.distributionType') },
                { key: 'recordDate', label: t('ledger.csv.recordDate') },
                { key: 'dueDate', label: t('ledger.csv.dueDate') },
                { key: 'memo', label: t('ledger.csv.memo') },
              ]}
              rows={l.entries as unknown as Record<string, unknown>[]}
            />
          )}
        </div>
      </CardHeader>
      <CardContent>
        {ledger.isError && <LoadError title={t('ledger.loadFailed')} error={ledger.error} onRetry={() => ledger.refetch()} />}
        {ledger.isLoading && <p className="text-sm text-muted">{t('ledger.loading')}</p>}
        {l && (
          <>
            <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('ledger.totals')}>
              {FIGURES.map((key) => (
                <div key={key}>
                  <dt className="text-xs text-muted">{t(`ledger.figure.${key}`)}</dt>
                  <dd className="tabular font-semibold text-ink-900">{formatUSDCents(l.totals[key])}</dd>
                </div>
              ))}
            </dl>
            {l.investors.length === 0 ? (
              <p className="text-sm text-muted">{t('ledger.noCommitments')}</p>
            ) : (
              <Table aria-label={t('ledger.byInvestor')} maxHeight="none">
                <THead>
                  <TR>
                    <TH>{t('ledger.investor')}</TH>
                    {FIGURES.slice(0, 5).map((key) => (
                      <TH key={key} className="text-end">
                        {t(`ledger.figure.${key}`)}
                      </TH>
                    ))}
                  </TR>
                </THead>
                <TBody>
                  {l.investors.map((i) => (
                    <TR key={i.investorId}>
                      <TD>
                        <bdi>{i.investorName}</bdi>
                      </TD>
                      {FIGURES.slice(0, 5).map((key) => (
                        <TD key={key} className="tabular text-end">
                          {formatUSDCents(i.balances[key])}
                        </TD>
                      ))}
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            {l.entries.length > 0 && (
              <p className="mt-3 text-xs text-muted">
                {t('ledger.latest', {
                  count: l.entries.length,
                  kind: enumLabel('entryKind', l.entries.at(-1)?.kind ?? 'commitment'),
                  date: formatDate(l.entries.at(-1)?.date),
                })}
              </p>
            )}
            {l.entries.length > 0 && <LedgerEntries dealId={dealId} entries={l.entries} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
