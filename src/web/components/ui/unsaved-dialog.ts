import { useCallback, useEffect, useRef } from 'react';
import { unsavedChangesMessage } from '../../lib/unsaved-changes';

/**
 * The one question before unsaved input is dropped (the page guard's, unsavedChangesMessage()):
 * true when there is nothing to lose or the user chose OK. For a step that discards input without
 * closing its dialog (KYC approve/reject's Cancel steps back to the review).
 */
export function confirmDiscard(dirty: boolean): boolean {
  return !dirty || window.confirm(unsavedChangesMessage());
}

/**
 * The one unsaved-changes guard of a dialog (decision 018): a dialog whose form holds unsaved
 * input asks before it closes (Escape, a click outside, the close button, Cancel); OK discards,
 * Cancel keeps the dialog and the input. The dialog's `onOpenChange` closes only when
 * `guard.confirmClose(onDiscard?)` says so; `onDiscard` runs after an OK (reset a form that
 * outlives its dialog). A successful submit closes the dialog directly (not through
 * `onOpenChange`), so it never asks.
 *
 * Where the dirty flag is at hand (the dialog and its form in one component), pass it:
 * `useDialogGuard(form.formState.isDirty)`. Where the form is a child of the dialog's owner, call
 * `useDialogGuard()` and let the form report with `useReportDirty(isDirty, guard.setDirty)`.
 */
export function useDialogGuard(dirty?: boolean) {
  const current = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    current.current = value;
  }, []);
  useEffect(() => {
    if (dirty !== undefined) current.current = dirty;
  }, [dirty]);
  const confirmClose = useCallback((onDiscard?: () => void) => {
    if (current.current) {
      if (!confirmDiscard(true)) return false;
      onDiscard?.();
    }
    current.current = false;
    return true;
  }, []);
  return { setDirty, confirmClose };
}

/** Tells the enclosing dialog whether this form holds unsaved input (false again when it unmounts). */
export function useReportDirty(dirty: boolean, onDirtyChange: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}
