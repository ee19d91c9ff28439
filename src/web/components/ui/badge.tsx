import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

const tones: Record<BadgeTone, string> = {
  success: 'bg-success-100 text-success-700 ring-success-700/20',
  warning: 'bg-warning-100 text-warning-800 ring-warning-800/20',
  danger: 'bg-danger-100 text-danger-700 ring-danger-700/20',
  neutral: 'bg-neutral-100 text-neutral-700 ring-neutral-700/15',
  info: 'bg-ink-100 text-ink-800 ring-ink-800/15',
};

export type BadgeProps = ComponentProps<'span'> & { tone?: BadgeTone };

/** Status pill. Always give it text: colour is never the only signal. */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
