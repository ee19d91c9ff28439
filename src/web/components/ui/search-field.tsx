import { Search } from 'lucide-react';
import type { Ref } from 'react';
import { Field, fieldProps } from './field';
import { Input } from './input';

/**
 * A list's search box: a labelled `type="search"` input with the magnifier inside it. The value is
 * controlled (lists keep it in the URL); `onChange` gets the text.
 */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  className,
  hint,
  maxLength,
  ref,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  /** Read to screen readers with the field (e.g. how the search works). */
  hint?: string;
  maxLength?: number;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label} htmlFor={id} className={className}>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted" />
        <Input
          ref={ref}
          {...fieldProps(id, undefined, Boolean(hint))}
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={maxLength}
          className="ps-9"
        />
      </div>
      {hint && (
        <span id={`${id}-hint`} className="sr-only">
          {hint}
        </span>
      )}
    </Field>
  );
}
