import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClass } from './input';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type NativeSelectProps = ComponentProps<'select'> & {
  /** Convenience alternative to `<option>` children. */
  options?: readonly SelectOption[];
  /** Adds a first, disabled, empty-valued option shown until a value is chosen. */
  placeholder?: string;
  /** Class for the wrapping div (width, margins). `className` goes on the select. */
  wrapperClassName?: string;
};

export function NativeSelect({ options, placeholder, className, wrapperClassName, children, ...props }: NativeSelectProps) {
  return (
    <div className={cn('relative w-full', wrapperClassName)}>
      <select className={cn(controlClass, 'h-10 cursor-pointer appearance-none pe-9', className)} {...props}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-muted" />
    </div>
  );
}
