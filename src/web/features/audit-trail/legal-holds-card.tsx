import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { formatDateTimeZoned } from '../../../shared/format';
import { type LegalHold, legalHoldInput } from '../../../shared/legal-hold';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input, Textarea } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useInvestorOptions } from '../../lib/queries/users';
import { toast } from '../../lib/toast';
import { useLegalHolds, useLiftHold, usePlaceHold } from './api';
import { auditTrailText } from './i18n';

/** Legal holds (decision 042): put an investor on hold with a reason; the holds, active first; lift with a reason. */
export function LegalHoldsCard() {
  const { t } = auditTrailText.useT();
  const holds = useLegalHolds();
  return (
    <Card className="lg:col-span-2 print:hidden">
      <CardHeader>
        <CardTitle>{t('holds.title')}</CardTitle>
        <CardDescription>{t('holds.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <PlaceHoldForm />
        {holds.isPending ? (
          <Spinner />
        ) : holds.isError ? (
          <LoadError title={t('holds.title')} error={holds.error} onRetry={() => void holds.refetch()} />
        ) : holds.data.length === 0 ? (
          <p className="text-sm text-muted">{t('holds.empty')}</p>
        ) : (
          <ul aria-label={t('holds.listLabel')} className="flex flex-col divide-y divide-line">
            {holds.data.map((h) => (
              <HoldItem key={h.id} hold={h} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PlaceHoldForm() {
  const { t } = auditTrailText.useT();
  const investors = useInvestorOptions();
  const place = usePlaceHold();
  const form = useZodForm(legalHoldInput, { defaultValues: { subjectKind: 'investor', subjectId: '', reason: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const hold = await place.mutateAsync(values);
      toast.success(auditTrailText.t('holds.placed', { name: hold.subjectName }));
      form.reset({ subjectKind: 'investor', subjectId: '', reason: '' });
    } catch (err) {
      form.applyServerError(err, { fallback: auditTrailText.t('holds.failed') });
    }
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('holds.investor')} htmlFor="hold-investor" error={form.errorOf('subjectId')}>
          <NativeSelect
            {...form.field('subjectId', 'hold-investor')}
            placeholder={t('holds.choose')}
            options={(investors.data ?? []).map((i) => ({ value: i.id, label: i.email ? `${i.name} (${i.email})` : i.name }))}
          />
        </Field>
        <Field label={t('holds.reason')} htmlFor="hold-reason" error={form.errorOf('reason')}>
          <Textarea {...form.field('reason', 'hold-reason')} rows={2} />
        </Field>
      </div>
      <FormError>{form.formError}</FormError>
      <div>
        <Button type="submit" busy={form.busy}>
          <Lock aria-hidden="true" className="size-4" />
          {form.busy ? t('holds.placing') : t('holds.place')}
        </Button>
      </div>
    </form>
  );
}

function HoldItem({ hold }: { hold: LegalHold }) {
  const { t } = auditTrailText.useT();
  const lift = useLiftHold();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = `lift-${hold.id}`;
  const onLift = async () => {
    if (!reason.trim()) {
      setError(auditTrailText.t('holds.liftReasonRequired'));
      return;
    }
    setError(null);
    try {
      await lift.mutateAsync({ id: hold.id, reason: reason.trim() });
      toast.success(auditTrailText.t('holds.liftedToast', { name: hold.subjectName }));
    } catch {
      setError(auditTrailText.t('holds.failed'));
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0" data-testid="legal-hold">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{hold.subjectName}</span>
        <Badge tone="neutral">{t(`holds.kind.${hold.subjectKind}`)}</Badge>
        <Badge tone={hold.liftedAt ? 'neutral' : 'warning'}>{hold.liftedAt ? t('holds.lifted') : t('holds.active')}</Badge>
      </div>
      <p className="text-sm">{hold.reason}</p>
      <p className="text-xs text-muted">
        {t('holds.placedLine', { date: formatDateTimeZoned(hold.placedAt), name: hold.placedBy ?? '-' })}
        {hold.liftedAt && ` · ${t('holds.liftedLine', { date: formatDateTimeZoned(hold.liftedAt), reason: hold.liftReason ?? '' })}`}
      </p>
      {!hold.liftedAt && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field label={t('holds.liftReason', { name: hold.subjectName })} htmlFor={inputId} error={error ?? undefined} className="flex-1">
            <Input id={inputId} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} />
          </Field>
          <Button type="button" variant="secondary" busy={lift.isPending} onClick={() => void onLift()}>
            <LockOpen aria-hidden="true" className="size-4" />
            {lift.isPending ? t('holds.lifting') : t('holds.lift')}
          </Button>
        </div>
      )}
    </li>
  );
}
