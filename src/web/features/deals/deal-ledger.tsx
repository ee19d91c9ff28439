import { formatDate, formatFigure, formatIRR, formatMultiple, formatUSDCents } from '../../../shared/format';
import { type AccountFigures, type DealLedger, headlineReturn } from '../../../shared/ledger';
import { formatIrr, formatMoic } from '../../../shared/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ExportCsvButton } from '../../components/ui/export-csv-button';
import { LoadError } from '../../components/ui/load-error';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { enumLabel } from '../../lib/i18n';
import { useDealLedger } from './api';
import { dealsText } from './i18n';
import { LedgerEntries } from './ledger-entries';

/** On a deal by units at NAV (decision 040): the capital accounts' unit columns. */
const UNIT_COLUMNS = ['unitsHeld', 'navPerUnit', 'averagePrice'] as const;
const FIGURES = ['committed', 'called', 'contributed', 'unfunded', 'distributed', 'returnedCapital', 'fees'] as const;

/** The deal's capital-account summary: totals, one line per investor, and the ledger as CSV. */
export function DealLedgerSummary({ dealId }: { dealId: string }) {
  const { t } = dealsText.useT();
  const ledger = useDealLedger(dealId);
  const l = ledger.data;
  const units = l?.ownershipMethod === 'units';
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{t('ledger.title')}</CardTitle>
            <CardDescription>{t('ledger.description', { date: formatDate(l?.asOf ?? undefined) })}</CardDescription>
          </div>
          {l && (
            <ExportCsvButton
              filename="capital-accounts"
              label={t('ledger.exportAccounts')}
              columns={(
                [
                  'asOf',
                  'investor',
                  'committed',
                  'contributed',
                  'distributed',
                  'returnedCapital',
                  'nav',
                  'gain',
                  'moic',
                  'irr',
                  'periodReturn',
                  ...(l.ownershipMethod === 'units' ? (['unitsHeld', 'navPerUnit', 'averagePrice'] as const) : []),
                ] as const
              ).map((key) => ({ key, label: t(`ledger.accountsCsv.${key}`) }))}
              rows={accountRows(l)}
            />
          )}
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
              <div>
                <dt className="text-xs text-muted">{t('ledger.figure.nav')}</dt>
                <dd className="tabular font-semibold text-ink-900">{formatUSDCents(l.totals.nav)}</dd>
              </div>
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
                    <TH className="text-end">{t('ledger.figure.returnedCapital')}</TH>
                    <TH className="text-end">{t('ledger.column.nav')}</TH>
                    <TH className="text-end">{t('ledger.column.moic')}</TH>
                    <TH className="text-end">{t('ledger.column.return')}</TH>
                    {units &&
                      UNIT_COLUMNS.map((key) => (
                        <TH key={key} className="text-end">
                          {t(`ledger.column.${key}`)}
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
                      <TD className="tabular text-end">{formatUSDCents(i.balances.returnedCapital)}</TD>
                      <TD className="tabular text-end">{formatUSDCents(i.figures.nav)}</TD>
                      <TD className="tabular text-end">{formatMultiple(i.figures.moic)}</TD>
                      <TD className="tabular text-end">
                        <ReturnCell f={i.figures} />
                      </TD>
                      {units && (
                        <>
                          <TD className="tabular text-end">{formatFigure(i.figures.units?.held ?? '—')}</TD>
                          <TD className="tabular text-end">{formatFigure(i.figures.units?.navPerUnit ?? '—')}</TD>
                          <TD className="tabular text-end">{formatFigure(i.figures.units?.averagePrice ?? '—')}</TD>
                        </>
                      )}
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

/** The annualised IRR from a year of history, else the period return, said so (decision 023). */
function ReturnCell({ f }: { f: AccountFigures }) {
  const { t } = dealsText.useT();
  if (f.annualised) return <>{formatIRR(f.irr)}</>;
  return (
    <>
      {formatIRR(f.periodReturn)}
      <span className="block text-xs text-muted">{t('ledger.notAnnualised')}</span>
    </>
  );
}

/** One CSV row per investor: the panel's figures, as of the ledger's date, plain text (no isolates). */
function accountRows(l: DealLedger): Record<string, unknown>[] {
  return l.investors.map((i) => ({
    asOf: l.asOf,
    investor: i.investorName,
    committed: i.balances.committed,
    contributed: i.balances.contributed,
    distributed: i.balances.distributed,
    returnedCapital: i.balances.returnedCapital,
    nav: i.figures.nav,
    gain: i.figures.gain,
    moic: formatMoic(i.figures.moic),
    irr: i.figures.annualised ? formatIrr(i.figures.irr) : '',
    periodReturn: formatIrr(headlineReturn({ ...i.figures, annualised: false })),
    unitsHeld: i.figures.units?.held ?? '',
    navPerUnit: i.figures.units?.navPerUnit ?? '',
    averagePrice: i.figures.units?.averagePrice ?? '',
  }));
}
