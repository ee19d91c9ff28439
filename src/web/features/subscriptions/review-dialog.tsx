import { useId, useState } from 'react';
import { formatUSD, formatUSDExact } from '../../../shared/format';
import type { InvestorDeal } from '../../../shared/portal';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { SUBSCRIPTION_TEXT } from './api';

export interface Review {
  deal: InvestorDeal;
  amount: string;
  idempotencyKey: string;
}

export const ACKNOWLEDGEMENTS = [
  'I confirm that I am a Professional Client under the DFSA rules and that the information in my suitability review is accurate.',
  "I have read the deal's documents in the Deal Vault and I understand this is an illiquid, high-risk investment in which I could lose the whole amount.",
  'I understand this subscription commits the amount above once our team completes it, and that I can cancel it only while it is Pending.',
] as const;

/** The review step: deal, amount, terms and the acknowledgements, then Confirm. */
export function ReviewDialog({
  review,
  busy,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: {
  review: Review;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const [ticked, setTicked] = useState<boolean[]>(() => ACKNOWLEDGEMENTS.map(() => false));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const { deal, amount } = review;
  function submit() {
    if (busy) return;
    if (!ticked.every(Boolean)) {
      setError(SUBSCRIPTION_TEXT.acknowledgeAll);
      return;
    }
    onConfirm();
  }
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Review your subscription</DialogTitle>
          <DialogDescription>Check the details and confirm. Nothing is submitted until you confirm.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-md border border-border bg-canvas p-4 text-sm" data-testid="review-summary">
          <div className="col-span-2">
            <dt className="text-xs text-muted">Deal</dt>
            <dd className="font-medium break-words text-ink-900">{deal.title}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-muted">Amount</dt>
            <dd className="tabular text-2xl font-semibold text-ink-900" data-testid="review-amount">
              {formatUSDExact(amount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Type</dt>
            <dd className="font-medium text-ink-900">{deal.type}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Expected IRR</dt>
            <dd className="tabular font-medium text-ink-900">{deal.expectedIrr || 'TBD'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Risk score</dt>
            <dd className="tabular font-medium text-ink-900">{deal.riskScore || 'TBD'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Remaining capacity</dt>
            <dd className="tabular font-medium text-ink-900">
              {deal.remainingCapacity === null ? 'No cap' : formatUSD(deal.remainingCapacity)}
            </dd>
          </div>
          {deal.spvEntity && (
            <div className="col-span-2">
              <dt className="text-xs text-muted">Invested through</dt>
              <dd className="font-medium break-words text-ink-900">{deal.spvEntity}</dd>
            </div>
          )}
        </dl>
        <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-sm font-semibold text-ink-900">Acknowledgements</legend>
          {ACKNOWLEDGEMENTS.map((text, i) => (
            <label key={text} className="flex items-start gap-3 text-sm text-text">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-gold-700"
                checked={ticked[i]}
                onChange={(e) => {
                  const next = [...ticked];
                  next[i] = e.target.checked;
                  setTicked(next);
                  if (next.every(Boolean)) setError(null);
                }}
              />
              <span>{text}</span>
            </label>
          ))}
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
              {error}
            </p>
          )}
        </fieldset>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Back
            </Button>
          </DialogClose>
          <Button onClick={submit} busy={busy}>
            {busy ? 'Submitting...' : 'Confirm Subscription'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The chosen deal's remaining capacity and key terms. */
export function DealSummary({ deal }: { deal: InvestorDeal | undefined }) {
  if (!deal) {
    return (
      <div className="flex min-h-32 items-center justify-center rounded-md border border-dashed border-border bg-canvas p-4 text-center text-sm text-muted">
        Choose a deal to see its remaining capacity and terms.
      </div>
    );
  }
  return (
    <section
      aria-label={`Selected deal: ${deal.title}`}
      data-testid="deal-summary"
      className="flex flex-col gap-3 rounded-md border border-border bg-canvas p-4"
    >
      <div>
        <p className="text-xs text-muted">Remaining capacity</p>
        <p className="tabular text-2xl font-semibold text-ink-900" data-testid="remaining-capacity">
          {deal.remainingCapacity === null ? 'No cap' : formatUSD(deal.remainingCapacity)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted">Target</dt>
          <dd className="tabular font-medium text-ink-900">{deal.targetAmount === null ? 'No target' : formatUSD(deal.targetAmount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Type</dt>
          <dd className="font-medium text-ink-900">{deal.type}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Expected IRR</dt>
          <dd className="tabular font-medium text-ink-900">{deal.expectedIrr || 'TBD'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Risk score</dt>
          <dd className="tabular font-medium text-ink-900">{deal.riskScore || 'TBD'}</dd>
        </div>
        {deal.spvEntity && (
          <div className="col-span-2">
            <dt className="text-xs text-muted">SPV</dt>
            <dd className="font-medium break-words text-ink-900">{deal.spvEntity}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
