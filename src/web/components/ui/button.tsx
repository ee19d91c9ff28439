import { LoaderCircle } from 'lucide-react';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline-light';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 cursor-pointer select-none items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ' +
  '[&_svg]:pointer-events-none [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-gold-500 text-ink-950 shadow-sm hover:bg-gold-400 disabled:hover:bg-gold-500',
  secondary: 'border border-border bg-surface text-text shadow-sm hover:bg-ink-50',
  ghost: 'bg-transparent text-text hover:bg-ink-100',
  danger: 'bg-danger-700 text-white shadow-sm hover:bg-danger-700/90',
  'outline-light': 'border border-white/40 bg-transparent text-white hover:bg-white/10 focus-visible:outline-gold-400',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm pointer-coarse:h-10 [&_svg]:size-4',
  md: 'h-10 px-4 text-sm [&_svg]:size-4',
  lg: 'h-12 px-6 text-base [&_svg]:size-5',
  icon: 'size-10 p-0 [&_svg]:size-5',
};

/** Class string for a button look, e.g. for elements that cannot use `asChild`. */
export function buttonClass(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(base, variants[opts.variant ?? 'primary'], sizes[opts.size ?? 'md'], opts.className);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a router Link) with button styles. */
  asChild?: boolean;
  /** Disables the button, sets aria-busy and shows a spinner. Keep a busy label in children. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  busy = false,
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClass({ variant, size, className });
  if (asChild) {
    const inert = disabled || busy;
    return (
      <Slot.Root className={classes} aria-busy={busy || undefined} aria-disabled={inert || undefined} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
      {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
      {children}
    </button>
  );
}
