import { cn } from '../../lib/cn';

/** A placeholder block while data loads (no motion when the user asks for reduced motion). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded bg-ink-100 motion-reduce:animate-none', className)} />;
}

/**
 * A list that is loading: `count` placeholder rows of `rowClassName` (height) and one status
 * line for screen readers (`label`, e.g. 'Loading messages...').
 */
export function ListSkeleton({ label, count = 3, rowClassName = 'h-24' }: { label: string; count?: number; rowClassName?: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={cn('rounded-lg bg-ink-100/70', rowClassName)} />
      ))}
    </div>
  );
}
