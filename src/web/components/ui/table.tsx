import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type TableProps = ComponentProps<'table'> & {
  /** Names the scrollable region and the table. */
  'aria-label': string;
  /** Class for the scroll region wrapper. */
  containerClassName?: string;
  /**
   * Max height of the scroll region; the sticky header sticks inside it.
   * Default '70vh'; pass 'none' to let the page scroll instead.
   */
  maxHeight?: CSSProperties['maxHeight'];
};

export function Table({ 'aria-label': label, containerClassName, maxHeight = '70vh', className, ...props }: TableProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: explicit role="region" is part of the contract
    <div
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be keyboard reachable
      tabIndex={0}
      style={{ maxHeight }}
      className={cn(
        'relative w-full overflow-auto rounded-lg border border-border bg-surface',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
        containerClassName,
      )}
    >
      <table aria-label={label} className={cn('w-full border-separate border-spacing-0 text-start text-sm', className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('sticky top-0 z-10 bg-ink-50', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&>tr:last-child>td]:border-b-0', className)} {...props} />;
}

export function TR({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-ink-50/60', className)} {...props} />;
}

export function TH({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'whitespace-nowrap border-b border-border px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted',
        className,
      )}
      {...props}
    />
  );
}

export function TD({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-border px-3 py-2.5 align-middle text-text', className)} {...props} />;
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-sm text-muted">
        {children}
      </td>
    </tr>
  );
}
