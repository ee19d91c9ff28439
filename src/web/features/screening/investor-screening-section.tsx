import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PERSON_RELATIONS, type PersonRelation, type ScreenedPerson } from '../../../shared/screening';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { serverMessage, useAddPerson, useMyScreening, useRemovePerson, useSaveMyDetails } from './api';
import { screeningText } from './i18n';

const EMPTY = {
  relation: 'beneficial_owner' as PersonRelation,
  fullName: '',
  aliases: '',
  dateOfBirth: '',
  nationality: '',
  pepDeclared: false,
};

/**
 * The investor's screening section (DFSA Compliance page): the beneficial owners and controlling
 * persons an entity names (each screened against the lists), and the freeze or PEP notice.
 */
export function InvestorScreeningSection() {
  const { t } = screeningText.useT();
  const headingId = useId();
  const me = useMyScreening();
  const add = useAddPerson();
  const remove = useRemovePerson();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { relation: useId(), fullName: useId(), aliases: useId(), dob: useId(), nationality: useId(), pep: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    add.mutate(
      {
        relation: form.relation,
        fullName: form.fullName,
        aliases: form.aliases
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
        dateOfBirth: form.dateOfBirth || null,
        nationality: form.nationality || null,
        pepDeclared: form.pepDeclared,
      },
      {
        onSuccess: () => {
          toast.success(t('investor.personAdded', { name: form.fullName.trim() }));
          setForm(EMPTY);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          else toast.error(serverMessage(err) ?? '');
        },
      },
    );
  };

  if (me.isPending) return <Skeleton shape="block" className="mt-8 h-40" label={t('investor.title')} />;
  if (me.isError) return <LoadError title={t('investor.title')} error={me.error} busy={me.isFetching} onRetry={() => void me.refetch()} />;
  const s = me.data;
  const entity = s.investorUserType !== 'hni';

  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="investor-screening">
      <Card>
        <CardHeader>
          <CardTitle id={headingId}>{t('investor.title')}</CardTitle>
          <CardDescription>{t('investor.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {s.status.frozen && (
            <p role="status" className="rounded-md border border-danger-700 p-3 text-sm text-danger-700">
              {t('investor.frozen')}
            </p>
          )}
          {!s.status.frozen && s.status.pep && !s.status.pepApproved && (
            <p role="status" className="rounded-md border border-border p-3 text-sm">
              {t('investor.pepPending')}
            </p>
          )}
          {!entity && (
            <OwnDetails
              key={`${s.dateOfBirth}|${s.nationality}|${s.pepDeclared}`}
              dateOfBirth={s.dateOfBirth}
              nationality={s.nationality}
              pepDeclared={s.pepDeclared}
            />
          )}
          {entity && (
            <div className="flex flex-col gap-3">
              <h3 className="text-base font-semibold text-ink-900">{t('investor.persons')}</h3>
              <p className="text-sm text-muted">{t('investor.personsHint')}</p>
              {s.persons.length === 0 ? (
                <p className="text-sm text-muted">{t('investor.noPersons')}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-border rounded-md border border-border" aria-label={t('investor.persons')}>
                  {s.persons.map((p) => (
                    <PersonRow
                      key={p.id}
                      person={p}
                      busy={remove.isPending}
                      onRemove={() =>
                        remove.mutate(p.id, {
                          onSuccess: () => toast.success(t('investor.removed', { name: p.fullName })),
                          onError: (err) => toast.error(serverMessage(err) ?? ''),
                        })
                      }
                    />
                  ))}
                </ul>
              )}
              <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={t('investor.addPerson')}>
                <Field label={t('investor.fullName')} htmlFor={ids.fullName} error={errors.fullName} required>
                  <Input
                    {...fieldProps(ids.fullName, errors.fullName)}
                    value={form.fullName}
                    autoComplete="off"
                    onChange={(e) => setForm({ ...form, fullName: e.target.value })}
                  />
                </Field>
                <Field label={t('investor.relation')} htmlFor={ids.relation} error={errors.relation}>
                  <NativeSelect
                    {...fieldProps(ids.relation, errors.relation)}
                    value={form.relation}
                    onChange={(e) => setForm({ ...form, relation: e.target.value as PersonRelation })}
                    options={PERSON_RELATIONS.map((r) => ({ value: r, label: t(`relation.${r}`) }))}
                  />
                </Field>
                <Field label={t('investor.aliases')} htmlFor={ids.aliases} error={errors.aliases}>
                  <Input
                    {...fieldProps(ids.aliases, errors.aliases)}
                    value={form.aliases}
                    onChange={(e) => setForm({ ...form, aliases: e.target.value })}
                  />
                </Field>
                <Field label={t('investor.dateOfBirth')} htmlFor={ids.dob} error={errors.dateOfBirth}>
                  <Input
                    {...fieldProps(ids.dob, errors.dateOfBirth)}
                    type="date"
                    value={form.dateOfBirth}
                    onChange={(e) => setForm({ ...form, dateOfBirth: e.target.value })}
                  />
                </Field>
                <Field label={t('investor.nationality')} htmlFor={ids.nationality} error={errors.nationality}>
                  <Input
                    {...fieldProps(ids.nationality, errors.nationality)}
                    value={form.nationality}
                    maxLength={2}
                    autoComplete="off"
                    onChange={(e) => setForm({ ...form, nationality: e.target.value })}
                  />
                </Field>
                <div className="flex items-center gap-2 md:col-span-2">
                  <input
                    id={ids.pep}
                    type="checkbox"
                    className="size-4"
                    checked={form.pepDeclared}
                    onChange={(e) => setForm({ ...form, pepDeclared: e.target.checked })}
                  />
                  <label htmlFor={ids.pep} className="text-sm">
                    {t('investor.pep')}
                  </label>
                </div>
                <div className="md:col-span-2">
                  <Button type="submit" busy={add.isPending}>
                    {t('investor.addPerson')}
                  </Button>
                </div>
              </form>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** The investor's own date of birth, nationality and PEP declaration (the name is the account's). */
function OwnDetails(props: { dateOfBirth: string | null; nationality: string | null; pepDeclared: boolean }) {
  const { t } = screeningText.useT();
  const save = useSaveMyDetails();
  const [form, setForm] = useState({
    dateOfBirth: props.dateOfBirth ?? '',
    nationality: props.nationality ?? '',
    pepDeclared: props.pepDeclared,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { dob: useId(), nationality: useId(), pep: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(
      { dateOfBirth: form.dateOfBirth || null, nationality: form.nationality || null, pepDeclared: form.pepDeclared },
      {
        onSuccess: () => toast.success(t('investor.detailsSaved')),
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          else toast.error(serverMessage(err) ?? '');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={t('investor.yourDetails')}>
      <h3 className="text-base font-semibold text-ink-900 md:col-span-2">{t('investor.yourDetails')}</h3>
      <Field label={t('investor.dateOfBirth')} htmlFor={ids.dob} error={errors.dateOfBirth}>
        <Input
          {...fieldProps(ids.dob, errors.dateOfBirth)}
          type="date"
          value={form.dateOfBirth}
          onChange={(e) => setForm({ ...form, dateOfBirth: e.target.value })}
        />
      </Field>
      <Field label={t('investor.nationality')} htmlFor={ids.nationality} error={errors.nationality}>
        <Input
          {...fieldProps(ids.nationality, errors.nationality)}
          value={form.nationality}
          maxLength={2}
          autoComplete="off"
          onChange={(e) => setForm({ ...form, nationality: e.target.value })}
        />
      </Field>
      <div className="flex items-center gap-2 md:col-span-2">
        <input
          id={ids.pep}
          type="checkbox"
          className="size-4"
          checked={form.pepDeclared}
          onChange={(e) => setForm({ ...form, pepDeclared: e.target.checked })}
        />
        <label htmlFor={ids.pep} className="text-sm">
          {t('investor.pep')}
        </label>
      </div>
      <div className="md:col-span-2">
        <Button type="submit" variant="secondary" busy={save.isPending}>
          {t('investor.saveDetails')}
        </Button>
      </div>
    </form>
  );
}

function PersonRow({ person, busy, onRemove }: { person: ScreenedPerson; busy: boolean; onRemove: () => void }) {
  const { t } = screeningText.useT();
  return (
    <li className="flex items-center justify-between gap-3 p-3 text-sm">
      <span className="min-w-0 break-words">
        <span className="font-medium text-ink-900">{person.fullName}</span>
        <span className="text-muted"> · {t(`relation.${person.relation}`)}</span>
        {person.nationality && <span className="text-muted"> · {person.nationality}</span>}
        {person.pepDeclared && (
          <Badge tone="warning" className="ms-2">
            {t('investor.pepBadge')}
          </Badge>
        )}
      </span>
      <Button variant="ghost" size="icon" aria-label={t('investor.remove', { name: person.fullName })} disabled={busy} onClick={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}
