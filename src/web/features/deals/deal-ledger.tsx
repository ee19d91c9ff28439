import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../shared/format';
import { ENTRY_LABELS } from '../../../shared/ledger';
import { formatUsdExact } from '../../../shared/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { LoadError } from '../../components/ui/load-error';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { apiGet } from '../../lib/api';
import { LedgerEntries } from './ledger-entries';

const FIGURES = [
  ['committed', 'Committed'],
  ['called', 'Called'],
  ['contributed', 'Contributed'],
  ['unfunded', 'Unfunded'],
  ['distributed', 'Distributed'],
  ['returnedCapital', 'Capital returned'],
  ['fees', 'Fees and expenses'],
] as const;

/** The deal's capital-account summary: totals, one line per investor, and the ledger as CSV. */
export function DealLedgerSummary({ dealId }: { dealId: string }) {
  const ledger = useQuery({
    queryKey: ['deals', 'ledger', dealId],
    queryFn: ({ signal }) => apiGet('/api/deals/:id/ledger', { params: { id: dealId }, signal }).then((r) => r.ledger),
  });
  const l = ledger.data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>Capital accounts</CardTitle>
            <CardDescription>Derived from the deal's ledger: commitments, calls, contributions and distributions.</CardDescription>
          </div>
          {l && (
            <ExportCsvButton
              filename="deal-ledger"
              label="Export CSV"
              columns={[
                { key: 'date', label: 'Date' },
                { key: 'investorName', label: 'Investor' },
                { key: 'kind', label: 'Entry' },
                { key: 'reversedKind', label: 'Reverses' },
                { key: 'amount', label: 'Amount' },
                { key: 'distributionType', label: 'Distribution type' },
                { key: 'recordDate', label: 'Record date' },
                { key: 'dueDate', label: 'Due date' },
                { key: 'memo', label: 'Memo' },
              ]}
              rows={l.entries as unknown as Record<string, unknown>[]}
            />
          )}
        </div>
      </CardHeader>
      <CardContent>
        {ledger.isError && <LoadError title="Failed to load the capital accounts" error={ledger.error} onRetry={() => ledger.refetch()} />}
        {ledger.isLoading && <p className="text-sm text-muted">Loading capital accounts...</p>}
        {l && (
          <>
            <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Ledger totals">
              {FIGURES.map(([key, label]) => (
                <div key={key}>
                  <dt className="text-xs text-muted">{label}</dt>
                  <dd className="tabular font-semibold text-ink-900">{formatUsdExact(l.totals[key])}</dd>
                </div>
              ))}
            </dl>
            {l.investors.length === 0 ? (
              <p className="text-sm text-muted">No commitments yet.</p>
            ) : (
              <Table aria-label="Capital accounts by investor" maxHeight="none">
                <THead>
                  <TR>
                    <TH>Investor</TH>
                    {FIGURES.slice(0, 5).map(([key, label]) => (
                      <TH key={key} className="text-end">
                        {label}
                      </TH>
                    ))}
                  </TR>
                </THead>
                <TBody>
                  {l.investors.map((i) => (
                    <TR key={i.investorId}>
                      <TD>{i.investorName}</TD>
                      {FIGURES.slice(0, 5).map(([key]) => (
                        <TD key={key} className="tabular text-end">
                          {formatUsdExact(i.balances[key])}
                        </TD>
                      ))}
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            {l.entries.length > 0 && (
              <p className="mt-3 text-xs text-muted">
                {l.entries.length} ledger entries; latest: {ENTRY_LABELS[l.entries.at(-1)?.kind ?? 'commitment']} on{' '}
                {formatDate(l.entries.at(-1)?.date)}.
              </p>
            )}
            {l.entries.length > 0 && <LedgerEntries dealId={dealId} entries={l.entries} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
