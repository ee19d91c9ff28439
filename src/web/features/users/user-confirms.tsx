import { Check, Copy, ShieldOff, Trash2 } from 'lucide-react';
import { type ManagedUser, USER_MESSAGES } from '../../../shared/users';
import { Button } from '../../components/ui/button';
import { DialogActions, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/form';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { serverMessage, useDeleteUser, useResetPassword } from './api';

/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  try {
    const active = document.activeElement as HTMLElement | null;
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    active?.focus();
    return ok;
  } catch {
    return false;
  }
}

/** The spec's reset toast: the token for 10 seconds with a Copy button (the toast stays while hovered). */
export function showTemporaryPassword(token: string) {
  const id = `reset-${Date.now()}`;
  const show = (copied: boolean) =>
    toast.success(USER_MESSAGES.reset(token), {
      id,
      duration: 10_000,
      action: {
        label: copied ? (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" className="size-3.5" /> Copied
          </span>
        ) : (
          <span className="inline-flex items-center gap-1">
            <Copy aria-hidden="true" className="size-3.5" /> Copy
          </span>
        ),
        onClick: (event) => {
          // Keep the toast open so the password stays readable after copying.
          event.preventDefault();
          void copyText(token).then((ok) => {
            if (ok) show(true);
          });
        },
      },
    });
  show(false);
}

export function ResetPasswordConfirm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
  const reset = useResetPassword();

  async function confirm() {
    try {
      const token = await reset.mutateAsync(user.id);
      onDone();
      showTemporaryPassword(token);
    } catch (err) {
      toast.error(USER_MESSAGES.resetFailed, { description: serverMessage(err) });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset password for {user.name}?</DialogTitle>
        <DialogDescription>
          A random temporary password replaces the current one and {user.name} is signed out everywhere. They must choose a new password at
          their next sign-in.
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm text-text">
        The temporary password is shown once, in a notification, for 10 seconds: copy it before it closes.
      </p>
      <FormError>{reset.isError && (serverMessage(reset.error) ?? USER_MESSAGES.resetFailed)}</FormError>
      <DialogActions submit="Reset Password" busyLabel="Resetting..." busy={reset.isPending} onSubmit={() => void confirm()} />
    </>
  );
}

export function DeleteUserConfirm({
  user,
  onDone,
  onSuspendInstead,
}: {
  user: ManagedUser;
  onDone: () => void;
  onSuspendInstead: (u: ManagedUser) => void;
}) {
  const remove = useDeleteUser();
  const failure = remove.error;
  const canSuspendInstead = failure instanceof ApiError && failure.code === 'HAS_RECORDS' && user.status !== 'suspended';

  async function confirm() {
    try {
      await remove.mutateAsync(user.id);
      toast.success(USER_MESSAGES.deleted, { description: `${user.name} no longer has an account.` });
      onDone();
    } catch (err) {
      toast.error(USER_MESSAGES.deleteFailed, { description: serverMessage(err) });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Delete {user.name}?</DialogTitle>
        <DialogDescription>
          This removes the account of {user.email ?? user.name} and ends their sessions. It cannot be undone.
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm text-text">
        Deals, documents and activity logs they authored are kept and show 'Unknown' as their author. To keep the account but block access,
        suspend it instead.
      </p>
      <FormError>{failure && (serverMessage(failure) ?? USER_MESSAGES.deleteFailed)}</FormError>
      <DialogActions
        variant="danger"
        submit={
          <>
            <Trash2 aria-hidden="true" />
            Delete User
          </>
        }
        busyLabel="Deleting..."
        busy={remove.isPending}
        onSubmit={() => void confirm()}
        extra={
          canSuspendInstead && (
            <Button type="button" variant="secondary" onClick={() => onSuspendInstead(user)}>
              <ShieldOff aria-hidden="true" />
              Suspend Instead
            </Button>
          )
        }
      />
    </>
  );
}
