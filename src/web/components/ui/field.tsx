import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { translateMessage } from '../../lib/i18n';

export type FieldProps = {
  label: ReactNode;
  /** Id of the control; links the label and gives ids `${id}-hint` / `${id}-error`. */
  htmlFor?: string;
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Aria props for the control inside a Field:
 * `<Input {...fieldProps('email', errors.email)} />`. Pass `hasHint` when the Field has a hint.
 */
export function fieldProps(id: string, error?: unknown, hasHint = false) {
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

export function Field({ label, htmlFor, error, hint, required, className, children }: FieldProps) {
  const labelText = (
    <span className="text-sm font-medium text-text">
      {label}
      {required && (
        <span aria-hidden="true" className="ms-0.5 text-danger-700">
          *
        </span>
      )}
    </span>
  );
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {htmlFor ? (
        <>
          <label htmlFor={htmlFor} className="w-fit">
            {labelText}
          </label>
          {children}
        </>
      ) : (
        // Without an id, wrap the control so the label is still associated.
        // biome-ignore lint/a11y/noLabelWithoutControl: the control is passed as children
        <label className="flex flex-col gap-1.5">
          {labelText}
          {children}
        </label>
      )}
      {hint && (
        <p id={htmlFor ? `${htmlFor}-hint` : undefined} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={htmlFor ? `${htmlFor}-error` : undefined} className="flex items-start gap-1.5 text-sm text-danger-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{typeof error === 'string' ? translateMessage(error) : error}</span>
        </p>
      )}
    </div>
  );
}
