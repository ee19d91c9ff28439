import { Tabs as T } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Tabs({ className, ...props }: ComponentProps<typeof T.Root>) {
  return <T.Root className={cn('flex flex-col gap-4', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn('inline-flex max-w-full items-center gap-1 self-start overflow-x-auto rounded-lg bg-ink-100 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'inline-flex h-9 shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted pointer-coarse:h-10',
        'hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600',
        'data-[state=active]:bg-surface data-[state=active]:text-ink-900 data-[state=active]:shadow-sm',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return (
    <T.Content
      className={cn('focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600', className)}
      {...props}
    />
  );
}
