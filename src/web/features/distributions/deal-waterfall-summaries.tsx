import { useId } from 'react';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { useDealWaterfalls } from './api';
import { formatUSDExact, Skeletons } from './distribution-ui';
import { cents } from './waterfall-ui';

/** Per deal: cumulative amounts by tier, how far investors are from the hurdle, carry paid per recipient. */
export function DealWaterfallSummaries() {
  const q = useDealWaterfalls();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="mb-1 text-lg font-semibold text-ink-900">
        Waterfall by Deal
      </h2>
      <p className="mb-3 text-sm text-muted">Cumulative amounts by tier, the hurdle status today, and carried interest paid to date.</p>
      {q.isPending ? (
        <Skeletons count={1} className="h-32" label="Loading the waterfall by deal..." />
      ) : q.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          The waterfall by deal could not be loaded.
        </p>
      ) : (
        <Table aria-label="Waterfall by deal" maxHeight="none">
          <THead>
            <TR>
              <TH>Deal</TH>
              <TH>Terms</TH>
              <TH className="text-end">Contributed</TH>
              <TH className="text-end">Distributed</TH>
              <TH className="text-end">Return of Capital</TH>
              <TH className="text-end">Preferred Return</TH>
              <TH className="text-end">Catch-up</TH>
              <TH className="text-end">Carry Split (Investors)</TH>
              <TH className="text-end">Carry Split (GP)</TH>
              <TH>Hurdle Status</TH>
              <TH>Carry Paid by Recipient</TH>
            </TR>
          </THead>
          <TBody>
            {q.data.length === 0 ? (
              <EmptyRow colSpan={11}>No deal has terms or distributions yet.</EmptyRow>
            ) : (
              q.data.map((d) => (
                <TR key={d.dealId} data-testid="deal-waterfall">
                  <TD className="font-medium">{d.dealTitle}</TD>
                  <TD className="min-w-48">
                    {d.termsSummary}
                    {d.termsVersion ? <span className="block text-xs text-muted">Version {d.termsVersion}</span> : null}
                  </TD>
                  <TD className="tabular text-end">{formatUSDExact(d.contributed)}</TD>
                  <TD className="tabular text-end">{formatUSDExact(d.distributed)}</TD>
                  <TD className="tabular text-end">{formatUSDExact(d.tiers.returnOfCapital)}</TD>
                  <TD className="tabular text-end">{formatUSDExact(d.tiers.preferredReturn)}</TD>
                  <TD className="tabular text-end">{formatUSDExact(d.tiers.catchUp)}</TD>
                  <TD className="tabular text-end">{formatUSDExact(d.tiers.carriedInterestLp)}</TD>
                  <TD className="tabular text-end">{formatUSDExact(d.tiers.carriedInterestGp)}</TD>
                  <TD className="min-w-40">
                    {cents(d.hurdleRemaining) > 0n ? (
                      <>
                        <span className="tabular font-medium">{formatUSDExact(d.hurdleRemaining)}</span> to reach the {d.hurdleRate}% hurdle
                      </>
                    ) : cents(d.contributed) > 0n ? (
                      <span className="font-medium text-success-700">Hurdle reached</span>
                    ) : (
                      <span className="text-muted">No contributions yet</span>
                    )}
                  </TD>
                  <TD className="min-w-40">
                    {d.carryByRecipient.length === 0 ? (
                      <span className="text-muted">None yet</span>
                    ) : (
                      <ul>
                        {d.carryByRecipient.map((c) => (
                          <li key={c.name}>
                            {c.name}: <span className="tabular">{formatUSDExact(c.amount)}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
      )}
    </section>
  );
}
