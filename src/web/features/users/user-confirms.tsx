import { Check, Copy, ShieldOff, Trash2 } from 'lucide-react';
import type { ManagedUser } from '../../../shared/users';
import { Button } from '../../components/ui/button';
import { DialogActions, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/form';
import { ApiError } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { serverMessage, useDeleteUser, useResetPassword } from './api';
import { usersText } from './i18n';

/** The spec's reset toast: the token for 10 seconds with a Copy button (the toast stays while hovered). */
export function showTemporaryPassword(token: string) {
  const id = `reset-${Date.now()}`;
  const show = (copied: boolean) =>
    toast.success(usersText.t('toast.reset', { token }), {
      id,
      duration: 10_000,
      action: {
        label: copied ? (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" className="size-3.5" /> {usersText.t('toast.copied')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1">
            <Copy aria-hidden="true" className="size-3.5" /> {usersText.t('toast.copy')}
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
  const { t } = usersText.useT();
  const reset = useResetPassword();

  async function confirm() {
    try {
      const token = await reset.mutateAsync(user.id);
      onDone();
      showTemporaryPassword(token);
    } catch (err) {
      toast.error(usersText.t('toast.resetFailed'), { description: serverMessage(err) });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('reset.title', { name: user.name })}</DialogTitle>
        <DialogDescription>{t('reset.description', { name: user.name })}</DialogDescription>
      </DialogHeader>
      <p className="text-sm text-text">{t('reset.notice')}</p>
      <FormError>{reset.isError && (serverMessage(reset.error) ?? t('toast.resetFailed'))}</FormError>
      <DialogActions
        submit={t('reset.submit')}
        busyLabel={t('reset.busy')}
        cancel={t('cancel')}
        busy={reset.isPending}
        onSubmit={() => void confirm()}
      />
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
  const { t } = usersText.useT();
  const remove = useDeleteUser();
  const failure = remove.error;
  const canSuspendInstead = failure instanceof ApiError && failure.code === 'HAS_RECORDS' && user.status !== 'suspended';

  async function confirm() {
    try {
      await remove.mutateAsync(user.id);
      toast.success(usersText.t('toast.deleted'), { description: usersText.t('toast.deletedDetail', { name: user.name }) });
      onDone();
    } catch (err) {
      toast.error(usersText.t('toast.deleteFailed'), { description: serverMessage(err) });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('delete.title', { name: user.name })}</DialogTitle>
        <DialogDescription>{t('delete.description', { who: user.email ?? user.name })}</DialogDescription>
      </DialogHeader>
      <p className="text-sm text-text">{t('delete.notice')}</p>
      <FormError>{failure && (serverMessage(failure) ?? t('toast.deleteFailed'))}</FormError>
      <DialogActions
        variant="danger"
        submit={
          <>
            <Trash2 aria-hidden="true" />
            {t('delete.submit')}
          </>
        }
        busyLabel={t('delete.busy')}
        cancel={t('cancel')}
        busy={remove.isPending}
        onSubmit={() => void confirm()}
        extra={
          canSuspendInstead && (
            <Button type="button" variant="secondary" onClick={() => onSuspendInstead(user)}>
              <ShieldOff aria-hidden="true" />
              {t('delete.suspendInstead')}
            </Button>
          )
        }
      />
    </>
  );
}
