import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { ADMIN_TOKEN_SCOPES, type ApiToken, type CreatedToken, createTokenInput, TOKEN_DEFAULT_DAYS } from '../../../shared/api-tokens';
import { formatDate, formatDateTimeZoned } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { ShownOnceSecret } from '../../components/ui/shown-once-secret';
import { Spinner } from '../../components/ui/spinner';
import { EmptyRow, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { serverMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { toast } from '../../lib/toast';
import { profileText } from './i18n';
import { useCreateToken, useRevokeToken, useTokens, useTwoFactorOn } from './tokens-api';

const EXPIRY_CHOICES = [30, 90, 180, 365] as const;
/** i18next reads ':' as its namespace separator: the catalogue names 'deals:read' as 'deals_read'. */
const scopeKey = <S extends string>(scope: S) => scope.replace(':', '_') as S extends `${infer A}:${infer B}` ? `${A}_${B}` : S;

function tokenState(t: ApiToken): 'active' | 'revoked' | 'expired' {
  if (t.revokedAt) return 'revoked';
  return new Date(t.expiresAt).getTime() <= Date.now() ? 'expired' : 'active';
}

/** Profile: the user's personal access tokens (issue 34): list, create (shown once), revoke. */
export function ApiTokensCard() {
  const { t } = profileText.useT();
  const { user } = useAuth();
  const tokens = useTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const isAdmin = user?.role === 'admin';

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('tokens.title')}</CardTitle>
        <CardDescription>{isAdmin ? t('tokens.descriptionAdmin') : t('tokens.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {tokens.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {t('tokens.loading')}
          </p>
        ) : tokens.isError ? (
          <LoadError title={t('tokens.loadFailed')} error={tokens.error} onRetry={() => void tokens.refetch()} busy={tokens.isFetching} />
        ) : (
          <Table aria-label={t('tokens.table')} maxHeight="none">
            <THead>
              <TR>
                <TH>{t('tokens.column.name')}</TH>
                <TH>{t('tokens.column.scopes')}</TH>
                <TH>{t('tokens.column.expires')}</TH>
                <TH>{t('tokens.column.lastUsed')}</TH>
                <TH>{t('tokens.column.status')}</TH>
                <TH>
                  <span className="sr-only">{t('tokens.column.actions')}</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {tokens.data.length === 0 ? (
                <EmptyRow colSpan={6}>{t('tokens.empty')}</EmptyRow>
              ) : (
                tokens.data.map((token) => <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />)
              )}
            </TBody>
          </Table>
        )}
        <div>
          <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('tokens.new')}
          </Button>
        </div>
        <p className="text-xs text-muted">{t('tokens.docs')}</p>
      </CardContent>

      <Dialog open={creating} onOpenChange={setCreating}>
        {creating && (
          <DialogContent size="md">
            <NewTokenForm
              isAdmin={isAdmin}
              onCreated={(c) => {
                setCreating(false);
                setCreated(c);
              }}
            />
          </DialogContent>
        )}
      </Dialog>
      <Dialog open={created !== null} onOpenChange={(open) => !open && setCreated(null)}>
        {created && (
          <DialogContent size="md">
            <CreatedTokenView created={created} onDone={() => setCreated(null)} />
          </DialogContent>
        )}
      </Dialog>
      <Dialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        {revoking && (
          <DialogContent size="sm">
            <RevokeConfirm token={revoking} onDone={() => setRevoking(null)} />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t } = profileText.useT();
  const state = tokenState(token);
  return (
    <TR>
      <TD className="min-w-36">
        <bdi className="block font-medium text-ink-900">{token.name}</bdi>
        <span className="font-mono text-xs text-muted" dir="ltr">
          {token.hint}…
        </span>
      </TD>
      <TD className="min-w-40 text-sm">{token.scopes.map((s) => t(`tokens.scope.${scopeKey(s)}`)).join('; ')}</TD>
      <TD className="tabular whitespace-nowrap">{formatDate(token.expiresAt.slice(0, 10))}</TD>
      <TD className="tabular text-sm">
        {token.lastUsedAt
          ? t('tokens.usedFrom', { date: formatDateTimeZoned(token.lastUsedAt), ip: token.lastUsedIp ?? '' })
          : t('tokens.never')}
      </TD>
      <TD>
        <Badge tone={state === 'active' ? 'success' : state === 'revoked' ? 'danger' : 'warning'}>{t(`tokens.status.${state}`)}</Badge>
      </TD>
      <TD>
        {state === 'active' && (
          <Button variant="ghost" size="sm" onClick={onRevoke} aria-label={t('tokens.revokeLabel', { name: token.name })}>
            {t('tokens.revoke')}
          </Button>
        )}
      </TD>
    </TR>
  );
}

function NewTokenForm({ isAdmin, onCreated }: { isAdmin: boolean; onCreated: (c: CreatedToken) => void }) {
  const { t } = profileText.useT();
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const twoFactor = useTwoFactorOn();
  const create = useCreateToken();
  const form = useZodForm(createTokenInput, {
    defaultValues: { name: '', expiresInDays: TOKEN_DEFAULT_DAYS, scopes: [], code: '' },
  });
  const [scopeError, setScopeError] = useState<string | undefined>();

  const submit = form.handleSubmit(async (values) => {
    const scopes = values.scopes ?? [];
    if (isAdmin && scopes.length === 0) {
      setScopeError(t('tokens.scopesHint'));
      document.getElementById(id('scope-0'))?.focus();
      return;
    }
    setScopeError(undefined);
    try {
      const made = await create.mutateAsync({
        name: values.name,
        expiresInDays: values.expiresInDays,
        ...(isAdmin ? { scopes } : {}),
        ...(values.code ? { code: values.code } : {}),
      });
      toast.success(t('tokens.created', { name: made.token.name }));
      onCreated(made);
    } catch (err) {
      form.applyServerError(err, { fallback: t('tokens.createFailed') });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('tokens.form')} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('tokens.form')}</DialogTitle>
        <DialogDescription>{isAdmin ? t('tokens.descriptionAdmin') : t('tokens.readOnly')}</DialogDescription>
      </DialogHeader>
      <Field label={t('tokens.name')} htmlFor={id('name')} error={form.errorOf('name')} hint={t('tokens.nameHint')} required>
        <Input {...form.field('name', id('name'), { hint: true })} maxLength={100} autoComplete="off" required />
      </Field>
      <Field label={t('tokens.expiresIn')} htmlFor={id('days')} error={form.errorOf('expiresInDays')}>
        <NativeSelect
          {...form.field('expiresInDays', id('days'))}
          options={EXPIRY_CHOICES.map((d) => ({ value: String(d), label: t('tokens.days', { count: d }) }))}
        />
      </Field>
      {isAdmin && (
        <fieldset aria-describedby={scopeError ? `${id('scopes')}-error` : `${id('scopes')}-hint`} className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-text">
            {t('tokens.scopes')}
            <span aria-hidden="true" className="ms-0.5 text-danger-700">
              *
            </span>
          </legend>
          <p id={`${id('scopes')}-hint`} className="text-sm text-muted">
            {t('tokens.scopesHint')}
          </p>
          {ADMIN_TOKEN_SCOPES.map((scope, i) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input
                id={id(`scope-${i}`)}
                type="checkbox"
                value={scope}
                {...form.register('scopes')}
                className="size-4.5 accent-gold-600"
                aria-invalid={scopeError ? true : undefined}
              />
              <span>
                {t(`tokens.scope.${scopeKey(scope)}`)}{' '}
                <code className="text-xs text-muted" dir="ltr">
                  {scope}
                </code>
              </span>
            </label>
          ))}
          {scopeError && (
            <p id={`${id('scopes')}-error`} className="text-sm text-danger-700">
              {scopeError}
            </p>
          )}
        </fieldset>
      )}
      {twoFactor.data === true && (
        <Field label={t('tokens.code')} htmlFor={id('code')} error={form.errorOf('code')} hint={t('tokens.codeHint')} required>
          <Input {...form.field('code', id('code'), { hint: true })} inputMode="numeric" autoComplete="one-time-code" required />
        </Field>
      )}
      <FormError>{form.formError}</FormError>
      <DialogActions submit={t('tokens.create')} busyLabel={t('tokens.creating')} busy={form.busy} />
    </form>
  );
}

function CreatedTokenView({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const { t } = profileText.useT();
  const texts = {
    title: t('tokens.createdTitle'),
    text: t('tokens.createdText'),
    label: t('tokens.secret'),
    copy: t('tokens.copy'),
    copied: t('tokens.copied'),
    copyFailed: t('tokens.copyFailed'),
    done: t('tokens.done'),
  };
  return <ShownOnceSecret value={created.secret} texts={texts} onDone={onDone} />;
}

function RevokeConfirm({ token, onDone }: { token: ApiToken; onDone: () => void }) {
  const { t } = profileText.useT();
  const revoke = useRevokeToken();
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('tokens.revokeTitle')}</DialogTitle>
        <DialogDescription>{t('tokens.revokeText', { name: token.name })}</DialogDescription>
      </DialogHeader>
      <DialogActions
        submit={t('tokens.revoke')}
        variant="danger"
        busy={revoke.isPending}
        onSubmit={async () => {
          try {
            await revoke.mutateAsync(token.id);
            toast.success(t('tokens.revoked', { name: token.name }));
            onDone();
          } catch (err) {
            toast.error(t('tokens.revokeFailed'), { description: serverMessage(err) });
          }
        }}
      />
    </div>
  );
}
