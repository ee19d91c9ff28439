import { Upload, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import {
  ACCEPT_ATTRIBUTE,
  ALLOWED_EXTENSIONS,
  DOCUMENT_TYPES,
  defaultDocumentName,
  fileExtension,
  uploadFields,
} from '../../../shared/documents';
import { formatBytes, formatFigure } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Field, fieldProps } from '../../components/ui/field';
import { FormError, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { NativeSelect } from '../../components/ui/select';
import { SessionEndedNotice, useSessionEnded } from '../../components/ui/session-ended';
import { ApiError } from '../../lib/api';
import { useDraft } from '../../lib/draft';
import { enumLabel } from '../../lib/i18n';
import { useDealOptions } from '../../lib/queries/deals';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { type UploadFields, useInvestorOptions, useUploadDocument } from './api';
import { documentsText } from './i18n';

export const UPLOAD_DRAFT_KEY = 'upload-document';

type UploadDraft = UploadFields & {
  /** Set when the session ended mid-upload: the file could not be kept and must be chosen again. */
  reselectFile: boolean;
};

/** The form's values are the upload's fields as typed (strings; the schema converts them). */
type FormValues = z.input<typeof uploadFields>;

const EMPTY_FIELDS: UploadFields = { name: '', type: '', expirationDate: '', dealId: '', investorVisible: false, investorId: '' };
const EMPTY_DRAFT: UploadDraft = { ...EMPTY_FIELDS, reselectFile: false };

const FILE_ID = 'upload-file';

/** True when an upload draft is waiting (e.g. after signing in again), so the form opens by itself. */
export function hasPendingDraft(): boolean {
  try {
    const raw = sessionStorage.getItem(`draft:${UPLOAD_DRAFT_KEY}`);
    if (!raw) return false;
    const d = JSON.parse(raw) as Partial<UploadDraft>;
    return Boolean(d.reselectFile || d.name || d.type || d.expirationDate || d.dealId);
  } catch {
    return false;
  }
}

function checkFile(file: File): string | null {
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return documentsText.t('upload.notAccepted', { extensions: ALLOWED_EXTENSIONS.join(', ') });
  if (file.size === 0) return documentsText.t('upload.empty');
  return null;
}

/**
 * Upload Document: the shared upload schema validates the fields; the file is checked here
 * (extension, not empty) and by the server (content). What is typed is kept as a draft in the
 * session (it survives signing in again) and leaving with unsaved input asks first.
 */
export function UploadForm() {
  const { t } = documentsText.useT();
  const uploadDocument = useUploadDocument();
  const deals = useDealOptions();
  const investors = useInvestorOptions();
  const [draft, setDraft, clearDraft] = useDraft<UploadDraft>(UPLOAD_DRAFT_KEY, EMPTY_DRAFT);
  const { reselectFile, ...restored } = draft;
  const form = useZodForm(uploadFields, { defaultValues: restored as FormValues });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [fileInputKey, setFileInputKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const session = useSessionEnded();
  const abortRef = useRef<AbortController | null>(null);
  /** The name the last chosen file filled in (a typed name differs from it). */
  const autoName = useRef<string | null>(null);
  const uploading = progress !== null;
  useUnsavedChangesGuard((form.formState.isDirty || file !== null) && !uploading);

  useEffect(() => () => abortRef.current?.abort(), []);
  // Every change goes to the draft.
  useEffect(() => {
    const sub = form.watch((values) => setDraft((d) => ({ ...d, ...(values as Partial<UploadFields>) })));
    return () => sub.unsubscribe();
  }, [form, setDraft]);

  /** The name follows the last file chosen, unless the user typed one. */
  function onFileChange(next: File | null) {
    setFile(next);
    setFileError(next ? (checkFile(next) ?? undefined) : undefined);
    if (!next) return;
    const current = form.getValues('name').trim();
    if (current === '' || current === autoName.current) {
      const name = defaultDocumentName(next.name);
      autoName.current = name.trim();
      form.setValue('name', name, { shouldDirty: true });
      form.clearErrors('name');
    }
    setDraft((d) => ({ ...d, reselectFile: false }));
  }

  const upload = form.handleSubmit(async () => {
    if (!file) return;
    session.setEnded(false);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      await uploadDocument(form.getValues() as UploadFields, file, { onProgress: setProgress, signal: controller.signal });
      toast.success(documentsText.t('toast.uploaded'));
      clearDraft();
      form.reset(EMPTY_FIELDS as FormValues);
      autoName.current = null;
      setFile(null);
      setFileInputKey((k) => k + 1);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        toast(documentsText.t('toast.cancelled'));
      } else if (err instanceof ApiError && err.status === 401) {
        // The session ended: keep the typed fields (the draft), ask to sign in again.
        setDraft((d) => ({ ...d, reselectFile: true }));
        session.setEnded(true);
      } else if (err instanceof ApiError && (err.status === 413 || err.fields?.file)) {
        setFileError(err.fields?.file ?? err.message);
        document.getElementById(FILE_ID)?.focus();
        toast.error(documentsText.t('toast.uploadFailed'));
      } else {
        form.applyServerError(err, { fallback: documentsText.t('toast.uploadFailed') });
        toast.error(documentsText.t('toast.uploadFailed'));
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  });

  function submit(e: FormEvent) {
    if (uploading) {
      e.preventDefault();
      return;
    }
    const problem = file ? checkFile(file) : t('upload.noFile');
    setFileError(problem ?? undefined);
    if (!problem) return void upload(e);
    // The file comes first: show the fields' errors too, then focus the file.
    e.preventDefault();
    void form.trigger().then(() => document.getElementById(FILE_ID)?.focus());
  }

  const dealOptions = [
    { value: '', label: t('upload.generalDeal') },
    ...(deals.data ?? []).toSorted((a, b) => a.title.localeCompare(b.title)).map((d) => ({ value: d.id, label: d.title })),
  ];
  // A draft may name a deal the list has not loaded yet: keep it selectable instead of silently dropping it.
  const dealId = String(form.watch('dealId') ?? '');
  if (dealId && !dealOptions.some((o) => o.value === dealId))
    dealOptions.push({ value: dealId, label: deals.isPending ? t('upload.loadingDeal') : t('upload.unknownDeal') });

  const fileHint =
    reselectFile && !file ? (
      <span className="font-medium text-warning-800">{t('upload.reselect')}</span>
    ) : file ? (
      t('upload.fileSummary', { name: file.name, size: formatBytes(file.size) })
    ) : (
      t('upload.allowed', { extensions: ALLOWED_EXTENSIONS.join(', ') })
    );

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t('upload.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('upload.formLabel')}>
          <fieldset disabled={uploading} className="contents">
            <div className="grid gap-4 md:grid-cols-2">
              <Field label={t('upload.file')} htmlFor={FILE_ID} error={fileError} hint={fileHint} required className="md:col-span-2">
                <Input
                  key={fileInputKey}
                  {...fieldProps(FILE_ID, fileError, true)}
                  type="file"
                  accept={ACCEPT_ATTRIBUTE}
                  required
                  onChange={(e) => onFileChange(e.target.files?.[0] ?? null)}
                  className="cursor-pointer py-1.5 file:me-3 file:cursor-pointer file:rounded file:border-0 file:bg-ink-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-ink-900 hover:file:bg-ink-50"
                />
              </Field>
              <Field label={t('upload.name')} htmlFor="upload-name" error={form.errorOf('name')} required>
                <Input {...form.field('name', 'upload-name')} required maxLength={200} />
              </Field>
              <Field label={t('upload.type')} htmlFor="upload-type" error={form.errorOf('type')} required>
                <NativeSelect
                  {...form.field('type', 'upload-type')}
                  required
                  placeholder={t('upload.typePlaceholder')}
                  options={DOCUMENT_TYPES.map((v) => ({ value: v, label: enumLabel('documentType', v) }))}
                />
              </Field>
              <Field label={t('upload.expiry')} htmlFor="upload-expiry" error={form.errorOf('expirationDate')} hint={t('upload.optional')}>
                <DateInput {...form.field('expirationDate', 'upload-expiry', { hint: true })} />
              </Field>
              <Field
                label={t('upload.deal')}
                htmlFor="upload-deal"
                error={form.errorOf('dealId')}
                hint={deals.isError ? t('upload.dealsFailed') : t('upload.optional')}
              >
                <NativeSelect {...form.field('dealId', 'upload-deal', { hint: true })} options={dealOptions} />
              </Field>
            </div>
            <Field
              label={t('upload.investor')}
              htmlFor="upload-investor"
              error={form.errorOf('investorId')}
              hint={t('upload.investorHint')}
            >
              <NativeSelect
                {...form.field('investorId', 'upload-investor', { hint: true })}
                options={[
                  { value: '', label: t('upload.noInvestor') },
                  ...(investors.data ?? []).map((i) => ({
                    value: i.id,
                    label: i.email ? t('upload.investorOption', { name: i.name, email: i.email }) : i.name,
                  })),
                ]}
              />
            </Field>
            <div className="flex min-h-10 items-center gap-3">
              <input
                id="upload-visible"
                type="checkbox"
                {...form.register('investorVisible')}
                className="size-5 cursor-pointer rounded accent-gold-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
              />
              <label htmlFor="upload-visible" className="cursor-pointer text-sm font-medium text-text">
                {t('upload.visible')}
              </label>
            </div>
          </fieldset>

          <SessionEndedNotice state={session}>
            <span className="font-medium">{t('upload.mustLogin')}</span>. {t('upload.keptAfterLogin')}
          </SessionEndedNotice>
          <FormError>{form.formError}</FormError>

          {uploading && (
            <div className="flex flex-col gap-1.5" aria-live="polite">
              <p className="text-sm text-muted">
                {t('upload.uploading', { name: file?.name ?? '' })}{' '}
                <span className="tabular">{formatFigure(`${Math.round(progress)}%`)}</span>
              </p>
              <Progress value={progress} label={t('upload.progress')} showValue />
            </div>
          )}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {uploading && (
              <Button type="button" variant="secondary" onClick={() => abortRef.current?.abort()}>
                <X aria-hidden="true" />
                {t('upload.cancel')}
              </Button>
            )}
            <Button type="submit" disabled={!file} busy={uploading}>
              {!uploading && <Upload aria-hidden="true" />}
              {uploading ? t('upload.busy') : t('upload.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
