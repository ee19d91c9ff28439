/** The investor's subscribe form (deal, amount, KYC gate) that opens the review. */

import { ArrowRight, RotateCw, Send, ShieldAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CLASSIFICATION_CODES } from '../../../shared/dfsa-classification';
import { formatUSD, formatUSDExact } from '../../../shared/format';
import type { InvestorDeal } from '../../../shared/investor-deals';
import type { KycStatus } from '../../../shared/kyc';
import { createSubscriptionInput } from '../../../shared/subscriptions';
import {
  SUITABILITY_EXPIRED_MESSAGE,
  SUITABILITY_MISSING_MESSAGE,
  SUITABILITY_REVIEW_CODES,
  SUITABILITY_REVIEW_PATH,
} from '../../../shared/suitability';
import { ClassificationBlockedNotice } from '../../components/domain/classification';
import { KycStatusBadge } from '../../components/domain/kyc';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { useClearErrorOnChange } from '../../lib/form-schema';
import { translateMessage } from '../../lib/i18n';
import { useMyClassification } from '../../lib/queries/classification';
import { useInvestorDeals } from '../../lib/queries/deals';
import { useInvestorCompliance, useRefreshInvestorCompliance } from '../../lib/queries/investor-compliance';
import { useMyKyc, useMyKycCache } from '../../lib/queries/kyc';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { centsToDecimal, decimalToCents, parseAmountCents } from './amount';
import { serverMessage, useCreateSubscription } from './api';
import { subscriptionsText } from './i18n';
import { DealSummary, type Review, ReviewDialog } from './review-dialog';

/** Why a not-yet-approved investor cannot subscribe, in the current language. */
export const kycExplanation = (status: Exclude<KycStatus, 'approved'>) => subscriptionsText.t(`kycExplanation.${status}`);

export type Errors = { dealId?: string; amount?: string };

/**
 * The subscribe form's checks for the chosen deal: a deal, an amount above zero with at most 2
 * decimals (createSubscriptionInput, the server's rules), not above the remaining capacity.
 * The output is the amount as an exact decimal.
 */
function subscribeSchema(deal: InvestorDeal | undefined) {
  return z.object({ amount: z.string() }).transform((v, ctx) => {
    const amount = v.amount.trim();
    const parsed = createSubscriptionInput.safeParse({ dealId: deal?.id ?? '', amount });
    const out: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'dealId' || key === 'amount') && !out[key]) out[key] = issue.message;
      }
    }
    if (!deal) out.dealId = subscriptionsText.t('form.chooseDeal');
    if (!amount) out.amount = subscriptionsText.t('form.enterAmount');
    const cents = parseAmountCents(amount);
    if (!out.amount && deal && cents !== null && deal.remainingCapacity !== null && cents > decimalToCents(deal.remainingCapacity)) {
      out.amount = subscriptionsText.t('form.aboveCapacity', { amount: formatUSD(deal.remainingCapacity) });
    }
    for (const [key, message] of Object.entries(out)) ctx.addIssue({ code: 'custom', path: [key], message });
    if (out.dealId || out.amount || cents === null) return z.NEVER;
    return { amount: centsToDecimal(cents) };
  });
}

/** What a professional-client subscription asks the investor to confirm (the review step). */
export function SubscribeForm() {
  const { t } = subscriptionsText.useT();
  const kyc = useMyKyc();
  const kycCache = useMyKycCache();
  const refreshCompliance = useRefreshInvestorCompliance();
  const deals = useInvestorDeals();
  const create = useCreateSubscription();
  const [params, setParams] = useSearchParams();
  const [reviewing, setReviewing] = useState<Review | null>(null);
  const [suitabilityHold, setSuitabilityHold] = useState<string | null>(null);
  /** No completed or no current suitability review (409): the server's message, with a link to the review. */
  const [refusedForReview, setRefusedForReview] = useState<string | null>(null);
  // Said before the investor starts too: the review on file, as the DFSA Compliance screen shows it.
  const compliance = useInvestorCompliance();
  const onFile = compliance.data?.review;
  const reviewNeeded =
    refusedForReview ??
    (!onFile
      ? null
      : onFile.lastCompletedAt === null
        ? translateMessage(SUITABILITY_MISSING_MESSAGE)
        : onFile.daysRemaining < 0
          ? translateMessage(SUITABILITY_EXPIRED_MESSAGE)
          : null);
  // Client classification (issue 31): what blocks, said before anything is typed, or the server's refusal.
  const classification = useMyClassification();
  const [refusedForClassification, setRefusedForClassification] = useState<string | null>(null);
  const classificationBlock = refusedForClassification ?? classification.data?.blocking[0] ?? null;
  const focusAfterReview = useRef<HTMLElement | null>(null);
  const sending = useRef(false);
  const dealRef = useRef<HTMLSelectElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const kycNoteId = useId();

  const open = deals.data?.filter((d) => d.open) ?? [];
  const requested = params.get('deal') ?? '';
  const deal: InvestorDeal | undefined = open.find((d) => d.id === requested);
  const requestedClosed = requested !== '' && deals.isSuccess && !deal;
  const kycStatus = kyc.data?.status;
  const approved = kycStatus === 'approved';
  const disabled = !approved || deals.isPending;

  // The deal lives in the URL (?deal=); the form holds the amount and validates both.
  const form = useZodForm(subscribeSchema(deal), { defaultValues: { amount: '' }, shouldFocusError: false });
  const amount = form.watch('amount');
  useClearErrorOnChange(form);
  // A typed amount not yet submitted (the review is not a submit): leaving the page asks first;
  // not once the server said a suitability review must come first (the way on is to leave).
  useUnsavedChangesGuard(amount.trim() !== '' && !reviewNeeded && !refusedForClassification);
  const errors: Errors = { dealId: form.errorOf('dealId' as 'amount'), amount: form.errorOf('amount') };
  const setErrors = (next: Errors) => {
    form.clearErrors();
    for (const key of ['dealId', 'amount'] as const) {
      const message = next[key];
      if (message) form.setError(key as 'amount', { type: 'server', message });
    }
  };

  function chooseDeal(id: string) {
    const next = new URLSearchParams(params);
    if (id) next.set('deal', id);
    else next.delete('deal');
    setParams(next, { replace: true });
    form.clearErrors();
  }

  /** Submit opens the review step; only its Confirm sends the request. */
  const onSubmit = form.handleSubmit(
    (value) => {
      if (disabled || create.isPending || reviewing || !deal) return;
      // One key per reviewed request: a second click or a retry of it cannot subscribe twice.
      setReviewing({ deal, amount: value.amount, idempotencyKey: crypto.randomUUID() });
    },
    (errs) => ('dealId' in errs ? dealRef : amountRef).current?.focus(),
  );

  async function confirm(r: Review) {
    // A ref, not the mutation's state: a double click lands before React re-renders.
    if (sending.current) return;
    sending.current = true;
    try {
      await create.mutateAsync({ dealId: r.deal.id, amount: r.amount, idempotencyKey: r.idempotencyKey });
      toast.success(subscriptionsText.t('toast.submitted'), {
        description: subscriptionsText.t('toast.submittedDetail', { amount: formatUSDExact(r.amount), deal: r.deal.title }),
      });
      setReviewing(null);
      form.reset({ amount: '' });
      chooseDeal('');
    } catch (err) {
      setReviewing(null);
      if (err instanceof ApiError) {
        if (err.code === 'KYC_NOT_APPROVED') kycCache.refreshMine();
        if (err.code === 'SUITABILITY_REVIEW_REQUIRED') setSuitabilityHold(err.message);
        if ((CLASSIFICATION_CODES as readonly string[]).includes(err.code ?? '')) {
          setRefusedForClassification(serverMessage(err) ?? err.message);
          void classification.refetch();
        }
        if ((SUITABILITY_REVIEW_CODES as readonly string[]).includes(err.code ?? '')) {
          setRefusedForReview(serverMessage(err) ?? err.message);
          refreshCompliance();
        }
        const fields: Errors = {};
        if (err.fields?.amount) fields.amount = err.fields.amount;
        if (err.fields?.dealId) fields.dealId = err.fields.dealId;
        if (err.code === 'DEAL_CLOSED') fields.dealId = err.message;
        if (fields.dealId || fields.amount) {
          setErrors(fields);
          // Focus moves to the field once the review dialog has closed (it restores focus itself otherwise).
          focusAfterReview.current = fields.dealId ? dealRef.current : amountRef.current;
        }
      }
      toast.error(subscriptionsText.t('toast.submitFailed'), { description: serverMessage(err) });
    } finally {
      sending.current = false;
    }
  }

  const amountField = form.field('amount', 'subscription-amount', { hint: true });
  const dealError =
    errors.dealId ??
    (deals.isError
      ? t('form.dealsFailed', { reason: serverMessage(deals.error) ?? t('form.checkConnection') })
      : requestedClosed
        ? t('form.dealClosed')
        : undefined);

  return (
    <Card role="region" aria-labelledby={headingId} className="mb-8" data-testid="subscribe-card">
      <CardHeader>
        <CardTitle id={headingId}>{t('form.title')}</CardTitle>
        <CardDescription>{t('form.description')}</CardDescription>
      </CardHeader>

      <div className="flex flex-col gap-5 px-5 pb-5">
        {kyc.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner label={t('form.checkingKyc')} />
            {t('form.checkingKyc')}
          </p>
        ) : kyc.isError ? (
          <div
            id={kycNoteId}
            className="flex flex-col gap-2 rounded-md border border-danger-700/30 bg-danger-100/60 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm text-danger-700">{t('form.kycFailed')}</p>
            <Button variant="secondary" size="sm" busy={kyc.isFetching} onClick={() => void kyc.refetch()}>
              <RotateCw aria-hidden="true" />
              {t('form.tryAgain')}
            </Button>
          </div>
        ) : (
          !approved &&
          kycStatus && (
            <div id={kycNoteId} data-testid="kyc-required" className="flex gap-3 rounded-md border border-gold-400/60 bg-gold-100/60 p-4">
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-700" />
              <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1.5">
                  <p className="font-semibold text-ink-900">{t('form.kycRequired')}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-text">
                    <span>{t('form.currentKyc')}</span>
                    <KycStatusBadge status={kycStatus} />
                  </p>
                  <p className="text-sm text-text">{kycExplanation(kycStatus)}</p>
                </div>
                <Link to="/investor/compliance" className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
                  {t('form.goToCompliance')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </div>
            </div>
          )
        )}

        {reviewNeeded && (
          <div role="alert" data-testid="suitability-needed" className="flex gap-3 rounded-md border border-gold-400/60 bg-gold-100/60 p-4">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-700" />
            <div className="flex min-w-0 flex-col gap-2">
              <p className="font-semibold text-ink-900">{t('form.reviewNeeded')}</p>
              <p className="text-sm text-text">{reviewNeeded}</p>
              <Link to={SUITABILITY_REVIEW_PATH} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
                {t('form.completeReview')}
                <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
              </Link>
            </div>
          </div>
        )}

        {!reviewNeeded && classificationBlock && <ClassificationBlockedNotice reason={classificationBlock} />}

        {suitabilityHold && (
          <div
            role="alert"
            data-testid="suitability-hold"
            className="flex gap-3 rounded-md border border-danger-700/30 bg-danger-100/60 p-4"
          >
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger-700" />
            <div className="flex min-w-0 flex-col gap-2">
              <p className="font-semibold text-ink-900">{t('form.reviewRequired')}</p>
              <p className="text-sm text-text">{suitabilityHold}</p>
              <Link to="/investor/messages" className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
                {t('form.messageCompliance')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </div>
          </div>
        )}

        <form
          noValidate
          onSubmit={onSubmit}
          aria-labelledby={headingId}
          aria-describedby={!approved && !kyc.isPending ? kycNoteId : undefined}
        >
          <fieldset disabled={disabled} className="grid gap-5 md:grid-cols-2">
            <legend className="sr-only">{t('form.legend')}</legend>
            <div className="flex flex-col gap-4">
              <Field label={t('form.deal')} htmlFor="subscription-deal" error={dealError} required>
                <NativeSelect
                  ref={dealRef}
                  {...fieldProps('subscription-deal', dealError)}
                  value={deal?.id ?? ''}
                  onChange={(e) => chooseDeal(e.target.value)}
                  placeholder={deals.isPending ? t('form.loadingDeals') : open.length === 0 ? t('form.noOpenDeals') : t('form.chooseDeal')}
                  options={open.map((d) => ({ value: d.id, label: d.title }))}
                />
              </Field>
              <Field
                label={t('form.amount')}
                htmlFor="subscription-amount"
                error={errors.amount}
                hint={
                  deal
                    ? deal.remainingCapacity === null
                      ? t('form.noCap')
                      : t('form.upTo', { amount: formatUSD(deal.remainingCapacity) })
                    : t('form.amountHint')
                }
                required
              >
                <div className="relative">
                  <span aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 -translate-y-1/2 text-sm text-muted">
                    $
                  </span>
                  <Input
                    {...amountField}
                    ref={(el) => {
                      amountField.ref(el);
                      amountRef.current = el;
                    }}
                    inputMode="decimal"
                    autoComplete="off"
                    className="tabular ps-7"
                  />
                </div>
              </Field>
            </div>

            <DealSummary deal={deal} />

            <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between md:col-span-2">
              <p className="text-sm text-muted">{t('form.reviewNote')}</p>
              <Button type="submit" busy={create.isPending}>
                {!create.isPending && <Send aria-hidden="true" />}
                {create.isPending ? t('form.busy') : t('form.submit')}
              </Button>
            </div>
          </fieldset>
        </form>
      </div>
      {reviewing && (
        <ReviewDialog
          review={reviewing}
          busy={create.isPending}
          onConfirm={() => void confirm(reviewing)}
          onClose={() => {
            if (!create.isPending) setReviewing(null);
          }}
          onCloseAutoFocus={(e) => {
            const target = focusAfterReview.current;
            focusAfterReview.current = null;
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }}
        />
      )}
    </Card>
  );
}
