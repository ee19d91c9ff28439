import { ClipboardCheck } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { type SuitabilityAnswers, suitabilityInput } from '../../../shared/portal';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/select';
import { ApiError, serverMessage } from '../../lib/api';
import { COMPLIANCE_TEXT, useCompleteSuitabilityReview } from './api';
import { answerLabel, SUITABILITY_FIELDS, SUITABILITY_QUESTIONS } from './suitability';

type QField = (typeof SUITABILITY_FIELDS)[number];
type Values = Record<QField, string>;
type Errors = Partial<Record<QField, string>>;
const EMPTY: Values = { experience: '', riskTolerance: '', netWorthBand: '', investmentHorizon: '' };

/**
 * The annual suitability review: four questions, validated with the shared schema, sent to
 * POST /api/investor/suitability-review. The previous answers are shown as hints, not
 * pre-filled, so that each answer is confirmed again.
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {/* Mounted only while open: every review starts from empty answers. */}
        {open && <ReviewForm previous={previous} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({ previous, onDone }: { previous: SuitabilityAnswers | null; onDone: () => void }) {
  const complete = useCompleteSuitabilityReview();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const uid = useId();
  const refs = useRef<Partial<Record<QField, HTMLSelectElement | null>>>({});
  const id = (f: QField) => `${uid}-${f}`;

  function focusFirst(errs: Errors) {
    const first = SUITABILITY_FIELDS.find((f) => errs[f]);
    if (first) refs.current[first]?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (complete.isPending) return;
    const parsed = suitabilityInput.safeParse(values);
    if (!parsed.success) {
      const errs: Errors = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as QField | undefined;
        if (f && !errs[f]) errs[f] = issue.message;
      }
      setErrors(errs);
      focusFirst(errs);
      return;
    }
    setErrors({});
    try {
      await complete.mutateAsync(parsed.data);
      toast.success(COMPLIANCE_TEXT.reviewCompleted);
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields) {
        const errs: Errors = {};
        for (const f of SUITABILITY_FIELDS) if (fields[f]) errs[f] = fields[f];
        setErrors(errs);
        focusFirst(errs);
      }
      toast.error(COMPLIANCE_TEXT.reviewFailed, { description: serverMessage(err) ?? 'Please try again.' });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ClipboardCheck aria-hidden="true" className="size-5 text-gold-700" />
          Annual Suitability Review
        </DialogTitle>
        <DialogDescription>
          Four short questions about your experience and circumstances. Completing the review moves your next one a year ahead.
        </DialogDescription>
      </DialogHeader>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {SUITABILITY_FIELDS.map((f) => {
          const q = SUITABILITY_QUESTIONS[f];
          const hint = previous ? (
            <>
              {q.hint}
              <span className="mt-0.5 block">
                Last answer: <span className="font-medium text-text">{answerLabel(f, previous[f] as never)}</span>
              </span>
            </>
          ) : (
            q.hint
          );
          return (
            <Field key={f} label={q.label} htmlFor={id(f)} hint={hint} error={errors[f]} required>
              <NativeSelect
                ref={(el) => {
                  refs.current[f] = el;
                }}
                {...fieldProps(id(f), errors[f], true)}
                aria-required="true"
                placeholder="Choose..."
                value={values[f]}
                options={q.options.map((o) => ({ value: o.value, label: o.label }))}
                onChange={(e) => {
                  const v = e.target.value;
                  setValues((x) => ({ ...x, [f]: v }));
                  if (errors[f]) setErrors((x) => ({ ...x, [f]: undefined }));
                }}
              />
            </Field>
          );
        })}
      </div>

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary" disabled={complete.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" busy={complete.isPending}>
          {complete.isPending ? 'Completing...' : 'Complete Review'}
        </Button>
      </DialogFooter>
    </form>
  );
}
