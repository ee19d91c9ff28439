import { DropdownMenu as M } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * Non-modal by default: a modal menu aria-hides the page while focusable elements remain,
 * which axe reports as aria-hidden-focus (serious). Focus still moves into the menu.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof M.Root>) {
  return <M.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuGroup = M.Group;

export function DropdownMenuContent({ className, sideOffset = 4, align = 'end', ...props }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-44 overflow-y-auto rounded-md border border-border bg-surface p-1 text-text shadow-lg',
          className,
        )}
        {...props}
      />
    </M.Portal>
  );
}

export type DropdownMenuItemProps = ComponentProps<typeof M.Item> & { destructive?: boolean };

export function DropdownMenuItem({ className, destructive, ...props }: DropdownMenuItemProps) {
  return (
    <M.Item
      className={cn(
        'flex h-9 cursor-pointer select-none items-center gap-2 rounded-sm px-2 text-sm outline-none pointer-coarse:h-10',
        'data-highlighted:bg-ink-100 data-highlighted:text-ink-900 data-disabled:pointer-events-none data-disabled:opacity-50',
        '[&_svg]:size-4 [&_svg]:shrink-0',
        destructive && 'text-danger-700 data-highlighted:bg-danger-100 data-highlighted:text-danger-700',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof M.Label>) {
  return <M.Label className={cn('px-2 py-1.5 text-xs font-semibold text-muted', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof M.Separator>) {
  return <M.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
