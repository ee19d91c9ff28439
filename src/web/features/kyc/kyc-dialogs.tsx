import { ArrowRight, Check, CircleDashed, RotateCw, ShieldCheck, ShieldX } from 'lucide-react';
import { type BaseSyntheticEvent, type ReactNode, useId } from 'react';
import { formatBytes, formatDate, formatDateTimeZoned } from '../../../shared/format';
import { approveKycInput, KYC_DOCUMENT_KINDS, type KycApplication, rejectKycInput } from '../../../shared/kyc';
import { KycFileActions, KycStatusBadge } from '../../components/domain/kyc';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Textarea } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { ReviewBody } from '../../components/ui/review-dialog';
import { Spinner } from '../../components/ui/spinner';
import { confirmDiscard, useReportDirty } from '../../components/ui/unsaved-dialog';
import { ApiError } from '../../lib/api';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { RiskPanel } from '../risk/risk-panel';
import { AdminTaxPanel } from '../tax/admin-tax-panel';
import { serverMessage, useKycDetail, useReviewKyc } from './api';
import { kycText } from './i18n';
import type { DialogState, Mode } from './kyc-list';

/** After a dialog closes, focus the application's visible 'Review' button (its Approve button may be gone). */
function focusReviewButton(id: string) {
  const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-review-for="${CSS.escape(id)}"]`);
  for (const b of buttons) {
    if (b.offsetParent !== null) {
      b.focus();
      return true;
    }
  }
  return false;
}

export function KycDialog({
  state,
  onMode,
  onClose,
  onDirtyChange,
}: {
  state: NonNullable<DialogState>;
  onMode: (m: Mode) => void;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const id = state.app.id;
  return (
    <DialogContent
      size={state.mode === 'review' ? 'lg' : 'md'}
      onCloseAutoFocus={(e) => {
        if (focusReviewButton(id)) e.preventDefault();
      }}
    >
      {state.mode === 'review' ? (
        <KycReview app={state.app} onMode={onMode} />
      ) : (
        <DecisionBody
          key={state.mode}
          mode={state.mode}
          app={state.app}
          onCancel={() => (state.fromReview ? onMode('review') : onClose())}
          onDone={onClose}
          onDirtyChange={onDirtyChange}
        />
      )}
    </DialogContent>
  );
}

function KycReview({ app: row, onMode }: { app: KycApplication; onMode: (m: Mode) => void }) {
  const { t } = kycText.useT();
  const detail = useKycDetail(row.id);
  const app = detail.data ?? null;
  const status = app?.status ?? row.status;
  const historyId = useId();
  const docsId = useId();
  const current = app ?? row;
  const decide = status === 'in_review';
  return (
    <ReviewBody
      title={t('review.title', { name: row.investorName })}
      description={
        <>
          <bdi>{row.email}</bdi>
          {row.type ? ` · ${enumLabel('userType', row.type)}` : ''}
        </>
      }
      rows={[
        { id: 'status', label: t('review.status'), value: <KycStatusBadge status={status} /> },
        {
          id: 'completion',
          label: t('review.completion'),
          value: <Progress value={current.completionPercentage} label={t('review.completion')} showValue />,
        },
        { id: 'submitted', label: t('review.submitted'), value: formatDateTimeZoned(current.submittedAt), tabular: true },
        {
          id: 'reviewedBy',
          label: t('review.reviewedBy'),
          value: (
            <>
              {current.reviewedByName ?? '—'}
              {current.reviewedAt && <span className="tabular text-muted"> · {formatDateTimeZoned(current.reviewedAt)}</span>}
            </>
          ),
        },
      ]}
      footer={{
        back: t('review.close'),
        // Approve and Reject only while the application waits for a decision.
        confirm: decide ? (
          <>
            <ShieldCheck aria-hidden="true" />
            {t('review.approve')}
          </>
        ) : undefined,
        onConfirm: () => onMode('approve'),
        extra: decide ? (
          <Button variant="danger" onClick={() => onMode('reject')}>
            <ShieldX aria-hidden="true" />
            {t('review.reject')}
          </Button>
        ) : undefined,
      }}
    >
      {current.reviewNote && (
        <div
          className={
            status === 'rejected'
              ? 'rounded-md border border-danger-700/25 bg-danger-100 px-3 py-2 text-sm text-danger-700'
              : 'rounded-md border border-border bg-ink-50 px-3 py-2 text-sm text-text'
          }
        >
          <p className="font-medium">{status === 'rejected' ? t('review.rejectionReason') : t('review.note')}</p>
          <p className="mt-0.5 break-words whitespace-pre-line">{current.reviewNote}</p>
        </div>
      )}

      {detail.isPending ? (
        <div className="flex items-center gap-2 py-6 text-sm text-muted">
          <Spinner label={t('review.loading')} />
          <span aria-hidden="true">{t('review.loading')}</span>
        </div>
      ) : detail.isError || !app ? (
        <div className="rounded-md border border-border p-4 text-sm">
          <p role="alert" className="font-medium text-danger-700">
            {t('review.loadFailed')}
          </p>
          <p className="mt-1 text-muted">{serverMessage(detail.error) ?? t('review.checkConnection')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void detail.refetch()}>
            <RotateCw aria-hidden="true" />
            {t('review.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby={docsId}>
            <h3 id={docsId} className="mb-2 text-sm font-semibold text-ink-900">
              {t('review.documents')}
            </h3>
            <ul className="divide-y divide-border rounded-md border border-border">
              {KYC_DOCUMENT_KINDS.map((kind) => {
                const doc = app.documents.find((d) => d.kind === kind);
                return (
                  <li
                    key={kind}
                    className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                    data-testid={`kyc-doc-${kind}`}
                  >
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 font-medium text-ink-900">
                        {doc ? (
                          <Check aria-hidden="true" className="size-4 shrink-0 text-success-700" />
                        ) : (
                          <CircleDashed aria-hidden="true" className="size-4 shrink-0 text-muted" />
                        )}
                        {enumLabel('kycDocument', kind)}
                      </p>
                      <p className="truncate ps-6 text-xs text-muted" title={doc?.originalName}>
                        {doc ? (
                          <>
                            <span className="tabular">{formatDate(doc.uploadedAt)}</span> · <bdi>{doc.originalName}</bdi> ·{' '}
                            {formatBytes(doc.byteSize)}
                          </>
                        ) : (
                          t('review.notUploaded')
                        )}
                      </p>
                    </div>
                    {doc && <KycFileActions owner={{ applicationId: app.id }} kind={kind} doc={doc} className="ps-6 sm:ps-0" />}
                  </li>
                );
              })}
            </ul>
          </section>

          <RiskPanel investorId={row.investorId} />
          <AdminTaxPanel investorId={row.investorId} />

          <section aria-labelledby={historyId}>
            <h3 id={historyId} className="mb-2 text-sm font-semibold text-ink-900">
              {t('review.history')}
            </h3>
            {app.history.length === 0 ? (
              <p className="text-sm text-muted">{t('review.noHistory')}</p>
            ) : (
              <ol className="flex flex-col gap-2 border-s-2 border-border ps-4" data-testid="kyc-history">
                {app.history.map((h) => (
                  <li key={h.id} className="text-sm">
                    <p className="flex flex-wrap items-center gap-1.5">
                      {h.fromStatus ? (
                        <>
                          <KycStatusBadge status={h.fromStatus} />
                          <ArrowRight aria-hidden="true" className="size-3.5 text-muted" />
                          <span className="sr-only">{t('review.to')}</span>
                        </>
                      ) : null}
                      <KycStatusBadge status={h.toStatus} />
                    </p>
                    <p className="mt-0.5 text-muted">
                      {h.actorName ? <bdi>{h.actorName}</bdi> : t('review.system')} ·{' '}
                      <span className="tabular">{formatDateTimeZoned(h.createdAt)}</span>
                    </p>
                    {h.note && (
                      <p className="mt-0.5 break-words whitespace-pre-line text-text">
                        “<bdi>{h.note}</bdi>”
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </ReviewBody>
  );
}

interface DecisionProps {
  app: KycApplication;
  /** Back to the review (when it came from there) or close. */
  onCancel: () => void;
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function DecisionBody({ mode, ...props }: DecisionProps & { mode: 'approve' | 'reject' }) {
  return mode === 'approve' ? <ApproveForm {...props} /> : <RejectForm {...props} />;
}

function ApproveForm({ app, onCancel, onDone, onDirtyChange }: DecisionProps) {
  const { t } = kycText.useT();
  const review = useReviewKyc();
  const form = useZodForm(approveKycInput, { defaultValues: { note: '' }, guardUnsaved: true });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const submit = form.handleSubmit(async ({ note }) => {
    try {
      await review.mutateAsync({ id: app.id, decision: 'approve', note: note || undefined });
      toast.success(kycText.t('toast.approved'), { description: app.investorName });
      onDone();
    } catch (err) {
      toast.error(kycText.t('toast.approveFailed'), { description: serverMessage(err) });
      form.applyServerError(err, { fallback: kycText.t('toast.approveFailed') });
      // The application moved on meanwhile (e.g. another admin decided): the list refreshes; close.
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onDone();
    }
  });
  return (
    <DecisionForm
      title={t('approve.title')}
      description={t('approve.description', { name: app.investorName })}
      onSubmit={submit}
      onCancel={onCancel}
      dirty={form.formState.isDirty}
      busy={form.busy}
      formError={form.formError}
      submitLabel={t('approve.submit')}
      busyLabel={t('approve.busy')}
    >
      <Field label={t('approve.note')} htmlFor="kyc-decision-note" error={form.errorOf('note')} hint={t('approve.noteHint')}>
        <Textarea {...form.field('note', 'kyc-decision-note', { hint: true })} autoFocus maxLength={2000} readOnly={form.busy} />
      </Field>
    </DecisionForm>
  );
}

function RejectForm({ app, onCancel, onDone, onDirtyChange }: DecisionProps) {
  const { t } = kycText.useT();
  const review = useReviewKyc();
  const form = useZodForm(rejectKycInput, { defaultValues: { reason: '' }, guardUnsaved: true });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await review.mutateAsync({ id: app.id, decision: 'reject', reason });
      toast.success(kycText.t('toast.rejected'), { description: app.investorName });
      onDone();
    } catch (err) {
      toast.error(kycText.t('toast.rejectFailed'), { description: serverMessage(err) });
      form.applyServerError(err, { fallback: kycText.t('toast.rejectFailed') });
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onDone();
    }
  });
  return (
    <DecisionForm
      title={t('reject.title')}
      description={t('reject.description', { name: app.investorName })}
      onSubmit={submit}
      onCancel={onCancel}
      dirty={form.formState.isDirty}
      busy={form.busy}
      formError={form.formError}
      submitLabel={t('reject.submit')}
      busyLabel={t('reject.busy')}
      danger
    >
      <Field label={t('reject.reason')} htmlFor="kyc-decision-reason" required error={form.errorOf('reason')} hint={t('reject.reasonHint')}>
        <Textarea
          {...form.field('reason', 'kyc-decision-reason', { hint: true })}
          autoFocus
          maxLength={2000}
          required
          readOnly={form.busy}
        />
      </Field>
    </DecisionForm>
  );
}

/**
 * The approve and reject dialogs' frame. Its Cancel goes back to the review when the decision
 * came from there (so it is not the closing DialogActions footer), and asks first when the
 * note or reason holds unsaved text.
 */
function DecisionForm({
  title,
  description,
  onSubmit,
  onCancel,
  dirty,
  busy,
  formError,
  submitLabel,
  busyLabel,
  danger = false,
  children,
}: {
  title: string;
  description: string;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  onCancel: () => void;
  dirty: boolean;
  busy: boolean;
  formError: string | undefined;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = kycText.useT();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={title}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <FormError>{formError}</FormError>
      <DialogFooter>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => {
            if (confirmDiscard(dirty)) onCancel();
          }}
        >
          {t('cancel')}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
