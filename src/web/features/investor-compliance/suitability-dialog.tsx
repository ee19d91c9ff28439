import { ClipboardCheck } from 'lucide-react';
import { type SuitabilityAnswers, suitabilityInput } from '../../../shared/investor-compliance';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { useZodForm } from '../../components/ui/form';
import { NativeSelect } from '../../components/ui/select';
import { useDialogGuard, useReportDirty } from '../../components/ui/unsaved-dialog';
import { serverMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCompleteSuitabilityReview } from './api';
import { investorComplianceText } from './i18n';
import { answerLabel, questionHint, questionLabel, SUITABILITY_FIELDS, SUITABILITY_QUESTIONS } from './suitability';

type QField = (typeof SUITABILITY_FIELDS)[number];
type Values = Record<QField, string>;
const EMPTY: Values = { experience: '', riskTolerance: '', netWorthBand: '', investmentHorizon: '' };

/**
 * The annual suitability review: four questions, validated with the shared schema, sent to
 * POST /api/investor/suitability-review. The previous answers are shown as hints, not
 * pre-filled, so that each answer is confirmed again. Closing with answers chosen asks first.
 */
export function SuitabilityReviewDialog({
  open,
  onOpenChange,
  previous,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  previous: SuitabilityAnswers | null;
}) {
  const guard = useDialogGuard();
  return (
    <Dialog open={open} onOpenChange={(next) => (next || guard.confirmClose()) && onOpenChange(next)}>
      <DialogContent size="md">
        {/* Mounted only while open: every review starts from empty answers. */}
        {open && <ReviewForm previous={previous} onDone={() => onOpenChange(false)} onDirtyChange={guard.setDirty} />}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({
  previous,
  onDone,
  onDirtyChange,
}: {
  previous: SuitabilityAnswers | null;
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = investorComplianceText.useT();
  const complete = useCompleteSuitabilityReview();
  const form = useZodForm(suitabilityInput, { defaultValues: EMPTY as never, guardUnsaved: true });
  useReportDirty(form.formState.isDirty, onDirtyChange);

  const onSubmit = form.handleSubmit(async (answers) => {
    try {
      await complete.mutateAsync(answers);
      toast.success(t('toast.reviewCompleted'));
      onDone();
    } catch (err) {
      form.applyServerError(err, { fallback: t('toast.reviewFailed') });
      toast.error(t('toast.reviewFailed'), { description: serverMessage(err) ?? t('tryAgain') });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ClipboardCheck aria-hidden="true" className="size-5 text-gold-700" />
          {t('review.title')}
        </DialogTitle>
        <DialogDescription>{t('review.description')}</DialogDescription>
      </DialogHeader>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {SUITABILITY_FIELDS.map((f) => {
          const q = SUITABILITY_QUESTIONS[f];
          const hint = previous ? (
            <>
              {questionHint(f)}
              <span className="mt-0.5 block">
                {t('review.lastAnswer')}
                <span className="font-medium text-text">{answerLabel(f, previous[f] as never)}</span>
              </span>
            </>
          ) : (
            questionHint(f)
          );
          const control = form.field(f, `suitability-${f}`, { hint: true });
          return (
            <Field key={f} label={questionLabel(f)} htmlFor={`suitability-${f}`} hint={hint} error={form.errorOf(f)} required>
              <NativeSelect
                {...control}
                // An answer chosen clears its own message at once (the others stay until the next submit).
                onChange={(e) => {
                  void control.onChange(e);
                  form.clearErrors(f);
                }}
                aria-required="true"
                placeholder={t('review.choose')}
                options={q.options.map((value) => ({ value, label: answerLabel(f, value as never) }))}
              />
            </Field>
          );
        })}
      </div>

      <DialogActions submit={t('review.submit')} busyLabel={t('review.busy')} busy={form.busy} />
    </form>
  );
}
