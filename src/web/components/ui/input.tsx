import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Shared look for text-like form controls (also used by NativeSelect). */
export const controlClass =
  'w-full rounded-md border border-muted/80 bg-surface px-3 text-base text-text shadow-xs sm:text-sm ' +
  'placeholder:text-muted focus-visible:border-gold-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-600 ' +
  'disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-muted ' +
  'aria-[invalid=true]:border-danger-700 aria-[invalid=true]:focus-visible:outline-danger-700';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClass, 'min-h-20 py-2 leading-normal', className)} {...props} />;
}
