import { Progress as P } from 'radix-ui';
import type { ComponentProps } from 'react';
import { formatFigure } from '../../../shared/format';
import { cn } from '../../lib/cn';

export type ProgressProps = Omit<ComponentProps<typeof P.Root>, 'value' | 'max'> & {
  /** 0-100; clamped. */
  value: number;
  /** Accessible name (aria-label). */
  label: string;
  /** Show "NN%" next to the bar. */
  showValue?: boolean;
};

export function Progress({ value, label, showValue, className, ...props }: ProgressProps) {
  const v = Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
  const bar = (
    <P.Root
      value={v}
      max={100}
      aria-label={label}
      getValueLabel={(n) => formatFigure(`${n}%`)}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-ink-100', !showValue && className)}
      {...props}
    >
      <P.Indicator
        className="h-full w-full bg-gold-600 transition-transform duration-300 motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - v}%)` }}
      />
    </P.Root>
  );
  if (!showValue) return bar;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      {bar}
      <span aria-hidden="true" className="tabular min-w-10 shrink-0 whitespace-nowrap text-end text-sm text-muted">
        {formatFigure(`${v}%`)}
      </span>
    </div>
  );
}
