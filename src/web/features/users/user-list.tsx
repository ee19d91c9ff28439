import { AtSign, Check, KeyRound, MoreHorizontal, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { type AccountStatus, ADMIN_USER_TYPES, INVESTOR_USER_TYPES, type Role } from '../../../shared/constants';
import { formatDate, formatDateTimeZoned } from '../../../shared/format';
import { type ManagedUser, statusTone } from '../../../shared/users';
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
import { enumLabel } from '../../lib/i18n';
import { usersText } from './i18n';

/** Called at render time: the labels follow the language. */
export const typeOptions = (role: Role) =>
  (role === 'admin' ? ADMIN_USER_TYPES : INVESTOR_USER_TYPES).map((t) => ({ value: t, label: enumLabel('userType', t) }));

const userTypeLabel = (u: ManagedUser) => (u.userType ? enumLabel('userType', u.userType) : '—');
export const emailText = (u: ManagedUser) => u.email ?? usersText.t('emailMissing');

function StatusBadge({ status }: { status: AccountStatus }) {
  return <Badge tone={statusTone(status)}>{enumLabel('accountStatus', status)}</Badge>;
}

export type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'reset'; user: ManagedUser }
  | { kind: 'delete'; user: ManagedUser }
  | { kind: 'email'; user: ManagedUser }
  | null;

export type OpenDialog = (state: Exclude<DialogState, null | { kind: 'create' }>, returnFocusTo: HTMLElement | null) => void;

export interface RowProps {
  user: ManagedUser;
  isSelf: boolean;
  busy: boolean;
  /** A founder looking at an administrator: the address can be changed (by a confirmed link). */
  canChangeEmail: boolean;
  onOpen: OpenDialog;
  onStatus: (next: AccountStatus) => void;
}

function NameCell({ user, isSelf }: { user: ManagedUser; isSelf: boolean }) {
  const { t } = usersText.useT();
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <bdi className="font-medium break-words text-ink-900">{user.name}</bdi>
      {isSelf && <Badge tone="info">{t('row.you')}</Badge>}
    </span>
  );
}

function EmailText({ user }: { user: ManagedUser }) {
  const { t } = usersText.useT();
  return user.email ? (
    <bdi className="[overflow-wrap:anywhere]">{user.email}</bdi>
  ) : (
    <span className="text-muted italic">{t('emailMissing')}</span>
  );
}

/** The actions column stays in view when the table scrolls sideways (tablets, long e-mails). */
// i18n-ignore (a class list)
export const STICKY_CELL = 'sticky end-0 z-[1] w-12 border-s border-border/60 px-1.5';

/** Date on one line, time below it (keeps the table narrow). */
function LastLogin({ value }: { value: string | null }) {
  const { t } = usersText.useT();
  if (!value) return <>{t('row.never')}</>;
  const [date, time] = formatDateTimeZoned(value).split(', ');
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
      <TD>{enumLabel('role', u.role)}</TD>
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
  const { t } = usersText.useT();
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
          <dt className="text-muted">{t('column.role')}</dt>
          <dd className="font-medium text-ink-900">{enumLabel('role', u.role)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('column.userType')}</dt>
          <dd className="font-medium text-ink-900">{userTypeLabel(u)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('column.status')}</dt>
          <dd>
            <StatusBadge status={u.status} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('column.created')}</dt>
          <dd className="tabular font-medium text-ink-900">{formatDate(u.createdAt)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t('column.lastLogin')}</dt>
          <dd className="tabular font-medium text-ink-900">{u.lastLogin ? formatDateTimeZoned(u.lastLogin) : t('row.never')}</dd>
        </div>
      </dl>
    </li>
  );
}

function RowActions({ user: u, isSelf, busy, canChangeEmail, onOpen, onStatus }: RowProps) {
  const { t } = usersText.useT();
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon" aria-label={t('row.actionsFor', { name: u.name })} busy={busy}>
          {!busy && <MoreHorizontal aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="max-w-64 truncate">
          <bdi>{u.name}</bdi>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onOpen({ kind: 'edit', user: u }, trigger.current)}>
          <Pencil aria-hidden="true" /> {t('row.edit')}
        </DropdownMenuItem>
        {canChangeEmail && (
          <DropdownMenuItem onSelect={() => onOpen({ kind: 'email', user: u }, trigger.current)}>
            <AtSign aria-hidden="true" /> {t('row.changeEmail')}
          </DropdownMenuItem>
        )}
        {u.status !== 'active' && (
          <DropdownMenuItem onSelect={() => onStatus('active')}>
            <Check aria-hidden="true" /> {t('row.activate')}
          </DropdownMenuItem>
        )}
        {u.status !== 'suspended' && !isSelf && (
          <DropdownMenuItem onSelect={() => onStatus('suspended')}>
            <ShieldOff aria-hidden="true" /> {t('row.suspend')}
          </DropdownMenuItem>
        )}
        {isSelf ? (
          // Resetting one's own password would end this very session: change it instead.
          <DropdownMenuItem onSelect={() => navigate('/change-password')}>
            <KeyRound aria-hidden="true" /> {t('row.changeMyPassword')}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onOpen({ kind: 'reset', user: u }, trigger.current)}>
            <KeyRound aria-hidden="true" /> {t('row.resetPassword')}
          </DropdownMenuItem>
        )}
        {!isSelf && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => onOpen({ kind: 'delete', user: u }, trigger.current)}>
              <Trash2 aria-hidden="true" /> {t('row.delete')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
