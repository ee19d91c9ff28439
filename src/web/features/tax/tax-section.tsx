import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '../../../shared/format';
import {
  CRS_ENTITY_TYPES,
  type CrsEntityType,
  FATCA_CLASSES,
  type FatcaClass,
  MAX_RESIDENCES,
  NO_TIN_REASONS,
  type TaxState,
} from '../../../shared/tax-certification';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { serverMessage, useMyTax, useSignCertification } from './api';
import { taxText } from './i18n';
import { ResidenceForm } from './residence-card';
import { SignatureMethod } from './signature-method';

type Row = { country: string; tin: string; noTinReason: string; explanation: string };
const EMPTY_ROW: Row = { country: '', tin: '', noTinReason: '', explanation: '' };
const toResidence = (r: Row) => ({
  country: r.country,
  tin: r.noTinReason ? undefined : r.tin,
  noTinReason: (r.noTinReason || undefined) as 'A' | 'B' | 'C' | undefined,
  explanation: r.noTinReason === 'B' ? r.explanation : undefined,
});

/**
 * The investor's FATCA / CRS self-certification on DFSA Compliance (issue 31 part 3, decision
 * 049): the certification in force, a renewal due after a change of address, the form signed with
 * a typed name and the password (or authenticator code), and the address whose change asks for a
 * new certification within 90 days.
 */
export function TaxSection() {
  const { t } = taxText.useT();
  const headingId = useId();
  const me = useMyTax();
  if (me.isPending) return <Skeleton shape="block" className="mt-8 h-40" label={t('loading')} />;
  if (me.isError) return <LoadError title={t('title')} error={me.error} busy={me.isFetching} onRetry={() => void me.refetch()} />;
  const s = me.data;
  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="tax-certification">
      <Card>
        <CardHeader>
          <CardTitle id={headingId}>{t('title')}</CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <p role="status" className="text-sm" data-testid="tax-status">
            {s.current ? t('current', { version: s.current.version, date: formatDate(s.current.signedAt) }) : t('none')}
          </p>
          {s.pendingChange && (
            <p
              role="status"
              className={`rounded-md border p-3 text-sm ${s.pendingChange.overdue ? 'border-danger-700 text-danger-700' : 'border-border'}`}
            >
              {t(s.pendingChange.overdue ? 'renewOverdue' : 'renewDue', {
                changed: formatDate(s.pendingChange.changedOn),
                due: formatDate(s.pendingChange.dueDate),
              })}
            </p>
          )}
          <CertificationForm key={s.current?.id ?? 'none'} state={s} />
          <ResidenceForm key={`${s.residenceCountry}|${s.address}`} country={s.residenceCountry} address={s.address} />
        </CardContent>
      </Card>
    </section>
  );
}

function CertificationForm({ state }: { state: TaxState }) {
  const { t } = taxText.useT();
  const sign = useSignCertification();
  const entity = state.kind === 'entity';
  const last = state.current?.answers;
  const [rows, setRows] = useState<Row[]>(
    last
      ? last.residences.map((r) => ({
          country: r.country,
          tin: r.tin ?? '',
          noTinReason: r.noTinReason ?? '',
          explanation: r.explanation ?? '',
        }))
      : [EMPTY_ROW],
  );
  const [usPerson, setUsPerson] = useState(last?.kind === 'individual' ? last.usPerson : false);
  const [usTin, setUsTin] = useState('');
  const [fatcaClass, setFatcaClass] = useState<FatcaClass>(last?.kind === 'entity' ? last.fatcaClass : 'passive_nffe');
  const [crsType, setCrsType] = useState<CrsEntityType>(last?.kind === 'entity' ? last.crsType : 'passive_nfe');
  const [giin, setGiin] = useState(last?.kind === 'entity' ? (last.giin ?? '') : '');
  const [persons, setPersons] = useState<Record<string, Row>>({});
  const [signedName, setSignedName] = useState('');
  const [method, setMethod] = useState<'typed' | 'drawn'>('typed');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [attest, setAttest] = useState(false);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const signature = { method, ...(method === 'drawn' && drawing ? { drawing } : {}) };
    const common = {
      residences: rows.map(toResidence),
      signedName,
      ...signature,
      attest: attest as true,
      password: secret,
      code: secret.slice(0, 20),
    };
    const body = entity
      ? {
          ...common,
          kind: 'entity' as const,
          fatcaClass,
          crsType,
          giin,
          usTin,
          controllingPersons: state.persons.map((p) => ({ personId: p.id, residences: [toResidence(persons[p.id] ?? EMPTY_ROW)] })),
        }
      : { ...common, kind: 'individual' as const, usPerson, usTin };
    sign.mutate(body, {
      onSuccess: () => toast.success(t('signed')),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          const f = { ...err.fields };
          f.secret = f.password ?? f.code ?? '';
          setErrors(f);
        } else toast.error(serverMessage(err) ?? '');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('sign')}>
      <h3 className="text-base font-semibold text-ink-900">{t('residences')}</h3>
      {errors.residences && <p className="text-sm text-danger-700">{errors.residences}</p>}
      {rows.map((r, i) => (
        <ResidenceRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          key={i}
          prefix={`${id}-r${i}`}
          legend={t('residenceN', { n: i + 1 })}
          row={r}
          errors={errors}
          path={`residences.${i}`}
          onChange={(row) => setRows(rows.map((x, j) => (j === i ? row : x)))}
          onRemove={rows.length > 1 ? () => setRows(rows.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      {rows.length < MAX_RESIDENCES && (
        <div>
          <Button type="button" variant="secondary" onClick={() => setRows([...rows, EMPTY_ROW])}>
            {t('addResidence')}
          </Button>
        </div>
      )}
      {!entity && (
        <>
          <Check id={`${id}-us`} label={t('usPerson')} checked={usPerson} onChange={setUsPerson} error={errors.usPerson} />
          {usPerson && (
            <Field label={t('usTin')} htmlFor={`${id}-ustin`} error={errors.usTin} required>
              <Input
                {...fieldProps(`${id}-ustin`, errors.usTin)}
                value={usTin}
                autoComplete="off"
                onChange={(e) => setUsTin(e.target.value)}
              />
            </Field>
          )}
        </>
      )}
      {entity && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field label={t('fatcaClass')} htmlFor={`${id}-fatca`} error={errors.fatcaClass} required>
            <NativeSelect
              {...fieldProps(`${id}-fatca`, errors.fatcaClass)}
              value={fatcaClass}
              onChange={(e) => setFatcaClass(e.target.value as FatcaClass)}
              options={FATCA_CLASSES.map((c) => ({ value: c, label: t(`fatca.${c}`) }))}
            />
          </Field>
          <Field label={t('crsType')} htmlFor={`${id}-crs`} error={errors.crsType} required>
            <NativeSelect
              {...fieldProps(`${id}-crs`, errors.crsType)}
              value={crsType}
              onChange={(e) => setCrsType(e.target.value as CrsEntityType)}
              options={CRS_ENTITY_TYPES.map((c) => ({ value: c, label: t(`crs.${c}`) }))}
            />
          </Field>
          <Field label={t('giin')} htmlFor={`${id}-giin`} error={errors.giin}>
            <Input {...fieldProps(`${id}-giin`, errors.giin)} value={giin} autoComplete="off" onChange={(e) => setGiin(e.target.value)} />
          </Field>
          <Field label={t('entityUsTin')} htmlFor={`${id}-eustin`} error={errors.usTin}>
            <Input
              {...fieldProps(`${id}-eustin`, errors.usTin)}
              value={usTin}
              autoComplete="off"
              onChange={(e) => setUsTin(e.target.value)}
            />
          </Field>
          <div className="flex flex-col gap-3 md:col-span-2">
            <h3 className="text-base font-semibold text-ink-900">{t('persons')}</h3>
            <p className="text-sm text-muted">{state.persons.length ? t('personsHint') : t('noPersons')}</p>
            {errors.controllingPersons && <p className="text-sm text-danger-700">{errors.controllingPersons}</p>}
            {state.persons.map((p, i) => (
              <ResidenceRow
                key={p.id}
                prefix={`${id}-p${i}`}
                legend={p.fullName}
                row={persons[p.id] ?? EMPTY_ROW}
                errors={errors}
                path={`controllingPersons.${i}.residences.0`}
                onChange={(row) => setPersons({ ...persons, [p.id]: row })}
              />
            ))}
          </div>
        </div>
      )}
      <h3 className="text-base font-semibold text-ink-900">{t('sign')}</h3>
      <Check id={`${id}-attest`} label={t('attest')} checked={attest} onChange={setAttest} error={errors.attest} />
      <SignatureMethod method={method} onMethod={setMethod} onDrawing={setDrawing} error={errors.drawing} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field label={t(method === 'typed' ? 'signedName' : 'printedName')} htmlFor={`${id}-name`} error={errors.signedName} required>
          <Input
            {...fieldProps(`${id}-name`, errors.signedName)}
            value={signedName}
            autoComplete="name"
            onChange={(e) => setSignedName(e.target.value)}
          />
        </Field>
        <Field label={t('secret')} htmlFor={`${id}-secret`} error={errors.secret} required>
          <Input
            {...fieldProps(`${id}-secret`, errors.secret)}
            type="password"
            value={secret}
            autoComplete="current-password"
            onChange={(e) => setSecret(e.target.value)}
          />
        </Field>
      </div>
      <div>
        <Button type="submit" busy={sign.isPending}>
          {t('signButton')}
        </Button>
      </div>
    </form>
  );
}

function ResidenceRow(props: {
  prefix: string;
  legend: string;
  row: Row;
  errors: Record<string, string>;
  path: string;
  onChange: (row: Row) => void;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = taxText.useT();
  const { prefix, row, errors, path, onChange } = props;
  const err = (f: string) => errors[`${path}.${f}`];
  return (
    <fieldset className="grid grid-cols-1 gap-3 rounded-md border border-border p-3 md:grid-cols-3">
      <legend className="px-1 text-sm font-medium">{props.legend}</legend>
      <Field label={t('country')} htmlFor={`${prefix}-c`} error={err('country')} required>
        <Input
          {...fieldProps(`${prefix}-c`, err('country'))}
          value={row.country}
          maxLength={2}
          autoComplete="off"
          onChange={(e) => onChange({ ...row, country: e.target.value.toUpperCase() })}
        />
      </Field>
      <Field label={t('noTinReason')} htmlFor={`${prefix}-r`} error={err('noTinReason')}>
        <NativeSelect
          {...fieldProps(`${prefix}-r`, err('noTinReason'))}
          value={row.noTinReason}
          onChange={(e) => onChange({ ...row, noTinReason: e.target.value })}
          options={[{ value: '', label: t('noReason') }, ...NO_TIN_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))]}
        />
      </Field>
      {row.noTinReason === '' && (
        <Field label={t('tin')} htmlFor={`${prefix}-t`} error={err('tin')} required>
          <Input
            {...fieldProps(`${prefix}-t`, err('tin'))}
            value={row.tin}
            autoComplete="off"
            onChange={(e) => onChange({ ...row, tin: e.target.value })}
          />
        </Field>
      )}
      {row.noTinReason === 'B' && (
        <Field label={t('explanation')} htmlFor={`${prefix}-x`} error={err('explanation')} required>
          <Input
            {...fieldProps(`${prefix}-x`, err('explanation'))}
            value={row.explanation}
            onChange={(e) => onChange({ ...row, explanation: e.target.value })}
          />
        </Field>
      )}
      {props.onRemove && (
        <div className="md:col-span-3">
          <Button type="button" variant="ghost" onClick={props.onRemove}>
            {t('removeResidence', { n: props.legend })}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function Check(props: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; error?: string | undefined }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={props.id}
          type="checkbox"
          className="mt-0.5 size-4"
          checked={props.checked}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <label htmlFor={props.id} className="text-sm">
          {props.label}
        </label>
      </div>
      {props.error && (
        <p id={`${props.id}-error`} className="text-sm text-danger-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
