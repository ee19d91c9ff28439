import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n';
import { Button, type ButtonProps } from './button';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export type DialogContentProps = ComponentProps<typeof D.Content> & {
  size?: keyof typeof widths;
  /** Hide the top-right close button (Escape and Cancel buttons still close). */
  hideClose?: boolean;
};

/**
 * Centered modal. Radix traps focus, closes on Escape and restores focus to the trigger.
 * Always include a DialogTitle (it names the dialog); DialogDescription is optional.
 */
export function DialogContent({ size = 'md', hideClose, className, children, ...props }: DialogContentProps) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink-950/60 backdrop-blur-[1px]" />
      <D.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4',
          'overflow-y-auto rounded-lg border border-border bg-surface p-6 text-text shadow-xl focus:outline-none',
          widths[size],
          className,
        )}
        {...props}
      >
        {children}
        {!hideClose && (
          <D.Close
            aria-label={common.t('action.close')}
            className="absolute top-3 end-3 inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-ink-100 hover:text-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
          >
            <X aria-hidden="true" className="size-5" />
          </D.Close>
        )}
      </D.Content>
    </D.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pe-10', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof D.Title>) {
  return <D.Title className={cn('text-lg font-semibold leading-tight text-ink-900', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof D.Description>) {
  return <D.Description className={cn('text-sm text-muted', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export interface DialogActionsProps {
  /** The submit button's label, and the label while the action runs (e.g. "Saving..."). */
  submit: ReactNode;
  busyLabel?: ReactNode;
  busy?: boolean;
  /** The cancel button's label (default "Cancel"); it closes the dialog. */
  cancel?: ReactNode;
  /** A click handler instead of submitting the enclosing form. */
  onSubmit?: () => void;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  /** Buttons shown before the cancel button (e.g. a "Back" step). */
  extra?: ReactNode;
  className?: string;
}

/** The one dialog footer: Cancel (closes, disabled while busy) then the primary action. */
export function DialogActions({
  submit,
  busyLabel,
  busy = false,
  cancel = 'Cancel',
  onSubmit,
  variant,
  disabled,
  extra,
  className,
}: DialogActionsProps) {
  return (
    <DialogFooter className={className}>
      {extra}
      <DialogClose asChild>
        <Button type="button" variant="secondary" disabled={busy}>
          {cancel}
        </Button>
      </DialogClose>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} variant={variant} disabled={disabled} busy={busy}>
        {busy && busyLabel ? busyLabel : submit}
      </Button>
    </DialogFooter>
  );
}
