import { UserPlus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ACCOUNT_STATUSES, type AccountStatus, type Role } from '../../../shared/constants';
import { type ManagedUser, USER_MESSAGES } from '../../../shared/users';
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
import { toast } from '../../lib/toast';
import { useUrlState } from '../../lib/url-state';
import { serverMessage, useUpdateUser, useUsers } from './api';
import { DeleteUserConfirm, ResetPasswordConfirm } from './user-confirms';
import { CreateUserForm, EditUserForm } from './user-forms';
import { type DialogState, type OpenDialog, STATUS_LABELS, STICKY_CELL, UserCard, UserRow } from './user-list';

const ROLE_FILTERS = [
  { value: 'all', label: 'All roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'investor', label: 'Investor' },
] as const;
const STATUS_FILTERS = [{ value: 'all', label: 'All statuses' }, ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

/** Placeholder widths per column while the list loads (the header stays, so nothing shifts). */
const SKELETON_WIDTHS = ['10rem', '13rem', '4rem', '5rem', '4rem', '7rem', '5rem', '2rem'];

/** User Management (/admin/users): all accounts with search and filters, a row menu and dialogs. */
export default function UserManagementPage() {
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
    if (users.isError) toast.error(USER_MESSAGES.loadFailed, { id: 'users-load-failed', description: serverMessage(users.error) });
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
      toast.success(USER_MESSAGES.statusUpdated, { description: `${u.name} is now ${STATUS_LABELS[next].toLowerCase()}.` });
    } catch (err) {
      toast.error(USER_MESSAGES.statusFailed, { description: serverMessage(err) });
    }
  }

  const rowProps = (u: ManagedUser) => ({
    user: u,
    isSelf: u.id === me?.id,
    busy: updateUser.isPending && updateUser.variables?.id === u.id,
    onOpen: openDialog,
    onStatus: (next: AccountStatus) => void changeStatus(u, next),
  });

  // Never 'Loading users...' above 'Failed to load users': a failed load says so.
  const countText = users.data
    ? `Showing ${visible.length} of ${all.length} user${all.length === 1 ? '' : 's'}`
    : users.isError
      ? 'Users unavailable'
      : 'Loading users...';

  return (
    <>
      <PageHeader
        title="User Management"
        description="Administrator and investor accounts: approve sign-ups, change access, reset passwords."
        actions={
          <Button
            onClick={(e) => {
              returnFocus.current = e.currentTarget;
              setDialog({ kind: 'create' });
            }}
          >
            <UserPlus aria-hidden="true" />
            Add Admin User
          </Button>
        }
      />

      <search className="mb-3 grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_12rem]" aria-label="Filter users">
        <SearchField
          ref={searchRef}
          id={`${uid}-search`}
          label="Search users"
          placeholder="Name or email"
          value={search}
          onChange={(v) => setSearch(v, { replace: true })}
          className="col-span-2 lg:col-span-1"
        />
        <Field label="Role" htmlFor={`${uid}-role`}>
          <NativeSelect id={`${uid}-role`} value={role} onChange={(e) => setRole(e.target.value as typeof role)} options={ROLE_FILTERS} />
        </Field>
        <Field label="Status" htmlFor={`${uid}-status`}>
          <NativeSelect
            id={`${uid}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            options={STATUS_FILTERS}
          />
        </Field>
      </search>

      <FilterSummary text={countText} filtered={filtered} onClear={clearFilters} testId="users-count" />

      {users.isError && !users.data ? (
        <LoadError title={USER_MESSAGES.loadFailed} error={users.error} onRetry={() => void users.refetch()} busy={users.isFetching} />
      ) : (
        <DataList
          label="Users"
          items={visible}
          loading={users.isPending}
          getKey={(u) => u.id}
          skeletonWidths={SKELETON_WIDTHS}
          skeletonRows={5}
          skeletonTestId="user-row-skeleton"
          cardSkeletonClass="h-36"
          head={
            <tr>
              <TH>Name</TH>
              <TH>Email</TH>
              <TH>Role</TH>
              <TH>User Type</TH>
              <TH>Status</TH>
              <TH>Last Login</TH>
              <TH>Created</TH>
              <TH className={`${STICKY_CELL} bg-ink-50`}>
                <span className="sr-only">Actions</span>
              </TH>
            </tr>
          }
          row={(u) => <UserRow {...rowProps(u)} />}
          card={(u) => <UserCard {...rowProps(u)} />}
          empty={
            <EmptyState
              filtered={filtered}
              onClear={clearFilters}
              empty="No users yet."
              noMatch="No users match your search and filters."
            />
          }
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
