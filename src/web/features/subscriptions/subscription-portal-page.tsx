import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, ClipboardList, RotateCw, Send, ShieldAlert } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatDate, formatUSD, formatUSDExact } from '../../../shared/format';
import type { KycStatus } from '../../../shared/kyc';
import { createSubscriptionInput, type InvestorDeal, type Subscription } from '../../../shared/portal';
import { KycStatusBadge } from '../../components/domain/kyc';
import { PageHeader } from '../../components/layout/page-header';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { useInvestorDeals } from '../../lib/queries/deals';
import { useMyKyc } from '../../lib/queries/kyc';
import { kycKeys } from '../../lib/query-keys';
import { centsToDecimal, decimalToCents, parseAmountCents } from './amount';
import { SUBSCRIPTION_TEXT, serverMessage, useCancelSubscription, useCreateSubscription, useMySubscriptions } from './api';
import { SubscriptionProgress, SubscriptionStatusBadge } from './subscription-ui';

const KYC_EXPLANATION: Record<Exclude<KycStatus, 'approved'>, string> = {
  pending: 'Upload your four KYC documents and submit your application on the DFSA Compliance screen.',
  in_review: 'Our compliance team is reviewing your application. You can subscribe as soon as it is approved.',
  rejected: 'Your application needs corrections. See the reviewer\u2019s reason on the DFSA Compliance screen and submit it again.',
};

/** Subscription Portal (/investor/subscriptions): subscribe to an open deal and follow your subscriptions. */
export default function SubscriptionPortalPage() {
  return (
    <>
      <PageHeader
        title="Subscription Portal"
        description="Subscribe to deals open for investment and follow each subscription's progress."
      />
      <SubscribeForm />
      <SubscriptionList />
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Subscribe form
// ---------------------------------------------------------------------------------------------

type Errors = { dealId?: string; amount?: string };
interface Review {
  deal: InvestorDeal;
  amount: string;
  idempotencyKey: string;
}

/** What a professional-client subscription asks the investor to confirm (the review step). */
export const ACKNOWLEDGEMENTS = [
  'I confirm that I am a Professional Client under the DFSA rules and that the information in my suitability review is accurate.',
  "I have read the deal's documents in the Deal Vault and I understand this is an illiquid, high-risk investment in which I could lose the whole amount.",
  'I understand this subscription commits the amount above once our team completes it, and that I can cancel it only while it is Pending.',
] as const;

function SubscribeForm() {
  const qc = useQueryClient();
  const kyc = useMyKyc();
  const deals = useInvestorDeals();
  const create = useCreateSubscription();
  const [params, setParams] = useSearchParams();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [reviewing, setReviewing] = useState<Review | null>(null);
  const [suitabilityHold, setSuitabilityHold] = useState<string | null>(null);
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

  function chooseDeal(id: string) {
    const next = new URLSearchParams(params);
    if (id) next.set('deal', id);
    else next.delete('deal');
    setParams(next, { replace: true });
    setErrors((e) => ({ ...e, dealId: undefined, amount: undefined }));
  }

  /** Client checks: a deal, an amount above zero with at most 2 decimals, not above the remaining capacity. */
  function validate(): { ok: true; value: { dealId: string; amount: string } } | { ok: false; errors: Errors } {
    const parsed = createSubscriptionInput.safeParse({ dealId: deal?.id ?? '', amount: amount.trim() });
    const out: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'dealId' || key === 'amount') && !out[key]) out[key] = issue.message;
      }
    }
    if (!deal) out.dealId = 'Choose a deal';
    if (!amount.trim()) out.amount = 'Enter an amount';
    const cents = parseAmountCents(amount);
    if (!out.amount && deal && cents !== null && deal.remainingCapacity !== null && cents > decimalToCents(deal.remainingCapacity)) {
      out.amount = `${SUBSCRIPTION_TEXT.aboveCapacity} (${formatUSD(deal.remainingCapacity)} left).`;
    }
    if (out.dealId || out.amount || !deal || cents === null) return { ok: false, errors: out };
    return { ok: true, value: { dealId: deal.id, amount: centsToDecimal(cents) } };
  }

  /** Submit opens the review step; only its Confirm sends the request. */
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (disabled || create.isPending || reviewing) return;
    const checked = validate();
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors.dealId ? dealRef : amountRef).current?.focus();
      return;
    }
    setErrors({});
    if (!deal) return;
    // One key per reviewed request: a second click or a retry of it cannot subscribe twice.
    setReviewing({ deal, amount: checked.value.amount, idempotencyKey: crypto.randomUUID() });
  }

  async function confirm(r: Review) {
    // A ref, not the mutation's state: a double click lands before React re-renders.
    if (sending.current) return;
    sending.current = true;
    try {
      await create.mutateAsync({ dealId: r.deal.id, amount: r.amount, idempotencyKey: r.idempotencyKey });
      toast.success(SUBSCRIPTION_TEXT.submitted, { description: `${formatUSDExact(r.amount)} to ${r.deal.title}` });
      setReviewing(null);
      setAmount('');
      chooseDeal('');
    } catch (err) {
      setReviewing(null);
      if (err instanceof ApiError) {
        if (err.code === 'KYC_NOT_APPROVED') void qc.invalidateQueries({ queryKey: kycKeys.me() });
        if (err.code === 'SUITABILITY_REVIEW_REQUIRED') setSuitabilityHold(err.message);
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
      toast.error(SUBSCRIPTION_TEXT.submitFailed, { description: serverMessage(err) });
    } finally {
      sending.current = false;
    }
  }

  const dealError =
    errors.dealId ??
    (deals.isError
      ? `Open deals could not be loaded: ${serverMessage(deals.error) ?? 'check your connection'}. Reload the page to try again.`
      : requestedClosed
        ? 'This deal is not open for investment any more. Choose another deal.'
        : undefined);

  return (
    <Card role="region" aria-labelledby={headingId} className="mb-8" data-testid="subscribe-card">
      <CardHeader>
        <CardTitle id={headingId}>New Subscription</CardTitle>
        <CardDescription>Choose a deal open for investment and the amount you wish to commit, in US dollars.</CardDescription>
      </CardHeader>

      <div className="flex flex-col gap-5 px-5 pb-5">
        {kyc.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner label="Checking your KYC status..." />
            Checking your KYC status...
          </p>
        ) : kyc.isError ? (
          <div
            id={kycNoteId}
            className="flex flex-col gap-2 rounded-md border border-danger-700/30 bg-danger-100/60 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm text-danger-700">Your KYC status could not be loaded, so subscribing is unavailable for now.</p>
            <Button variant="secondary" size="sm" busy={kyc.isFetching} onClick={() => void kyc.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          !approved &&
          kycStatus && (
            <div id={kycNoteId} data-testid="kyc-required" className="flex gap-3 rounded-md border border-gold-400/60 bg-gold-100/60 p-4">
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-700" />
              <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1.5">
                  <p className="font-semibold text-ink-900">{SUBSCRIPTION_TEXT.kycRequired}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-text">
                    <span>Current KYC status:</span>
                    <KycStatusBadge status={kycStatus} />
                  </p>
                  <p className="text-sm text-text">{KYC_EXPLANATION[kycStatus]}</p>
                </div>
                <Link to="/investor/compliance" className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
                  Go to DFSA Compliance
                  <ArrowRight aria-hidden="true" />
                </Link>
              </div>
            </div>
          )
        )}

        {suitabilityHold && (
          <div
            role="alert"
            data-testid="suitability-hold"
            className="flex gap-3 rounded-md border border-danger-700/30 bg-danger-100/60 p-4"
          >
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger-700" />
            <div className="flex min-w-0 flex-col gap-2">
              <p className="font-semibold text-ink-900">Review required</p>
              <p className="text-sm text-text">{suitabilityHold}</p>
              <Link to="/investor/messages" className={buttonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
                Message the compliance team
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
            <legend className="sr-only">Subscription details</legend>
            <div className="flex flex-col gap-4">
              <Field label="Deal" htmlFor="subscription-deal" error={dealError} required>
                <NativeSelect
                  ref={dealRef}
                  {...fieldProps('subscription-deal', dealError)}
                  value={deal?.id ?? ''}
                  onChange={(e) => chooseDeal(e.target.value)}
                  placeholder={
                    deals.isPending ? 'Loading deals...' : open.length === 0 ? 'No deals are open for investment' : 'Choose a deal'
                  }
                  options={open.map((d) => ({ value: d.id, label: d.title }))}
                />
              </Field>
              <Field
                label="Amount (USD)"
                htmlFor="subscription-amount"
                error={errors.amount}
                hint={
                  deal
                    ? deal.remainingCapacity === null
                      ? 'This deal has no cap.'
                      : `Up to ${formatUSD(deal.remainingCapacity)}.`
                    : 'Whole dollars or cents, e.g. 250,000'
                }
                required
              >
                <div className="relative">
                  <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted">
                    $
                  </span>
                  <Input
                    ref={amountRef}
                    {...fieldProps('subscription-amount', errors.amount, true)}
                    inputMode="decimal"
                    autoComplete="off"
                    className="tabular pl-7"
                    value={amount}
                    onChange={(e) => {
                      setAmount(e.target.value);
                      if (errors.amount) setErrors((x) => ({ ...x, amount: undefined }));
                    }}
                  />
                </div>
              </Field>
            </div>

            <DealSummary deal={deal} />

            <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between md:col-span-2">
              <p className="text-sm text-muted">
                Your subscription is reviewed by our team. Pending subscriptions can be cancelled until the review starts.
              </p>
              <Button type="submit" busy={create.isPending}>
                {!create.isPending && <Send aria-hidden="true" />}
                {create.isPending ? 'Submitting...' : 'Submit Subscription'}
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

/** The review step: deal, amount, terms and the acknowledgements, then Confirm. */
function ReviewDialog({
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
function DealSummary({ deal }: { deal: InvestorDeal | undefined }) {
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

// ---------------------------------------------------------------------------------------------
// Your Subscriptions
// ---------------------------------------------------------------------------------------------

function SubscriptionList() {
  const list = useMySubscriptions();
  const cancel = useCancelSubscription();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const lastCancelled = useRef<string | null>(null);

  async function confirmCancel() {
    if (!cancelling) return;
    lastCancelled.current = cancelling.id;
    try {
      await cancel.mutateAsync(cancelling.id);
      toast.success(SUBSCRIPTION_TEXT.cancelled);
    } catch (err) {
      toast.error(SUBSCRIPTION_TEXT.cancelFailed, { description: serverMessage(err) });
    }
    setCancelling(null);
  }

  const subs = list.data ?? [];

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-center gap-2">
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-lg font-semibold text-ink-900 focus:outline-none">
          Your Subscriptions
        </h2>
      </div>

      {list.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span role="status" className="sr-only">
            Loading your subscriptions...
          </span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-lg bg-ink-100/70" />
          ))}
        </div>
      ) : list.isError ? (
        <Card className="p-8 text-center">
          <p role="alert" className="font-medium text-danger-700">
            {SUBSCRIPTION_TEXT.loadFailed}
          </p>
          <p className="mt-1 text-sm text-muted">{serverMessage(list.error) ?? 'Check your connection, then try again.'}</p>
          <Button variant="secondary" className="mt-4" busy={list.isFetching} onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </Card>
      ) : subs.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 border-dashed p-10 text-center">
          <ClipboardList aria-hidden="true" className="size-8 text-muted" />
          <p className="font-medium text-ink-900">You have no subscriptions yet</p>
          <p className="max-w-md text-sm text-muted">Subscriptions you submit appear here with their status and progress.</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby={headingId}>
          {subs.map((s) => (
            <SubscriptionItem key={s.id} sub={s} onCancel={() => setCancelling(s)} />
          ))}
        </ul>
      )}

      <Dialog open={cancelling !== null} onOpenChange={(o) => !o && !cancel.isPending && setCancelling(null)}>
        <DialogContent
          size="sm"
          onCloseAutoFocus={(e) => {
            // The Cancel button is gone once the subscription is cancelled: fall back to the list heading.
            const id = lastCancelled.current;
            const button = id ? document.querySelector<HTMLButtonElement>(`[data-cancel-for="${CSS.escape(id)}"]`) : null;
            if (button) return;
            e.preventDefault();
            headingRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Cancel this subscription?</DialogTitle>
            <DialogDescription>
              {cancelling && (
                <>
                  Your <span className="tabular font-medium text-text">{formatUSDExact(cancelling.amount)}</span> subscription to{' '}
                  <span className="font-medium text-text">{cancelling.dealTitle}</span> will be cancelled and its reserved capacity
                  released. This cannot be undone.
                </>
              )}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={cancel.isPending}>
                Keep Subscription
              </Button>
            </DialogClose>
            <Button variant="danger" busy={cancel.isPending} onClick={() => void confirmCancel()}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function SubscriptionItem({ sub, onCancel }: { sub: Subscription; onCancel: () => void }) {
  const titleId = useId();
  return (
    <li>
      <Card
        role="group"
        aria-labelledby={titleId}
        data-testid="subscription-item"
        data-subscription-id={sub.id}
        className="flex flex-col gap-4 p-4 lg:flex-row lg:items-center"
      >
        <div className="min-w-0 lg:w-1/4">
          <h3 id={titleId} className="font-semibold break-words text-ink-900">
            {sub.dealTitle}
          </h3>
          <p className="text-sm text-muted">{sub.dealType}</p>
        </div>
        <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4 lg:items-center">
          <div>
            <dt className="text-xs text-muted">Amount</dt>
            <dd className="tabular font-semibold text-ink-900" data-testid="subscription-amount">
              {formatUSDExact(sub.amount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Status</dt>
            <dd>
              <SubscriptionStatusBadge status={sub.status} />
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-muted">Progress</dt>
            <dd className="pt-1">
              <SubscriptionProgress value={sub.progress} label={`Progress of your subscription to ${sub.dealTitle}`} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Submitted</dt>
            <dd className="tabular text-ink-900">{formatDate(sub.createdAt)}</dd>
          </div>
          {sub.status === 'Rejected' && (
            <div className="col-span-2 rounded-md bg-danger-100/60 px-3 py-2 sm:col-span-4">
              <dt className="text-xs font-medium text-danger-700">Rejection reason</dt>
              <dd className="text-sm break-words whitespace-pre-line text-text" data-testid="rejection-reason">
                {sub.rejectionReason || 'No reason was given.'}
              </dd>
            </div>
          )}
        </dl>
        <div className="flex justify-end lg:w-28">
          {sub.status === 'Pending' && (
            <Button
              variant="secondary"
              size="sm"
              data-cancel-for={sub.id}
              onClick={onCancel}
              aria-label={`Cancel subscription to ${sub.dealTitle}`}
            >
              Cancel
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
