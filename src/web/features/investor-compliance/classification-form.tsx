import { Download, FileText, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import {
  CLASSIFICATION_BASES,
  type ClassificationBasis,
  classificationInput,
  type MyClassification,
  RETAIL_NOTICE_VERSION,
} from '../../../shared/dfsa-classification';
import { classificationText } from '../../components/domain/classification';
import { Button } from '../../components/ui/button';
import { DialogActions, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { ApiError, serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { translateMessage } from '../../lib/i18n';
import { downloadMyEvidence, useRemoveEvidence, useSubmitClassification, useUploadEvidence } from '../../lib/queries/classification';
import { toast } from '../../lib/toast';

/** The classification form (issue 31): the basis's questions, the evidence and the retail-treatment notice. */
type Values = {
  basis: string;
  balanceSheetTotal: string;
  netTurnover: string;
  ownFunds: string;
  netAssets: string;
  yearsExperience: string;
  experience: string;
  notificationReceived: boolean;
  noticeAcknowledged: boolean;
};
const EMPTY: Values = {
  basis: '',
  balanceSheetTotal: '',
  netTurnover: '',
  ownFunds: '',
  netAssets: '',
  yearsExperience: '',
  experience: '',
  notificationReceived: false,
  noticeAcknowledged: false,
};
const AMOUNT_FIELDS: Record<ClassificationBasis, (keyof Values)[]> = {
  deemed_undertaking: ['balanceSheetTotal', 'netTurnover', 'ownFunds'],
  assessed_individual: ['netAssets'],
  assessed_undertaking: ['ownFunds'],
  market_counterparty: [],
};

export function ClassificationForm({ data, onDone }: { data: MyClassification; onDone: () => void }) {
  const { t } = classificationText.useT();
  const submit = useSubmitClassification();
  const upload = useUploadEvidence();
  const remove = useRemoveEvidence();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const basis = values.basis as ClassificationBasis | '';
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  function body() {
    if (!basis) return { basis: '' };
    const b: Record<string, unknown> = { basis, noticeAcknowledged: values.noticeAcknowledged, noticeVersion: RETAIL_NOTICE_VERSION };
    for (const f of AMOUNT_FIELDS[basis]) b[f] = values[f];
    if (basis === 'assessed_individual') {
      b.yearsExperience = values.yearsExperience.trim() === '' ? undefined : values.yearsExperience;
      b.experience = values.experience;
    }
    if (basis === 'market_counterparty') b.notificationReceived = values.notificationReceived;
    return b;
  }

  function focusFirst(fields: Record<string, string>) {
    const first = Object.keys(fields)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = classificationInput.safeParse(body());
    const fields: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'basis');
        fields[key] ??= translateMessage(issue.message);
      }
    }
    if (data.pendingEvidence.length === 0) fields.file = t('form.noEvidence');
    if (Object.keys(fields).length > 0 || !parsed.success) {
      setErrors(fields);
      focusFirst(fields);
      return;
    }
    try {
      await submit.mutateAsync(parsed.data);
      toast.success(t('toast.submitted'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const translated = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translateMessage(v)]));
        setErrors(translated);
        focusFirst(translated);
      }
      toast.error(t('toast.submitFailed'), { description: serverMessage(err) });
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      setErrors(({ file: _gone, ...rest }) => rest);
    } catch (err) {
      setErrors((e) => ({ ...e, file: serverMessage(err) ?? t('toast.uploadFailed') }));
      toast.error(t('toast.uploadFailed'), { description: serverMessage(err) });
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const amount = (key: 'balanceSheetTotal' | 'netTurnover' | 'ownFunds' | 'netAssets') => (
    <Field key={key} label={t(`form.${key}`)} htmlFor={`classification-${key}`} error={errors[key]} required>
      <Input
        {...fieldProps(`classification-${key}`, errors[key])}
        name={key}
        inputMode="decimal"
        autoComplete="off"
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-required="true"
      />
    </Field>
  );

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{t('form.title')}</DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
      </DialogHeader>

      <Field
        label={t('form.basis')}
        htmlFor="classification-basis"
        hint={basis ? t(`basisHint.${basis}`) : undefined}
        error={errors.basis}
        required
      >
        <NativeSelect
          {...fieldProps('classification-basis', errors.basis, Boolean(basis))}
          name="basis"
          value={values.basis}
          onChange={(e) => set('basis', e.target.value)}
          aria-required="true"
          placeholder={t('form.choose')}
          options={CLASSIFICATION_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) }))}
        />
      </Field>

      {basis && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {AMOUNT_FIELDS[basis].map((k) => amount(k as 'balanceSheetTotal'))}
          {basis === 'assessed_individual' && (
            <>
              <Field label={t('form.yearsExperience')} htmlFor="classification-yearsExperience" error={errors.yearsExperience} required>
                <Input
                  {...fieldProps('classification-yearsExperience', errors.yearsExperience)}
                  name="yearsExperience"
                  inputMode="numeric"
                  value={values.yearsExperience}
                  onChange={(e) => set('yearsExperience', e.target.value)}
                  aria-required="true"
                />
              </Field>
              <Field
                className="sm:col-span-2"
                label={t('form.experience')}
                htmlFor="classification-experience"
                hint={t('form.experienceHint')}
                error={errors.experience}
                required
              >
                <Textarea
                  {...fieldProps('classification-experience', errors.experience, true)}
                  name="experience"
                  rows={3}
                  value={values.experience}
                  onChange={(e) => set('experience', e.target.value)}
                  aria-required="true"
                />
              </Field>
            </>
          )}
          {basis === 'market_counterparty' && (
            <CheckboxField
              className="sm:col-span-2"
              id="classification-notificationReceived"
              name="notificationReceived"
              label={t('form.notificationReceived')}
              checked={values.notificationReceived}
              onChange={(v) => set('notificationReceived', v)}
              error={errors.notificationReceived}
            />
          )}
        </div>
      )}

      <fieldset className="flex flex-col gap-2" aria-describedby="classification-evidence-hint">
        <legend className="text-sm font-medium text-text">
          {t('form.evidence')}
          <span aria-hidden="true" className="ms-0.5 text-danger-700">
            *
          </span>
        </legend>
        <p id="classification-evidence-hint" className="text-sm text-muted">
          {t('form.evidenceHint')}
        </p>
        {data.pendingEvidence.length === 0 ? (
          <p className="text-sm text-muted">{t('form.noEvidence')}</p>
        ) : (
          <ul className="flex flex-col gap-1.5" aria-label={t('form.evidence')}>
            {data.pendingEvidence.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-1.5 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
                  <bdi className="truncate">{e.name}</bdi>
                </span>
                <span className="flex gap-1">
                  <Button type="button" variant="ghost" size="sm" onClick={() => void downloadMyEvidence(e.id, e.name)}>
                    <Download aria-hidden="true" />
                    <span className="sr-only">
                      {t('review.download')} <bdi>{e.name}</bdi>
                    </span>
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    busy={remove.isPending && remove.variables === e.id}
                    onClick={() =>
                      remove.mutate(e.id, { onError: (err) => toast.error(t('toast.removeFailed'), { description: serverMessage(err) }) })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">
                      {t('form.remove')} <bdi>{e.name}</bdi>
                    </span>
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <label
          htmlFor="classification-file"
          className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium text-ink-900 focus-within:ring-2 focus-within:ring-gold-500 hover:bg-ink-100"
        >
          <Upload aria-hidden="true" className="size-4" />
          {upload.isPending ? t('form.uploading') : t('form.upload')}
          <input
            ref={fileRef}
            id="classification-file"
            name="file"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png"
            className="sr-only"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'classification-file-error' : 'classification-evidence-hint'}
            disabled={upload.isPending}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        {errors.file && (
          <p id="classification-file-error" className="text-sm text-danger-700" role="alert">
            {errors.file}
          </p>
        )}
      </fieldset>

      <section
        aria-labelledby="classification-notice-title"
        className="rounded-md border border-gold-400/60 bg-gold-100/40 p-4"
        data-testid="retail-notice"
      >
        <h3 id="classification-notice-title" className="mb-1 font-semibold text-ink-900">
          {t('form.noticeTitle')}
        </h3>
        <p className="text-sm text-text">{t('form.noticeBody')}</p>
        <CheckboxField
          className="mt-3"
          id="classification-noticeAcknowledged"
          name="noticeAcknowledged"
          label={t('form.acknowledge')}
          checked={values.noticeAcknowledged}
          onChange={(v) => set('noticeAcknowledged', v)}
          error={errors.noticeAcknowledged ?? errors.noticeVersion}
        />
      </section>

      <DialogActions submit={t('form.submit')} busyLabel={t('form.busy')} busy={submit.isPending} />
    </form>
  );
}

function CheckboxField({
  id,
  name,
  label,
  checked,
  onChange,
  error,
  className,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="flex items-start gap-2 text-sm text-text">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required="true"
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
