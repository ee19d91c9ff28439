import { useCallback, useEffect, useRef } from 'react';
import { UNSAVED_CHANGES_MESSAGE } from '../../lib/unsaved-changes';

/**
 * A dialog whose form may hold unsaved input asks before it closes (Escape, a click outside, the
 * close button, Cancel): OK discards, Cancel keeps the dialog and the input. The form inside
 * reports its dirty flag with `useReportDirty(isDirty, guard.setDirty)`; the dialog's
 * `onOpenChange` closes only when `guard.confirmClose()` says so. A successful submit closes the
 * dialog directly (not through `onOpenChange`), so it never asks.
 */
export function useDialogGuard() {
  const dirty = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const confirmClose = useCallback(() => {
    if (dirty.current && !window.confirm(UNSAVED_CHANGES_MESSAGE)) return false;
    dirty.current = false;
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
