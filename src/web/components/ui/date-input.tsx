import { type ComponentProps, type Ref, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { formatDate } from '../../../shared/dates';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n';
import { controlClass } from './input';

/**
 * A date field that shows its day as the rest of the product does ('3 Jul 2026', decision record
 * 020) instead of the browser's mm/dd/yyyy. It is the native date input (typed entry, the
 * browser's picker, keyboard and screen-reader support, the value an ISO 'YYYY-MM-DD'), with the
 * formatted day drawn over it while it is not being edited; focus shows the native fields for
 * typing. Empty, it shows "Select a date" (or its placeholder) instead of mm/dd/yyyy; a day half
 * typed (the browser's value still empty, its input "bad") keeps the native fields in view.
 * A drop-in for `<Input type="date">`: same props, controlled or not (react-hook-form).
 */
export function DateInput({ className, ref, onChange, onFocus, onBlur, placeholder, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const inner = useRef<HTMLInputElement | null>(null);
  const [shown, setShown] = useState<string>(String(props.value ?? props.defaultValue ?? ''));
  const [editing, setEditing] = useState(false);
  const [partial, setPartial] = useState(false);
  // Controlled, or set by a form library through the element: follow the element's value.
  useLayoutEffect(() => {
    const v = inner.current?.value ?? '';
    if (v !== shown) setShown(v);
    const bad = Boolean(inner.current?.validity.badInput);
    if (bad !== partial) setPartial(bad);
  });
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      inner.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) (ref as { current: HTMLInputElement | null }).current = el;
    },
    [ref],
  );
  const formatted = shown ? formatDate(shown) : '';
  const hasDay = formatted !== '' && formatted !== '—';
  const empty = shown === '' && !partial;
  const overlay = !editing && (hasDay || empty);
  return (
    <span className="relative block">
      <input
        {...props}
        ref={setRef as Ref<HTMLInputElement>}
        type="date"
        data-formatted={overlay || undefined}
        className={cn(controlClass, 'h-10', 'data-[formatted]:[&::-webkit-datetime-edit]:text-transparent', className)}
        onChange={(e) => {
          setShown(e.target.value);
          onChange?.(e);
        }}
        onFocus={(e) => {
          setEditing(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          setEditing(false);
          setPartial(e.target.validity.badInput);
          onBlur?.(e);
        }}
      />
      {overlay && (
        // Drawn over the native fields; the input itself still carries the value for assistive tech.
        <span
          aria-hidden="true"
          data-testid="date-input-display"
          className={cn(
            'pointer-events-none absolute inset-y-0 start-3 end-10 flex items-center overflow-hidden whitespace-nowrap text-base sm:text-sm',
            hasDay && !props.disabled ? 'text-text' : 'text-muted',
          )}
        >
          {hasDay ? formatted : (placeholder ?? common.t('date.select'))}
        </span>
      )}
    </span>
  );
}
