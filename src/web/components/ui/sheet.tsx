import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n';

export const Sheet = D.Root;
export const SheetTrigger = D.Trigger;
export const SheetClose = D.Close;

export type SheetContentProps = Omit<ComponentProps<typeof D.Content>, 'title'> & {
  side?: 'start' | 'end';
  /** Accessible name of the panel, rendered as a visually hidden Dialog.Title. */
  title: string;
  /** Optional visually hidden description. */
  description?: string;
  /** 'dark' = ink-900 panel with light text (used by the sidebar). */
  tone?: 'light' | 'dark';
  hideClose?: boolean;
};

/** Off-canvas panel (modal): traps focus, closes on Escape and overlay click. */
export function SheetContent({
  side = 'start',
  title,
  description,
  tone = 'light',
  hideClose,
  className,
  children,
  ...props
}: SheetContentProps) {
  const dark = tone === 'dark';
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
      <D.Content
        className={cn(
          'fixed inset-y-0 z-50 flex h-dvh w-72 max-w-[85vw] flex-col shadow-xl focus:outline-none',
          side === 'start' ? 'start-0 border-e' : 'end-0 border-s',
          dark ? 'border-ink-800 bg-ink-900 text-ink-50' : 'border-border bg-surface text-text',
          className,
        )}
        {...props}
      >
        <D.Title className="sr-only">{title}</D.Title>
        {description && <D.Description className="sr-only">{description}</D.Description>}
        {children}
        {!hideClose && (
          <D.Close
            aria-label={common.t('action.close')}
            className={cn(
              'absolute top-2 end-2 inline-flex size-10 cursor-pointer items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-2',
              dark
                ? 'text-ink-100 hover:bg-ink-800 hover:text-white focus-visible:outline-gold-400'
                : 'text-muted hover:bg-ink-100 hover:text-text focus-visible:outline-gold-600',
            )}
          >
            <X aria-hidden="true" className="size-5" />
          </D.Close>
        )}
      </D.Content>
    </D.Portal>
  );
}
