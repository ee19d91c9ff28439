import { z } from 'zod';
import { type DealEconomics, percentUnits } from '../../../shared/deal-terms';
import { formatUSD, formatUSDExact } from '../../../shared/format';
import type { InvestorDeal } from '../../../shared/investor-deals';
import { useZodForm } from '../../components/ui/form';
import {
  ReviewAcknowledgements,
  ReviewCheckbox,
  ReviewDialog as ReviewDialogFrame,
  type ReviewRow,
} from '../../components/ui/review-dialog';
import { enumLabel } from '../../lib/i18n';
import { subscriptionsText } from './i18n';

export interface Review {
  deal: InvestorDeal;
  amount: string;
  idempotencyKey: string;
}

/** The acknowledgements' keys (texts in the subscriptions catalogue, review.ack.*). */
export const ACKNOWLEDGEMENTS = ['professional', 'risk', 'commitment'] as const;
type Acknowledgements = Record<(typeof ACKNOWLEDGEMENTS)[number], boolean>;
const UNTICKED: Acknowledgements = { professional: false, risk: false, commitment: false };

/**
 * Every acknowledgement ticked; the one message goes on the first box left unticked (which gets
 * focus). The request does not carry them, so this schema is the review's own.
 */
const acknowledgementsSchema = (message: string) =>
  z.object({ professional: z.boolean(), risk: z.boolean(), commitment: z.boolean() }).superRefine((v, ctx) => {
    const first = ACKNOWLEDGEMENTS.find((key) => !v[key]);
    if (first) ctx.addIssue({ code: 'custom', path: [first], message });
  });

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
  const form = useZodForm(acknowledgementsSchema(t('review.acknowledgeAll')), { defaultValues: UNTICKED });
  const ticked = form.watch();
  // The message stays until the next Confirm, or goes as soon as every box is ticked.
  const error = ACKNOWLEDGEMENTS.every((key) => ticked[key]) ? undefined : ACKNOWLEDGEMENTS.map((key) => form.errorOf(key)).find(Boolean);
  const { deal, amount } = review;
  return (
    <ReviewDialogFrame
      title={t('review.title')}
      description={t('review.description')}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      summaryTestId="review-summary"
      rows={[
        { id: 'deal', label: t('review.deal'), value: <bdi>{deal.title}</bdi>, wide: true },
        { id: 'amount', label: t('review.amount'), value: formatUSDExact(amount), wide: true, emphasis: true, testId: 'review-amount' },
        { id: 'type', label: t('review.type'), value: enumLabel('dealType', deal.type) },
        { id: 'irr', label: t('review.irr'), value: deal.expectedIrr || t('summary.tbd'), tabular: true },
        { id: 'risk', label: t('review.risk'), value: deal.riskScore || t('summary.tbd'), tabular: true },
        {
          id: 'remaining',
          label: t('review.remaining'),
          value: deal.remainingCapacity === null ? t('summary.noCap') : formatUSD(deal.remainingCapacity),
          tabular: true,
        },
        !!deal.spvEntity && { id: 'through', label: t('review.through'), value: <bdi>{deal.spvEntity}</bdi>, wide: true },
        ...termsRows(deal.terms),
      ]}
      onSubmit={form.handleSubmit(() => {
        if (!busy) onConfirm();
      })}
      footer={{ back: t('review.back'), confirm: t('review.confirm'), busyLabel: t('review.busy'), busy }}
    >
      <ReviewAcknowledgements legend={t('review.acknowledgements')} error={error}>
        {ACKNOWLEDGEMENTS.map((key) => (
          <ReviewCheckbox key={key} {...form.register(key)} label={t(`review.ack.${key}`)} />
        ))}
      </ReviewAcknowledgements>
    </ReviewDialogFrame>
  );
}

/**
 * The deal's fees and carry as the review step shows them (issue 27): management fee, preferred
 * return, carried interest and catch-up, from the deal's terms in force; one row when it has none.
 */
function termsRows(terms: DealEconomics | null): ReviewRow[] {
  const t = subscriptionsText.t;
  if (!terms) return [{ id: 'terms', label: t('review.terms.title'), value: t('review.terms.notSet'), wide: true, testId: 'review-terms' }];
  const pct = (rate: string) => t('review.terms.percent', { rate });
  const fee = terms.managementFee;
  return [
    {
      id: 'fee',
      label: t('review.terms.fee'),
      value: fee
        ? t('review.terms.feeValue', {
            rate: fee.rate,
            basis: t(`review.terms.basis.${fee.basis}`),
            method: t(`review.terms.method.${fee.method}`),
          })
        : t('review.terms.none'),
      wide: true,
      testId: 'review-fee',
    },
    {
      id: 'hurdle',
      label: t('review.terms.hurdle'),
      value: percentUnits(terms.hurdleRate) === 0n ? t('review.terms.none') : pct(terms.hurdleRate),
      tabular: true,
      testId: 'review-hurdle',
    },
    { id: 'carry', label: t('review.terms.carry'), value: pct(terms.carryRate), tabular: true, testId: 'review-carry' },
    {
      id: 'catch-up',
      label: t('review.terms.catchUp'),
      value: t(`review.terms.catchUpKind.${terms.catchUp}`, { rate: terms.catchUpRate }),
      wide: true,
      testId: 'review-catch-up',
    },
  ];
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
