import { ACCOUNT_STATUSES, type AccountStatus, MIN_PASSWORD_LENGTH, type UserType } from '../../../shared/constants';
import { emailChangeInput } from '../../../shared/email-address';
import { createUserInput, type ManagedUser, type UpdateUserInput, updateUserInput } from '../../../shared/users';
import { DialogActions, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { useReportDirty } from '../../components/ui/unsaved-dialog';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { enumLabel } from '../../lib/i18n';
import { policyHint, usePasswordPolicy } from '../../lib/password-policy';
import { toast } from '../../lib/toast';
import { serverMessage, useCreateUser, useRequestEmailChange, useUpdateUser } from './api';
import { usersText } from './i18n';
import { emailText, typeOptions } from './user-list';

interface FormProps {
  onDone: () => void;
  /** Tells the dialog whether the form holds unsaved input (it asks before closing then). */
  onDirtyChange?: (dirty: boolean) => void;
}

// ---------------------------------------------------------------------------------------------
// Add Admin User
// ---------------------------------------------------------------------------------------------

export function CreateUserForm({ onDone, onDirtyChange }: FormProps) {
  const { t } = usersText.useT();
  const policy = usePasswordPolicy();
  const create = useCreateUser();
  const form = useZodForm(createUserInput, {
    defaultValues: { name: '', email: '', password: '', role: 'admin', adminUserType: 'founder', investorUserType: 'hni' },
    guardUnsaved: true,
  });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const role = form.watch('role') ?? 'admin';
  const typeKey = role === 'admin' ? 'adminUserType' : 'investorUserType';

  const submit = form.handleSubmit(async (v) => {
    try {
      const user = await create.mutateAsync({
        name: v.name,
        email: v.email,
        password: v.password,
        role: v.role,
        ...(v.role === 'admin' ? { adminUserType: v.adminUserType ?? 'founder' } : { investorUserType: v.investorUserType ?? 'hni' }),
      });
      toast.success(usersText.t('toast.created'), { description: usersText.t('toast.createdDetail', { name: user.name }) });
      onDone();
    } catch (err) {
      const message = serverMessage(err) ?? usersText.t('toast.createFailed');
      // A taken e-mail (409) belongs to the e-mail field.
      if (err instanceof ApiError && err.status === 409 && !err.fields)
        form.setError('email', { type: 'server', message }, { shouldFocus: true });
      else form.applyServerError(err, { fallback: usersText.t('toast.createFailed') });
      toast.error(message);
    }
  });

  const typeError = form.errorOf('adminUserType') ?? form.errorOf('investorUserType');
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('create.title')}</DialogTitle>
        <DialogDescription>{t('create.description')}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('create.formLabel')}>
        <p className="rounded-md border border-gold-500/40 bg-gold-100/60 px-3 py-2 text-sm text-ink-900">{t('create.notice')}</p>
        <Field label={t('create.name')} htmlFor="add-user-name" error={form.errorOf('name')} required>
          <Input {...form.field('name', 'add-user-name')} autoComplete="off" required />
        </Field>
        <Field label={t('create.email')} htmlFor="add-user-email" error={form.errorOf('email')} required>
          <Input {...form.field('email', 'add-user-email')} type="email" autoComplete="off" required />
        </Field>
        <Field
          label={t('create.password')}
          htmlFor="add-user-password"
          error={form.errorOf('password')}
          hint={t('create.passwordHint', { policy: policyHint(policy, MIN_PASSWORD_LENGTH) })}
          required
        >
          <Input {...form.field('password', 'add-user-password', { hint: true })} type="password" autoComplete="new-password" required />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('create.role')} htmlFor="add-user-role" error={form.errorOf('role')} required>
            <NativeSelect
              {...form.field('role', 'add-user-role')}
              options={[
                { value: 'admin', label: enumLabel('role', 'admin') },
                { value: 'investor', label: enumLabel('role', 'investor') },
              ]}
            />
          </Field>
          <Field label={t('create.userType')} htmlFor="add-user-type" error={typeError} required>
            <NativeSelect
              key={typeKey}
              {...form.register(typeKey)}
              {...fieldProps('add-user-type', typeError)}
              options={typeOptions(role)}
            />
          </Field>
        </div>
        <FormError>{form.formError}</FormError>
        <DialogActions submit={t('create.submit')} busyLabel={t('create.busy')} cancel={t('cancel')} busy={form.busy} />
      </form>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Edit User
// ---------------------------------------------------------------------------------------------

export function EditUserForm({ user, isSelf, onDone, onDirtyChange }: FormProps & { user: ManagedUser; isSelf: boolean }) {
  const { t } = usersText.useT();
  const update = useUpdateUser();
  const { refresh, user: me } = useAuth();
  const form = useZodForm(updateUserInput, {
    defaultValues: { name: user.name, status: user.status, userType: user.userType ?? (user.role === 'admin' ? 'founder' : 'hni') },
    guardUnsaved: true,
  });
  useReportDirty(form.formState.isDirty, onDirtyChange);

  const submit = form.handleSubmit(async (v) => {
    const patch: UpdateUserInput = {};
    if (v.name !== undefined && v.name !== user.name) patch.name = v.name;
    if (!isSelf && v.status !== undefined && v.status !== user.status) patch.status = v.status as AccountStatus;
    if (v.userType !== undefined && v.userType !== user.userType) patch.userType = v.userType as UserType;
    try {
      await update.mutateAsync({ id: user.id, patch });
      toast.success(usersText.t('toast.updated'));
      if (isSelf && patch.name) void refresh();
      onDone();
    } catch (err) {
      form.applyServerError(err, { fallback: usersText.t('toast.updateFailed') });
      toast.error(usersText.t('toast.updateFailed'), { description: serverMessage(err) });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('edit.title')}</DialogTitle>
        <DialogDescription>{t(`edit.description.${user.role}`, { name: user.name })}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('edit.formLabel')}>
        <Field label={t('edit.name')} htmlFor="edit-user-name" error={form.errorOf('name')} required>
          <Input {...form.field('name', 'edit-user-name')} autoComplete="off" required />
        </Field>
        <Field
          label={t('edit.email')}
          htmlFor="edit-user-email"
          hint={
            me?.role === 'admin' && me.userType === 'founder' && user.role === 'admin' ? t('edit.emailHintFounder') : t('edit.emailHint')
          }
        >
          <Input {...fieldProps('edit-user-email', undefined, true)} value={emailText(user)} readOnly disabled />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('edit.status')}
            htmlFor="edit-user-status"
            error={form.errorOf('status')}
            hint={isSelf ? t('edit.selfStatusHint') : undefined}
          >
            <NativeSelect
              {...form.field('status', 'edit-user-status', { hint: isSelf })}
              disabled={isSelf}
              options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: enumLabel('accountStatus', s) }))}
            />
          </Field>
          <Field label={t('edit.userType')} htmlFor="edit-user-type" error={form.errorOf('userType')}>
            <NativeSelect {...form.field('userType', 'edit-user-type')} options={typeOptions(user.role)} />
          </Field>
        </div>
        <FormError>{form.formError}</FormError>
        <DialogActions submit={t('edit.submit')} busyLabel={t('edit.busy')} cancel={t('cancel')} busy={form.busy} />
      </form>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Change E-mail (a founder, for an administrator; decision record 028)
// ---------------------------------------------------------------------------------------------

export function ChangeEmailForm({ user, onDone, onDirtyChange }: FormProps & { user: ManagedUser }) {
  const { t } = usersText.useT();
  const request = useRequestEmailChange();
  const form = useZodForm(emailChangeInput, { defaultValues: { email: '' }, guardUnsaved: true });
  useReportDirty(form.formState.isDirty, onDirtyChange);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const { pendingEmail } = await request.mutateAsync({ id: user.id, email });
      toast.success(usersText.t('toast.emailChangeSent', { email: pendingEmail }), {
        description: usersText.t('toast.emailChangeSentDetail'),
      });
      onDone();
    } catch (err) {
      form.applyServerError(err, { fallback: usersText.t('toast.emailChangeFailed') });
      toast.error(usersText.t('toast.emailChangeFailed'), { description: serverMessage(err) });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('changeEmail.title')}</DialogTitle>
        <DialogDescription>{t('changeEmail.description', { name: user.name })}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('changeEmail.formLabel')}>
        <Field label={t('changeEmail.current')} htmlFor="change-email-current">
          <Input {...fieldProps('change-email-current', undefined, false)} value={emailText(user)} readOnly disabled dir="ltr" />
        </Field>
        <Field label={t('changeEmail.new')} htmlFor="change-email-new" error={form.errorOf('email')} required>
          <Input {...form.field('email', 'change-email-new')} type="email" autoComplete="off" dir="ltr" required />
        </Field>
        <FormError>{form.formError}</FormError>
        <DialogActions submit={t('changeEmail.submit')} busyLabel={t('changeEmail.busy')} cancel={t('cancel')} busy={form.busy} />
      </form>
    </>
  );
}
