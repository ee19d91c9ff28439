import { Check, KeyRound, MoreHorizontal, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { type AccountStatus, ADMIN_USER_TYPES, INVESTOR_USER_TYPES, type Role, USER_TYPE_LABELS } from '../../../shared/constants';
import { formatDate, formatDateTime } from '../../../shared/format';
import { type ManagedUser, statusTone, USER_MESSAGES } from '../../../shared/users';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { TD, TR } from '../../components/ui/table';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', investor: 'Investor' };
export const STATUS_LABELS: Record<AccountStatus, string> = { pending: 'Pending', active: 'Active', suspended: 'Suspended' };

export const typeOptions = (role: Role) =>
  (role === 'admin' ? ADMIN_USER_TYPES : INVESTOR_USER_TYPES).map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }));

const userTypeLabel = (u: ManagedUser) => (u.userType ? USER_TYPE_LABELS[u.userType] : '—');
export const emailText = (u: ManagedUser) => u.email ?? USER_MESSAGES.emailMissing;

function StatusBadge({ status }: { status: AccountStatus }) {
  return <Badge tone={statusTone(status)}>{STATUS_LABELS[status]}</Badge>;
}

export type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'reset'; user: ManagedUser }
  | { kind: 'delete'; user: ManagedUser }
  | null;

export type OpenDialog = (state: Exclude<DialogState, null | { kind: 'create' }>, returnFocusTo: HTMLElement | null) => void;

export interface RowProps {
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
export const STICKY_CELL = 'sticky end-0 z-[1] w-12 border-s border-border/60 px-1.5';

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

export function UserRow(props: RowProps) {
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
      <TD className={`${STICKY_CELL} bg-surface py-1.5 text-end`}>
        <RowActions {...props} />
      </TD>
    </TR>
  );
}

export function UserCard(props: RowProps) {
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
