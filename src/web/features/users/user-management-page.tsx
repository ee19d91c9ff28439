import { UserPlus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ACCOUNT_STATUSES, type AccountStatus, type Role } from '../../../shared/constants';
import type { ManagedUser } from '../../../shared/users';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { DataList } from '../../components/ui/data-list';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { FilterSummary } from '../../components/ui/filter-summary';
import { LoadError } from '../../components/ui/load-error';
import { SearchField } from '../../components/ui/search-field';
import { NativeSelect } from '../../components/ui/select';
import { TH } from '../../components/ui/table';
import { useDialogGuard } from '../../components/ui/unsaved-dialog';
import { useAuth } from '../../lib/auth-context';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useUrlState } from '../../lib/url-state';
import { serverMessage, useUpdateUser, useUsers } from './api';
import { usersText } from './i18n';
import { DeleteUserConfirm, ResetPasswordConfirm } from './user-confirms';
import { ChangeEmailForm, CreateUserForm, EditUserForm } from './user-forms';
import { type DialogState, type OpenDialog, STICKY_CELL, UserCard, UserRow } from './user-list';

/** Placeholder widths per column while the list loads (the header stays, so nothing shifts). */
const SKELETON_WIDTHS = ['10rem', '13rem', '4rem', '5rem', '4rem', '7rem', '5rem', '2rem'];

/** User Management (/admin/users): all accounts with search and filters, a row menu and dialogs. */
export default function UserManagementPage() {
  const { t } = usersText.useT();
  const users = useUsers();
  const { user: me } = useAuth();
  const updateUser = useUpdateUser();
  // Search and filters live in the URL: a refresh or Back keeps them.
  const [search, setSearch] = useUrlState<string>('q', '');
  const [role, setRole] = useUrlState<'all' | Role>('role', 'all', ['all', 'admin', 'investor']);
  const [status, setStatus] = useUrlState<'all' | AccountStatus>('status', 'all', ['all', ...ACCOUNT_STATUSES]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const uid = useId();
  // A dirty Add or Edit form asks before the dialog closes.
  const guard = useDialogGuard();

  // 'Failed to load users' once per failed load (also when a background refresh fails).
  useEffect(() => {
    if (users.isError) toast.error(usersText.t('toast.loadFailed'), { id: 'users-load-failed', description: serverMessage(users.error) });
  }, [users.isError, users.error]);

  const all = users.data ?? [];
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (users.data ?? []).filter(
      (u) =>
        (role === 'all' || u.role === role) &&
        (status === 'all' || u.status === status) &&
        (q === '' || u.name.toLowerCase().includes(q) || (u.email ?? '').toLowerCase().includes(q)),
    );
  }, [users.data, search, role, status]);
  const filtered = search.trim() !== '' || role !== 'all' || status !== 'all';

  const openDialog: OpenDialog = (state, returnFocusTo) => {
    returnFocus.current = returnFocusTo;
    setDialog(state);
  };

  function clearFilters() {
    // One history entry for the whole reset.
    setSearch('');
    setRole('all', { replace: true });
    setStatus('all', { replace: true });
    searchRef.current?.focus();
  }

  async function changeStatus(u: ManagedUser, next: AccountStatus) {
    try {
      await updateUser.mutateAsync({ id: u.id, patch: { status: next } });
      toast.success(usersText.t('toast.statusUpdated'), { description: usersText.t(`toast.statusNow.${next}`, { name: u.name }) });
    } catch (err) {
      toast.error(usersText.t('toast.statusFailed'), { description: serverMessage(err) });
    }
  }

  const rowProps = (u: ManagedUser) => ({
    user: u,
    isSelf: u.id === me?.id,
    canChangeEmail: me?.role === 'admin' && me.userType === 'founder' && u.role === 'admin',
    busy: updateUser.isPending && updateUser.variables?.id === u.id,
    onOpen: openDialog,
    onStatus: (next: AccountStatus) => void changeStatus(u, next),
  });

  // Never 'Loading users...' above 'Failed to load users': a failed load says so.
  const countText = users.data
    ? t('count.showing', { visible: visible.length, count: all.length })
    : users.isError
      ? t('count.unavailable')
      : t('count.loading');
  const roleFilters = [
    { value: 'all', label: t('filter.allRoles') },
    { value: 'admin', label: enumLabel('role', 'admin') },
    { value: 'investor', label: enumLabel('role', 'investor') },
  ];
  const statusFilters = [
    { value: 'all', label: t('filter.allStatuses') },
    ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: enumLabel('accountStatus', s) })),
  ];

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <Button
            onClick={(e) => {
              returnFocus.current = e.currentTarget;
              setDialog({ kind: 'create' });
            }}
          >
            <UserPlus aria-hidden="true" />
            {t('page.add')}
          </Button>
        }
      />

      <search className="mb-3 grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_12rem]" aria-label={t('filter.label')}>
        <SearchField
          ref={searchRef}
          id={`${uid}-search`}
          label={t('filter.search')}
          placeholder={t('filter.searchPlaceholder')}
          value={search}
          onChange={(v) => setSearch(v, { replace: true })}
          className="col-span-2 lg:col-span-1"
        />
        <Field label={t('filter.role')} htmlFor={`${uid}-role`}>
          <NativeSelect id={`${uid}-role`} value={role} onChange={(e) => setRole(e.target.value as typeof role)} options={roleFilters} />
        </Field>
        <Field label={t('filter.status')} htmlFor={`${uid}-status`}>
          <NativeSelect
            id={`${uid}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            options={statusFilters}
          />
        </Field>
      </search>

      <FilterSummary text={countText} filtered={filtered} onClear={clearFilters} testId="users-count" />

      {users.isError && !users.data ? (
        <LoadError title={t('toast.loadFailed')} error={users.error} onRetry={() => void users.refetch()} busy={users.isFetching} />
      ) : (
        <DataList
          label={t('list.label')}
          items={visible}
          loading={users.isPending}
          getKey={(u) => u.id}
          skeletonWidths={SKELETON_WIDTHS}
          skeletonRows={5}
          skeletonTestId="user-row-skeleton"
          cardSkeletonClass="h-36"
          head={
            <tr>
              <TH>{t('column.name')}</TH>
              <TH>{t('column.email')}</TH>
              <TH>{t('column.role')}</TH>
              <TH>{t('column.userType')}</TH>
              <TH>{t('column.status')}</TH>
              <TH>{t('column.lastLogin')}</TH>
              <TH>{t('column.created')}</TH>
              <TH className={`${STICKY_CELL} bg-ink-50`}>
                <span className="sr-only">{t('column.actions')}</span>
              </TH>
            </tr>
          }
          row={(u) => <UserRow {...rowProps(u)} />}
          card={(u) => <UserCard {...rowProps(u)} />}
          empty={<EmptyState filtered={filtered} onClear={clearFilters} empty={t('list.empty')} noMatch={t('list.noMatch')} />}
        />
      )}

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && guard.confirmClose() && setDialog(null)}>
        {dialog && (
          <DialogContent
            size={dialog.kind === 'create' || dialog.kind === 'edit' ? 'md' : 'sm'}
            onCloseAutoFocus={(e) => {
              const el = returnFocus.current;
              if (el?.isConnected) {
                e.preventDefault();
                el.focus();
              } else if (searchRef.current) {
                e.preventDefault();
                searchRef.current.focus();
              }
            }}
          >
            {dialog.kind === 'create' && <CreateUserForm onDone={() => setDialog(null)} onDirtyChange={guard.setDirty} />}
            {dialog.kind === 'edit' && (
              <EditUserForm
                key={dialog.user.id}
                user={dialog.user}
                isSelf={dialog.user.id === me?.id}
                onDone={() => setDialog(null)}
                onDirtyChange={guard.setDirty}
              />
            )}
            {dialog.kind === 'email' && (
              <ChangeEmailForm key={dialog.user.id} user={dialog.user} onDone={() => setDialog(null)} onDirtyChange={guard.setDirty} />
            )}
            {dialog.kind === 'reset' && <ResetPasswordConfirm user={dialog.user} onDone={() => setDialog(null)} />}
            {dialog.kind === 'delete' && (
              <DeleteUserConfirm
                user={dialog.user}
                onDone={() => setDialog(null)}
                onSuspendInstead={(u) => {
                  setDialog(null);
                  void changeStatus(u, 'suspended');
                }}
              />
            )}
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
