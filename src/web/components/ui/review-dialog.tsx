import { type BaseSyntheticEvent, type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import {
  Dialog,
  DialogActions,
  type DialogActionsProps,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';

/** One label/value row of a review's summary. */
export interface ReviewRow {
  /** React key (default: the label when it is a string). */
  id?: string;
  label: ReactNode;
  value: ReactNode;
  /** Spans both columns from `sm` up (a name, the amount being confirmed). */
  wide?: boolean;
  /** The figure the review is about, large ('$1,234.56'). */
  emphasis?: boolean;
  /** Figures: tabular digits. */
  tabular?: boolean;
  testId?: string;
}

/**
 * What is being reviewed, as one list of label/value rows rendered once for every width: one
 * column on phones, two from `sm` up (a `wide` row spans both). Falsy rows are skipped, so an
 * optional row can be written inline (`deal.spv && { ... }`).
 */
export function ReviewSummary({
  rows,
  testId,
  className,
}: {
  rows: readonly (ReviewRow | false | null | undefined)[];
  testId?: string;
  className?: string;
}) {
  return (
    <dl
      className={cn('grid grid-cols-1 gap-x-4 gap-y-3 rounded-md border border-border bg-canvas p-4 text-sm sm:grid-cols-2', className)}
      data-testid={testId}
    >
      {rows.map((row, i) =>
        row ? (
          <div key={row.id ?? (typeof row.label === 'string' ? row.label : i)} className={cn('min-w-0', row.wide && 'sm:col-span-2')}>
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd
              className={cn(
                'break-words text-ink-900',
                row.emphasis ? 'text-2xl font-semibold' : 'font-medium',
                (row.tabular || row.emphasis) && 'tabular',
              )}
              data-testid={row.testId}
            >
              {row.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/**
 * The acknowledgements a review asks for: a group with its legend, the checkboxes
 * (`ReviewCheckbox`, e.g. react-hook-form fields) and one message when some are left unticked.
 */
export function ReviewAcknowledgements({ legend, error, children }: { legend: ReactNode; error?: string; children: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink-900">{legend}</legend>
      {children}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One acknowledgement: a checkbox with its sentence as the label. */
export function ReviewCheckbox({ label, className, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  return (
    <label className={cn('flex items-start gap-3 text-sm text-text', className)}>
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-gold-700" {...props} />
      <span>{label}</span>
    </label>
  );
}

export interface ReviewFooter {
  /** The button that steps back or closes without acting ('Back', 'Close'). */
  back: ReactNode;
  /** The action the review leads to; without it the footer only closes. */
  confirm?: ReactNode;
  busyLabel?: ReactNode;
  busy?: boolean;
  /** A click handler; without it Confirm submits the review's form (`onSubmit`). */
  onConfirm?: () => void;
  variant?: DialogActionsProps['variant'];
  /** Other actions, shown before Back (e.g. Reject beside Approve). */
  extra?: ReactNode;
}

export interface ReviewBodyProps {
  title: ReactNode;
  description?: ReactNode;
  rows: readonly (ReviewRow | false | null | undefined)[];
  summaryTestId?: string;
  /** Anything between the summary and the footer: notes, documents, the acknowledgements. */
  children?: ReactNode;
  footer: ReviewFooter;
  /** With a form handler the body is a form and Confirm submits it (react-hook-form's handleSubmit). */
  onSubmit?: (e?: BaseSyntheticEvent) => Promise<void> | void;
}

/**
 * A review step inside a DialogContent: the header, the summary rows, the caller's sections and
 * the footer (Back closes and is disabled while busy; Confirm shows the busy label), through the
 * one dialog footer, DialogActions.
 */
export function ReviewBody({ title, description, rows, summaryTestId, children, footer, onSubmit }: ReviewBodyProps) {
  const body = (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      <ReviewSummary rows={rows} testId={summaryTestId} />
      {children}
      {footer.confirm ? (
        <DialogActions
          submit={footer.confirm}
          busyLabel={footer.busyLabel}
          busy={footer.busy}
          cancel={footer.back}
          onSubmit={footer.onConfirm}
          variant={footer.variant}
          extra={footer.extra}
        />
      ) : (
        <DialogFooter>
          {footer.extra}
          <DialogClose asChild>
            <Button type="button" variant="secondary" disabled={footer.busy}>
              {footer.back}
            </Button>
          </DialogClose>
        </DialogFooter>
      )}
    </>
  );
  if (!onSubmit) return body;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      {body}
    </form>
  );
}

/** A review in a dialog of its own (open while rendered; closing calls `onClose`). */
export function ReviewDialog({
  onClose,
  onCloseAutoFocus,
  size = 'lg',
  ...body
}: ReviewBodyProps & { onClose: () => void; onCloseAutoFocus?: (e: Event) => void; size?: ComponentProps<typeof DialogContent>['size'] }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size={size} onCloseAutoFocus={onCloseAutoFocus}>
        <ReviewBody {...body} />
      </DialogContent>
    </Dialog>
  );
}
