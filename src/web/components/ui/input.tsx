import type { ChangeEvent, ComponentProps } from 'react';
import { westernDigits } from '../../../shared/digits';
import { cn } from '../../lib/cn';

/** Shared look for text-like form controls (also used by NativeSelect). */
export const controlClass =
  'w-full rounded-md border border-muted/80 bg-surface px-3 text-base text-text shadow-xs sm:text-sm ' +
  'placeholder:text-muted focus-visible:border-gold-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-600 ' +
  'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-muted ' +
  'aria-[invalid=true]:border-danger-700 aria-[invalid=true]:focus-visible:outline-danger-700';

/**
 * A number field takes the digits an Arabic keyboard types (٠١٢٣, ۰۱۲۳, ٫ ٬) as Western ones, so an
 * amount typed in Arabic-Indic digits is the same amount (the API reads Western decimal strings).
 */
function acceptArabicDigits(e: ChangeEvent<HTMLInputElement>) {
  const el = e.target;
  const western = westernDigits(el.value);
  if (western === el.value) return;
  const [start, end] = [el.selectionStart, el.selectionEnd];
  el.value = western;
  // One character for one: the caret stays where it was.
  if (start !== null && end !== null) el.setSelectionRange(start, end);
}

export function Input({ className, type = 'text', onChange, ...props }: ComponentProps<'input'>) {
  const numeric = props.inputMode === 'decimal' || props.inputMode === 'numeric' || type === 'number';
  return (
    <input
      type={type}
      className={cn(controlClass, 'h-10', className)}
      onChange={
        numeric
          ? (e) => {
              acceptArabicDigits(e);
              onChange?.(e);
            }
          : onChange
      }
      {...props}
    />
  );
}

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClass, 'min-h-20 py-2 leading-normal', className)} {...props} />;
}
