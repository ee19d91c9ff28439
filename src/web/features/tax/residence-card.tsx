import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { serverMessage, useChangeResidence, useMyTax } from './api';
import { taxText } from './i18n';

/**
 * The investor's address and country of residence on their Profile (issue 31: a change of
 * circumstances "on the profile" asks for a new tax self-certification within 90 days, decision
 * 049). The same form sits in the tax section of DFSA Compliance.
 */
export function ResidenceCard() {
  const { t } = taxText.useT();
  const me = useMyTax();
  if (me.isPending) return <Skeleton shape="block" className="h-40" label={t('loading')} />;
  if (me.isError) return <LoadError title={t('residenceTitle')} error={me.error} busy={me.isFetching} onRetry={() => void me.refetch()} />;
  const s = me.data;
  return (
    <Card data-testid="profile-residence">
      <CardHeader>
        <CardTitle>{t('residenceTitle')}</CardTitle>
        <CardDescription>{t('residenceHint')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {s.pendingChange && (
          <p role="status" className={`text-sm ${s.pendingChange.overdue ? 'text-danger-700' : ''}`}>
            {t(s.pendingChange.overdue ? 'renewOverdue' : 'renewDue', {
              changed: formatDate(s.pendingChange.changedOn),
              due: formatDate(s.pendingChange.dueDate),
            })}{' '}
            <Link to="/investor/compliance" className="font-medium underline">
              {t('signNow')}
            </Link>
          </p>
        )}
        <ResidenceForm key={`${s.residenceCountry}|${s.address}`} country={s.residenceCountry} address={s.address} bare />
      </CardContent>
    </Card>
  );
}

/** The address on the profile: a change asks for a new certification within 90 days. */
export function ResidenceForm(props: { country: string | null; address: string | null; bare?: boolean }) {
  const { t } = taxText.useT();
  const save = useChangeResidence();
  const [country, setCountry] = useState(props.country ?? '');
  const [address, setAddress] = useState(props.address ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(
      { residenceCountry: country, address },
      {
        onSuccess: () => toast.success(t('residenceSaved')),
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          else toast.error(serverMessage(err) ?? '');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label={t('residenceTitle')}>
      {!props.bare && (
        <>
          <h3 className="text-base font-semibold text-ink-900 md:col-span-3">{t('residenceTitle')}</h3>
          <p className="text-sm text-muted md:col-span-3">{t('residenceHint')}</p>
        </>
      )}
      <Field label={t('residenceCountry')} htmlFor={`${id}-c`} error={errors.residenceCountry} required>
        <Input
          {...fieldProps(`${id}-c`, errors.residenceCountry)}
          value={country}
          maxLength={2}
          onChange={(e) => setCountry(e.target.value.toUpperCase())}
        />
      </Field>
      <Field label={t('address')} htmlFor={`${id}-a`} error={errors.address} required className="md:col-span-2">
        <Input
          {...fieldProps(`${id}-a`, errors.address)}
          value={address}
          autoComplete="street-address"
          onChange={(e) => setAddress(e.target.value)}
        />
      </Field>
      <div className="md:col-span-3">
        <Button type="submit" variant="secondary" busy={save.isPending}>
          {t('saveResidence')}
        </Button>
      </div>
    </form>
  );
}
