import { type ExternalToast, toast as sonner } from 'sonner';

type Message = Parameters<typeof sonner.success>[0];

/** Dismisses every error toast still on screen: a later success makes them stale. */
function dismissErrors(): void {
  for (const t of sonner.getToasts()) {
    if ('type' in t && t.type === 'error') sonner.dismiss(t.id);
  }
}

/**
 * The app's toasts: sonner's, except that a success toast clears the error toasts still up (a
 * failed save followed by a successful retry must not leave "Failed to save" beside "Saved").
 * Import `toast` from here, never from 'sonner' (the lint configuration enforces it).
 */
export const toast: typeof sonner = Object.assign((message: Message, data?: ExternalToast) => sonner(message, data), {
  ...sonner,
  success: (message: Message, data?: ExternalToast) => {
    dismissErrors();
    return sonner.success(message, data);
  },
});
