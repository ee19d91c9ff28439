import { Check, Copy, KeyRound, MoreHorizontal, Pencil, RotateCw, Search, ShieldOff, Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  ADMIN_USER_TYPES,
  type AdminUserType,
  INVESTOR_USER_TYPES,
  type InvestorUserType,
  MIN_PASSWORD_LENGTH,
  type Role,
  USER_TYPE_LABELS,
  type UserType,
} from '../../../shared/constants';
import { formatDate, formatDateTime } from '../../../shared/format';
import { createUserInput, type ManagedUser, statusTone, type UpdateUserInput, USER_MESSAGES } from '../../../shared/users';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Field, fieldProps } from '../../components/ui/field';
import { FilterSummary } from '../../components/ui/filter-summary';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { policyHint, usePasswordPolicy } from '../../lib/password-policy';
import { useUrlState } from '../../lib/url-state';
import { serverMessage, useCreateUser, useDeleteUser, useResetPassword, useUpdateUser, useUsers } from './api';

// ---------------------------------------------------------------------------------------------
// Labels and helpers
// ---------------------------------------------------------------------------------------------

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', investor: 'Investor' };
const STATUS_LABELS: Record<AccountStatus, string> = { pending: 'Pending', active: 'Active', suspended: 'Suspended' };

const ROLE_FILTERS = [
  { value: 'all', label: 'All roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'investor', label: 'Investor' },
] as const;
const STATUS_FILTERS = [{ value: 'all', label: 'All statuses' }, ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

const typeOptions = (role: Role) =>
  (role === 'admin' ? ADMIN_USER_TYPES : INVESTOR_USER_TYPES).map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }));

const userTypeLabel = (u: ManagedUser) => (u.userType ? USER_TYPE_LABELS[u.userType] : '—');
const emailText = (u: ManagedUser) => u.email ?? USER_MESSAGES.emailMissing;

function StatusBadge({ status }: { status: AccountStatus }) {
  return <Badge tone={statusTone(status)}>{STATUS_LABELS[status]}</Badge>;
}

/** First error message per field of a zod result. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errs: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errs[key] ??= issue.message;
  }
  return errs;
}

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
function showTemporaryPassword(token: string) {
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

/** Placeholder widths per column while the list loads (the header stays, so nothing shifts). */
const SKELETON_WIDTHS = [
  ['name', '10rem'],
  ['email', '13rem'],
  ['role', '4rem'],
  ['type', '5rem'],
  ['status', '4rem'],
  ['login', '7rem'],
  ['created', '5rem'],
  ['actions', '2rem'],
] as const;

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'reset'; user: ManagedUser }
  | { kind: 'delete'; user: ManagedUser }
  | null;

type OpenDialog = (state: Exclude<DialogState, null | { kind: 'create' }>, returnFocusTo: HTMLElement | null) => void;

// ---------------------------------------------------------------------------------------------
// Page
// ---------------------------------------------------------------------------------------------

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
        <Field label="Search users" htmlFor={`${uid}-search`} className="col-span-2 lg:col-span-1">
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <Input
              ref={searchRef}
              id={`${uid}-search`}
              type="search"
              placeholder="Name or email"
              autoComplete="off"
              value={search}
              onChange={(e) => setSearch(e.target.value, { replace: true })}
              className="pl-9"
            />
          </div>
        </Field>
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
        <div className="rounded-lg border border-border bg-surface p-8 text-center">
          <p role="alert" className="font-medium text-danger-700">
            {USER_MESSAGES.loadFailed}
          </p>
          <p className="mt-1 text-sm text-muted">{serverMessage(users.error) ?? 'Check your connection, then try again.'}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void users.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          {/* Tablet and desktop: the table. */}
          <div className="hidden md:block">
            <Table aria-label="Users" aria-busy={users.isPending || undefined}>
              <THead>
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
              </THead>
              <TBody>
                {users.isPending ? (
                  [0, 1, 2, 3, 4].map((i) => (
                    <tr key={i} data-testid="user-row-skeleton">
                      {SKELETON_WIDTHS.map(([col, w]) => (
                        <TD key={col}>
                          <div className="h-4 animate-pulse rounded bg-ink-100/80" style={{ width: w }} />
                        </TD>
                      ))}
                    </tr>
                  ))
                ) : visible.length === 0 ? (
                  <EmptyRow colSpan={8}>
                    <EmptyText filtered={filtered} onClear={clearFilters} />
                  </EmptyRow>
                ) : (
                  visible.map((u) => <UserRow key={u.id} {...rowProps(u)} />)
                )}
              </TBody>
            </Table>
          </div>

          {/* Phones: one card per user. */}
          <div className="md:hidden">
            {users.isPending ? (
              <div className="flex flex-col gap-3" aria-hidden="true">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="h-36 animate-pulse rounded-lg border border-border bg-ink-100/60" />
                ))}
              </div>
            ) : visible.length === 0 ? (
              <div className="rounded-lg border border-dashed border-border bg-surface px-4 py-8 text-center text-sm text-muted">
                <EmptyText filtered={filtered} onClear={clearFilters} />
              </div>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Users">
                {visible.map((u) => (
                  <UserCard key={u.id} {...rowProps(u)} />
                ))}
              </ul>
            )}
          </div>
        </>
      )}

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
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
            {dialog.kind === 'create' && <CreateUserForm onDone={() => setDialog(null)} />}
            {dialog.kind === 'edit' && (
              <EditUserForm key={dialog.user.id} user={dialog.user} isSelf={dialog.user.id === me?.id} onDone={() => setDialog(null)} />
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

function EmptyText({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (!filtered) return <p>No users yet.</p>;
  return (
    <div className="flex flex-col items-center gap-3">
      <p>No users match your search and filters.</p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Rows, cards and the row menu
// ---------------------------------------------------------------------------------------------

interface RowProps {
  user: ManagedUser;
  isSelf: boolean;
  busy: boolean;
  onOpen: OpenDialog;
  onStatus: (next: AccountStatus) => void;
}

function NameCell({ user, isSelf }: { user: ManagedUser; isSelf: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-medium break-words text-ink-900">{user.name}</span>
      {isSelf && <Badge tone="info">You</Badge>}
    </span>
  );
}

function EmailText({ user }: { user: ManagedUser }) {
  return user.email ? (
    <span className="[overflow-wrap:anywhere]">{user.email}</span>
  ) : (
    <span className="text-muted italic">{USER_MESSAGES.emailMissing}</span>
  );
}

/** The actions column stays in view when the table scrolls sideways (tablets, long e-mails). */
const STICKY_CELL = 'sticky right-0 z-[1] w-12 border-l border-border/60 px-1.5';

/** Date on one line, time below it (keeps the table narrow). */
function LastLogin({ value }: { value: string | null }) {
  if (!value) return <>Never</>;
  const [date, time] = formatDateTime(value).split(', ');
  return (
    <>
      <span className="block">{date}</span>
      {time && <span className="block text-xs text-muted">{time}</span>}
    </>
  );
}

function UserRow(props: RowProps) {
  const { user: u, isSelf } = props;
  return (
    <TR data-testid="user-row" data-user-id={u.id}>
      <TD className="min-w-32">
        <NameCell user={u} isSelf={isSelf} />
      </TD>
      <TD className="min-w-56">
        <EmailText user={u} />
      </TD>
      <TD>{ROLE_LABELS[u.role]}</TD>
      <TD className="whitespace-nowrap">{userTypeLabel(u)}</TD>
      <TD>
        <StatusBadge status={u.status} />
      </TD>
      <TD className="tabular whitespace-nowrap">
        <LastLogin value={u.lastLogin} />
      </TD>
      <TD className="tabular whitespace-nowrap">{formatDate(u.createdAt)}</TD>
      <TD className={`${STICKY_CELL} bg-surface py-1.5 text-right`}>
        <RowActions {...props} />
      </TD>
    </TR>
  );
}

function UserCard(props: RowProps) {
  const { user: u, isSelf } = props;
  return (
    <li className="rounded-lg border border-border bg-surface p-4 shadow-sm" data-testid="user-card" data-user-id={u.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <NameCell user={u} isSelf={isSelf} />
          <p className="mt-0.5 text-sm text-muted">
            <EmailText user={u} />
          </p>
        </div>
        <RowActions {...props} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-muted">Role</dt>
          <dd className="font-medium text-ink-900">{ROLE_LABELS[u.role]}</dd>
        </div>
        <div>
          <dt className="text-muted">User Type</dt>
          <dd className="font-medium text-ink-900">{userTypeLabel(u)}</dd>
        </div>
        <div>
          <dt className="text-muted">Status</dt>
          <dd>
            <StatusBadge status={u.status} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">Created</dt>
          <dd className="tabular font-medium text-ink-900">{formatDate(u.createdAt)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">Last Login</dt>
          <dd className="tabular font-medium text-ink-900">{u.lastLogin ? formatDateTime(u.lastLogin) : 'Never'}</dd>
        </div>
      </dl>
    </li>
  );
}

function RowActions({ user: u, isSelf, busy, onOpen, onStatus }: RowProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon" aria-label={`Actions for ${u.name}`} busy={busy}>
          {!busy && <MoreHorizontal aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="max-w-64 truncate">{u.name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onOpen({ kind: 'edit', user: u }, trigger.current)}>
          <Pencil aria-hidden="true" /> Edit
        </DropdownMenuItem>
        {u.status !== 'active' && (
          <DropdownMenuItem onSelect={() => onStatus('active')}>
            <Check aria-hidden="true" /> Approve &amp; Activate
          </DropdownMenuItem>
        )}
        {u.status !== 'suspended' && !isSelf && (
          <DropdownMenuItem onSelect={() => onStatus('suspended')}>
            <ShieldOff aria-hidden="true" /> Suspend
          </DropdownMenuItem>
        )}
        {isSelf ? (
          // Resetting one's own password would end this very session: change it instead.
          <DropdownMenuItem onSelect={() => navigate('/change-password')}>
            <KeyRound aria-hidden="true" /> Change My Password
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onOpen({ kind: 'reset', user: u }, trigger.current)}>
            <KeyRound aria-hidden="true" /> Reset Password
          </DropdownMenuItem>
        )}
        {!isSelf && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => onOpen({ kind: 'delete', user: u }, trigger.current)}>
              <Trash2 aria-hidden="true" /> Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// ---------------------------------------------------------------------------------------------
// Add Admin User
// ---------------------------------------------------------------------------------------------

interface CreateForm {
  name: string;
  email: string;
  password: string;
  role: Role;
  adminUserType: AdminUserType;
  investorUserType: InvestorUserType;
}

const EMPTY_CREATE: CreateForm = { name: '', email: '', password: '', role: 'admin', adminUserType: 'founder', investorUserType: 'hni' };

function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
      {children}
    </p>
  );
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const policy = usePasswordPolicy();
  const create = useCreateUser();
  const [form, setForm] = useState<CreateForm>(EMPTY_CREATE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const typeKey = form.role === 'admin' ? 'adminUserType' : 'investorUserType';

  function set<K extends keyof CreateForm>(key: K, value: CreateForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key] || errors.form) setErrors(({ [key]: _, form: _f, ...rest }) => rest);
  }

  function focusFirst(errs: Record<string, string>) {
    const order = ['name', 'email', 'password', 'role', 'adminUserType', 'investorUserType'];
    const first = order.find((k) => errs[k]);
    if (first) document.getElementById(id(first === 'adminUserType' || first === 'investorUserType' ? 'type' : first))?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    const parsed = createUserInput.safeParse(form);
    if (!parsed.success) {
      const errs = issuesToErrors(parsed.error.issues);
      setErrors(errs);
      focusFirst(errs);
      return;
    }
    setErrors({});
    try {
      const user = await create.mutateAsync({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        role: form.role,
        ...(form.role === 'admin' ? { adminUserType: form.adminUserType } : { investorUserType: form.investorUserType }),
      });
      toast.success(USER_MESSAGES.created, { description: `${user.name} can sign in with the password you set.` });
      onDone();
    } catch (err) {
      const message = serverMessage(err);
      if (err instanceof ApiError && err.status === 409) {
        const errs = { email: message ?? USER_MESSAGES.createFailed };
        setErrors(errs);
        focusFirst(errs);
      } else if (err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0) {
        setErrors(err.fields);
        focusFirst(err.fields);
      } else {
        setErrors({ form: message ?? USER_MESSAGES.createFailed });
      }
      toast.error(message ?? USER_MESSAGES.createFailed);
    }
  }

  const typeError = errors.adminUserType ?? errors.investorUserType;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add Admin User</DialogTitle>
        <DialogDescription>Create an administrator or investor account. It is active at once.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Add user">
        <p className="rounded-md border border-gold-500/40 bg-gold-100/60 px-3 py-2 text-sm text-ink-900">
          Only administrators can create admin accounts. The new user must change this password at their first sign-in.
        </p>
        <Field label="Name" htmlFor={id('name')} error={errors.name} required>
          <Input
            {...fieldProps(id('name'), errors.name)}
            autoComplete="off"
            required
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <Field label="Email" htmlFor={id('email')} error={errors.email} required>
          <Input
            {...fieldProps(id('email'), errors.email)}
            type="email"
            autoComplete="off"
            required
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
        <Field
          label="Password"
          htmlFor={id('password')}
          error={errors.password}
          hint={`${policyHint(policy, MIN_PASSWORD_LENGTH)} Share it with the user securely.`}
          required
        >
          <Input
            {...fieldProps(id('password'), errors.password, true)}
            type="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Role" htmlFor={id('role')} error={errors.role} required>
            <NativeSelect
              {...fieldProps(id('role'), errors.role)}
              value={form.role}
              onChange={(e) => set('role', e.target.value as Role)}
              options={[
                { value: 'admin', label: 'Admin' },
                { value: 'investor', label: 'Investor' },
              ]}
            />
          </Field>
          <Field label="User Type" htmlFor={id('type')} error={typeError} required>
            <NativeSelect
              {...fieldProps(id('type'), typeError)}
              value={form[typeKey]}
              onChange={(e) =>
                form.role === 'admin'
                  ? set('adminUserType', e.target.value as AdminUserType)
                  : set('investorUserType', e.target.value as InvestorUserType)
              }
              options={typeOptions(form.role)}
            />
          </Field>
        </div>
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" busy={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create User'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Edit User
// ---------------------------------------------------------------------------------------------

function EditUserForm({ user, isSelf, onDone }: { user: ManagedUser; isSelf: boolean; onDone: () => void }) {
  const update = useUpdateUser();
  const { refresh } = useAuth();
  const [name, setName] = useState(user.name);
  const [status, setStatus] = useState<AccountStatus>(user.status);
  const [userType, setUserType] = useState<UserType>(user.userType ?? (user.role === 'admin' ? 'founder' : 'hni'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    if (name.trim() === '') {
      setErrors({ name: 'Name is required' });
      document.getElementById(id('name'))?.focus();
      return;
    }
    setErrors({});
    const patch: UpdateUserInput = {};
    if (name.trim() !== user.name) patch.name = name.trim();
    if (status !== user.status) patch.status = status;
    if (userType !== user.userType) patch.userType = userType;
    try {
      await update.mutateAsync({ id: user.id, patch });
      toast.success(USER_MESSAGES.updated);
      if (isSelf && patch.name) void refresh();
      onDone();
    } catch (err) {
      const message = serverMessage(err);
      if (err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else setErrors({ form: message ?? USER_MESSAGES.updateFailed });
      toast.error(USER_MESSAGES.updateFailed, { description: message });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>
          Change {user.name}'s name, status or {ROLE_LABELS[user.role].toLowerCase()} type.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Edit user">
        <Field label="Name" htmlFor={id('name')} error={errors.name} required>
          <Input
            {...fieldProps(id('name'), errors.name)}
            autoComplete="off"
            required
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (errors.name) setErrors(({ name: _, ...rest }) => rest);
            }}
          />
        </Field>
        <Field label="Email" htmlFor={id('email')} hint="The e-mail address cannot be changed.">
          <Input {...fieldProps(id('email'), undefined, true)} value={emailText(user)} readOnly disabled />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Status"
            htmlFor={id('status')}
            error={errors.status}
            hint={isSelf ? 'You cannot change your own status.' : undefined}
          >
            <NativeSelect
              {...fieldProps(id('status'), errors.status, isSelf)}
              value={status}
              disabled={isSelf}
              onChange={(e) => setStatus(e.target.value as AccountStatus)}
              options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
          </Field>
          <Field label="User Type" htmlFor={id('type')} error={errors.userType}>
            <NativeSelect
              {...fieldProps(id('type'), errors.userType)}
              value={userType}
              onChange={(e) => setUserType(e.target.value as UserType)}
              options={typeOptions(user.role)}
            />
          </Field>
        </div>
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" busy={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Reset password and delete confirmations
// ---------------------------------------------------------------------------------------------

function ResetPasswordConfirm({ user, onDone }: { user: ManagedUser; onDone: () => void }) {
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
      {reset.isError && <FormAlert>{serverMessage(reset.error) ?? USER_MESSAGES.resetFailed}</FormAlert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button onClick={() => void confirm()} busy={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </DialogFooter>
    </>
  );
}

function DeleteUserConfirm({
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
      {failure && <FormAlert>{serverMessage(failure) ?? USER_MESSAGES.deleteFailed}</FormAlert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        {canSuspendInstead && (
          <Button type="button" variant="secondary" onClick={() => onSuspendInstead(user)}>
            <ShieldOff aria-hidden="true" />
            Suspend Instead
          </Button>
        )}
        <Button variant="danger" onClick={() => void confirm()} busy={remove.isPending}>
          {!remove.isPending && <Trash2 aria-hidden="true" />}
          {remove.isPending ? 'Deleting...' : 'Delete User'}
        </Button>
      </DialogFooter>
    </>
  );
}
