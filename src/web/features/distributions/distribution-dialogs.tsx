import { useState } from 'react';
import type { WaterfallPreview } from '../../../shared/deal-terms';
import { formatDate, formatUSD } from '../../../shared/format';
import type { DistributionEvent } from '../../../shared/portal';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { DISTRIBUTION_TEXT, type RecordDistributionBody, serverMessage, useConfirmPayment } from './api';
import { Fact, formatUSDExact } from './distribution-ui';
import { InvestorTiersTable, cents as tierCents, WaterfallChart } from './waterfall-ui';

/** Confirm Payment: marks an event Paid (cannot be undone). */
export function ConfirmPaymentDialog({ event, onClose }: { event: DistributionEvent | null; onClose: () => void }) {
  const pay = useConfirmPayment();
  // Keep the last event while the dialog animates closed.
  const [shown, setShown] = useState<DistributionEvent | null>(event);
  if (event && event !== shown) setShown(event);
  const ev = event ?? shown;

  function confirm() {
    if (!ev) return;
    pay.mutate(ev.id, {
      onSuccess: () => {
        toast.success(DISTRIBUTION_TEXT.paid);
        onClose();
      },
      onError: (err) => {
        toast.error(serverMessage(err) ?? DISTRIBUTION_TEXT.payFailed);
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onClose();
      },
    });
  }

  return (
    <Dialog open={event !== null} onOpenChange={(o) => !o && !pay.isPending && onClose()}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Confirm Payment</DialogTitle>
          <DialogDescription>
            {ev
              ? `Mark the ${ev.type.toLowerCase()} distribution of ${formatUSD(ev.totalAmount)} for ${ev.dealTitle}, dated ${formatDate(ev.paymentDate)}, as paid? Its ${ev.allocations.length} ${ev.allocations.length === 1 ? 'investor sees' : 'investors see'} it as Paid. This cannot be undone.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <DialogActions submit="Confirm Payment" busyLabel="Confirming..." busy={pay.isPending} onSubmit={confirm} />
      </DialogContent>
    </Dialog>
  );
}

/** Distribution Preview: the waterfall of a distribution before it is recorded. */
export function PreviewDialog({
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: { body: RecordDistributionBody; preview: WaterfallPreview } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Keep the last preview while the dialog animates closed.
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);
  const p = (pending ?? shown)?.preview;
  const type = (pending ?? shown)?.body.type ?? '';
  return (
    <Dialog open={pending !== null} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Distribution Preview</DialogTitle>
          <DialogDescription>
            {p
              ? `${type} of ${formatUSDExact(p.totalAmount)} for ${p.dealTitle}, dated ${formatDate(p.paymentDate)}. Nothing is recorded until you confirm.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {p && (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
              <Fact label="Terms" className="col-span-2">
                {p.terms ? `Version ${p.terms.version}: ` : ''}
                {p.termsSummary}
              </Fact>
              <Fact label="Investors">
                <span className="tabular font-semibold" data-testid="preview-lp">
                  {formatUSDExact(p.lpTotal)}
                </span>
              </Fact>
              <Fact label="GP (carried interest)">
                <span className="tabular font-semibold" data-testid="preview-gp">
                  {formatUSDExact(p.gp)}
                </span>
              </Fact>
              {tierCents(p.feeDeducted) > 0n && (
                <Fact label="Management fees deducted" className="col-span-2 md:col-span-4">
                  <span className="tabular" data-testid="preview-fees">
                    {formatUSDExact(p.feeDeducted)} of accrued fees are taken from the investors' amounts; they are paid{' '}
                    {formatUSDExact(p.netToInvestors)}.
                  </span>
                </Fact>
              )}
              <Fact label="Hurdle before" className="col-span-2 md:col-span-2">
                <span className="tabular">
                  {tierCents(p.hurdleBefore) > 0n ? `Investors needed ${formatUSDExact(p.hurdleBefore)} to reach it` : 'Already reached'}
                </span>
              </Fact>
              <Fact label="Hurdle after" className="col-span-2 md:col-span-2">
                <span className="tabular">
                  {tierCents(p.hurdleAfter) > 0n ? `${formatUSDExact(p.hurdleAfter)} still to go` : 'Reached'}
                </span>
              </Fact>
            </dl>
            <WaterfallChart tiers={p.tiers} total={p.totalAmount} gpCatchUp={tierCents(p.gpCatchUp)} caption="Waterfall tiers" />
            {p.carry.length > 0 && (
              <Table aria-label="Carry recipients" maxHeight="none">
                <THead>
                  <TR>
                    <TH>Carry Recipient</TH>
                    <TH className="text-end">Amount</TH>
                  </TR>
                </THead>
                <TBody>
                  {p.carry.map((c) => (
                    <TR key={`${c.kind}-${c.userId ?? c.name}`}>
                      <TD className="font-medium">{c.name}</TD>
                      <TD className="tabular text-end">{formatUSDExact(c.amount)}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            <InvestorTiersTable investors={p.investors} caption="Each investor's amount" />
          </div>
        )}
        <DialogActions submit="Record Distribution" busyLabel="Recording..." busy={busy} cancel="Back" onSubmit={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}
