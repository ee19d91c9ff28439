import { useId, useState } from 'react';
import { formatUSD, formatUSDExact } from '../../../shared/format';
import type { InvestorDeal } from '../../../shared/portal';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { enumLabel } from '../../lib/i18n';
import { subscriptionsText } from './i18n';

export interface Review {
  deal: InvestorDeal;
  amount: string;
  idempotencyKey: string;
}

/** The acknowledgements' keys (texts in the subscriptions catalogue, review.ack.*). */
export const ACKNOWLEDGEMENTS = ['professional', 'risk', 'commitment'] as const;

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
  const { t } = subscriptionsText.useT();
  const [ticked, setTicked] = useState<boolean[]>(() => ACKNOWLEDGEMENTS.map(() => false));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const { deal, amount } = review;
  function submit() {
    if (busy) return;
    if (!ticked.every(Boolean)) {
      setError(t('review.acknowledgeAll'));
      return;
    }
    onConfirm();
  }
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('review.title')}</DialogTitle>
          <DialogDescription>{t('review.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-md border border-border bg-canvas p-4 text-sm" data-testid="review-summary">
          <div className="col-span-2">
            <dt className="text-xs text-muted">{t('review.deal')}</dt>
            <dd className="font-medium break-words text-ink-900">
              <bdi>{deal.title}</bdi>
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-muted">{t('review.amount')}</dt>
            <dd className="tabular text-2xl font-semibold text-ink-900" data-testid="review-amount">
              {formatUSDExact(amount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('review.type')}</dt>
            <dd className="font-medium text-ink-900">{enumLabel('dealType', deal.type)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('review.irr')}</dt>
            <dd className="tabular font-medium text-ink-900">{deal.expectedIrr || t('summary.tbd')}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('review.risk')}</dt>
            <dd className="tabular font-medium text-ink-900">{deal.riskScore || t('summary.tbd')}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('review.remaining')}</dt>
            <dd className="tabular font-medium text-ink-900">
              {deal.remainingCapacity === null ? t('summary.noCap') : formatUSD(deal.remainingCapacity)}
            </dd>
          </div>
          {deal.spvEntity && (
            <div className="col-span-2">
              <dt className="text-xs text-muted">{t('review.through')}</dt>
              <dd className="font-medium break-words text-ink-900">
                <bdi>{deal.spvEntity}</bdi>
              </dd>
            </div>
          )}
        </dl>
        <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-sm font-semibold text-ink-900">{t('review.acknowledgements')}</legend>
          {ACKNOWLEDGEMENTS.map((ack, i) => (
            <label key={ack} className="flex items-start gap-3 text-sm text-text">
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
              <span>{t(`review.ack.${ack}`)}</span>
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
              {t('review.back')}
            </Button>
          </DialogClose>
          <Button onClick={submit} busy={busy}>
            {busy ? t('review.busy') : t('review.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The chosen deal's remaining capacity and key terms. */
export function DealSummary({ deal }: { deal: InvestorDeal | undefined }) {
  const { t } = subscriptionsText.useT();
  if (!deal) {
    return (
      <div className="flex min-h-32 items-center justify-center rounded-md border border-dashed border-border bg-canvas p-4 text-center text-sm text-muted">
        {t('summary.choose')}
      </div>
    );
  }
  return (
    <section
      aria-label={t('summary.label', { deal: deal.title })}
      data-testid="deal-summary"
      className="flex flex-col gap-3 rounded-md border border-border bg-canvas p-4"
    >
      <div>
        <p className="text-xs text-muted">{t('summary.remaining')}</p>
        <p className="tabular text-2xl font-semibold text-ink-900" data-testid="remaining-capacity">
          {deal.remainingCapacity === null ? t('summary.noCap') : formatUSD(deal.remainingCapacity)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('summary.target')}</dt>
          <dd className="tabular font-medium text-ink-900">
            {deal.targetAmount === null ? t('summary.noTarget') : formatUSD(deal.targetAmount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('summary.type')}</dt>
          <dd className="font-medium text-ink-900">{enumLabel('dealType', deal.type)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('summary.irr')}</dt>
          <dd className="tabular font-medium text-ink-900">{deal.expectedIrr || t('summary.tbd')}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('summary.risk')}</dt>
          <dd className="tabular font-medium text-ink-900">{deal.riskScore || t('summary.tbd')}</dd>
        </div>
        {deal.spvEntity && (
          <div className="col-span-2">
            <dt className="text-xs text-muted">{t('summary.spv')}</dt>
            <dd className="font-medium break-words text-ink-900">
              <bdi>{deal.spvEntity}</bdi>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
