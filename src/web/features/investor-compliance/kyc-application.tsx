import { CircleCheck, CircleDashed, Lock, Send, ShieldAlert, Upload, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { fileExtension } from '../../../shared/documents';
import { formatBytes, formatDate, formatDateTimeZoned, formatNumber } from '../../../shared/format';
import type { ComplianceCategoryStatus } from '../../../shared/investor-compliance';
import { KYC_CATEGORY_OF, KYC_DOCUMENT_KINDS, KYC_EXTENSIONS, type KycDetail, type KycDocumentKind } from '../../../shared/kyc';
import { KycFileActions, KycStatusBadge } from '../../components/domain/kyc';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { ApiError, serverMessage } from '../../lib/api';
import { enumLabel } from '../../lib/i18n';
import { uploadKycDocument, useMyKycCache, useSubmitKyc } from '../../lib/queries/kyc';
import { toast } from '../../lib/toast';
import { ComplianceCategoryCard } from './compliance-ui';
import { investorComplianceText } from './i18n';

/** A date inside a sentence keeps its figures together. */
const DATE = { date: <span className="tabular" /> };

export type Category = 'Identity Verification' | 'Financial Suitability';
/** The two KYC categories; their names and descriptions are `category.<name>` in the catalogue. */
export const KYC_CATEGORIES: readonly Category[] = ['Identity Verification', 'Financial Suitability'];
const kindsOf = (c: Category) => KYC_DOCUMENT_KINDS.filter((k) => KYC_CATEGORY_OF[k] === c);

const ACCEPT = KYC_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * Same rule as the server's compliance overview (GET /api/investor/compliance), computed from
 * the KYC application so that the two KYC categories follow uploads and submission at once.
 */
function categoryStatus(app: KycDetail, c: Category): ComplianceCategoryStatus {
  const complete = kindsOf(c).every((k) => app.flags[k]);
  if (app.status === 'approved' && complete) return 'Complete';
  if (app.status === 'in_review') return 'In Review';
  if (app.status === 'rejected') return 'Action Required';
  return 'In Progress';
}

const editable = (app: KycDetail) => app.status === 'pending' || app.status === 'rejected';

// ---------------------------------------------------------------------------------------------
// Overall status and submission
// ---------------------------------------------------------------------------------------------

export function ApplicationStatus({ app }: { app: KycDetail }) {
  const { t } = investorComplianceText.useT();
  const submit = useSubmitKyc();
  const hintId = useId();
  const uploaded = KYC_DOCUMENT_KINDS.filter((k) => app.flags[k]).length;
  const canSubmit = uploaded === KYC_DOCUMENT_KINDS.length && editable(app);

  async function onSubmit() {
    try {
      await submit.mutateAsync();
      toast.success(t('toast.submitted'));
    } catch (err) {
      toast.error(t('toast.submitFailed'), { description: serverMessage(err) });
    }
  }

  let message: ReactNode;
  switch (app.status) {
    case 'pending':
      message = uploaded === KYC_DOCUMENT_KINDS.length ? t('kyc.pendingReady') : t('kyc.pendingUpload');
      break;
    case 'in_review':
      message = <Trans t={t} i18nKey="kyc.inReview" values={{ date: formatDate(app.submittedAt) }} components={DATE} />;
      break;
    case 'approved':
      message = (
        <Trans
          t={t}
          i18nKey={app.reviewedByName ? 'kyc.approvedBy' : 'kyc.approved'}
          values={{ date: formatDate(app.reviewedAt), name: app.reviewedByName ?? '' }}
          components={DATE}
        />
      );
      break;
    case 'rejected':
      message = t('kyc.rejectedMessage');
      break;
  }

  return (
    <Card data-testid="kyc-application-status">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <CardTitle>{t('kyc.title')}</CardTitle>
            <KycStatusBadge status={app.status} />
          </div>
          <Button onClick={() => void onSubmit()} disabled={!canSubmit} busy={submit.isPending} aria-describedby={hintId}>
            {!submit.isPending && <Send aria-hidden="true" />}
            {submit.isPending ? t('kyc.submitting') : t('kyc.submit')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="text-muted">{t('kyc.completion')}</span>
            <span className="tabular text-muted">{t('kyc.uploadedCount', { uploaded, total: KYC_DOCUMENT_KINDS.length })}</span>
          </div>
          <Progress value={app.completionPercentage} label={t('kyc.completionLabel')} showValue />
        </div>

        {app.status === 'rejected' && (
          <div className="flex gap-3 rounded-md border border-danger-700/30 bg-danger-100 p-4 text-danger-700" data-testid="kyc-rejection">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0">
              <p className="font-semibold">{t('kyc.notApproved')}</p>
              {app.reviewNote && (
                <p className="mt-1 break-words whitespace-pre-line">
                  <span className="font-medium">{t('kyc.reason')}</span>
                  {app.reviewNote}
                </p>
              )}
              {app.reviewedAt && (
                <p className="mt-1 text-sm">
                  <Trans
                    t={t}
                    i18nKey={app.reviewedByName ? 'kyc.reviewedBy' : 'kyc.reviewed'}
                    values={{ date: formatDateTimeZoned(app.reviewedAt), name: app.reviewedByName ?? '' }}
                    components={DATE}
                  />
                </p>
              )}
            </div>
          </div>
        )}

        {app.status === 'approved' && app.reviewNote && (
          <p className="rounded-md border border-border bg-ink-50 px-3 py-2 text-sm">
            <span className="font-medium">{t('kyc.reviewerNote')}</span>
            {app.reviewNote}
          </p>
        )}

        <p className="text-sm text-text">{message}</p>

        <p id={hintId} className="flex items-start gap-2 text-sm text-muted">
          {!editable(app) ? (
            <>
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {app.status === 'in_review' ? t('kyc.lockedInReview') : t('kyc.lockedApproved')}
            </>
          ) : canSubmit ? (
            app.status === 'rejected' ? (
              t('kyc.resubmitHint')
            ) : (
              t('kyc.submitHint')
            )
          ) : (
            t('kyc.uploadAllHint', { uploaded, total: KYC_DOCUMENT_KINDS.length })
          )}
        </p>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Categories with their document checklists
// ---------------------------------------------------------------------------------------------

export function CategoryCard({ app, category }: { app: KycDetail; category: Category }) {
  const { t } = investorComplianceText.useT();
  const kinds = kindsOf(category);
  const done = kinds.filter((k) => app.flags[k]).length;
  return (
    <ComplianceCategoryCard
      category={category}
      status={categoryStatus(app, category)}
      progress={Math.round((done / kinds.length) * 100)}
      description={t(`category.${category}.description`)}
      testId={`kyc-category-${category}`}
    >
      {kinds.map((k) => (
        <DocumentItem key={k} app={app} kind={k} />
      ))}
    </ComplianceCategoryCard>
  );
}

function checkFile(file: File): string | null {
  const t = investorComplianceText.t;
  if (!(KYC_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return t('kyc.fileTypeRefused', { allowed: t('kyc.allowed') });
  if (file.size === 0) return t('kyc.fileEmpty');
  return null;
}

function DocumentItem({ app, kind }: { app: KycDetail; kind: KycDocumentKind }) {
  const { t } = investorComplianceText.useT();
  const kycCache = useMyKycCache();
  const label = enumLabel('kycDocument', kind);
  const doc = app.documents.find((d) => d.kind === kind);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const uid = useId();
  const uploading = progress !== null;
  const locked = !editable(app);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function onFile(file: File | null) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const invalid = checkFile(file);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setFileName(file.name);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const updated = await uploadKycDocument(kind, file, { onProgress: setProgress, signal: controller.signal });
      kycCache.store(updated);
      toast.success(t('toast.uploaded', { document: label }));
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        toast(t('toast.uploadCancelled'));
      } else {
        const message = serverMessage(err) ?? t('toast.uploadFailed');
        setError(err instanceof ApiError && err.fields?.file ? err.fields.file : message);
        toast.error(t('toast.uploadFailed'), { description: message });
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
      kycCache.refresh();
    }
  }

  return (
    <li className="flex flex-col gap-3 p-3" data-testid={`kyc-item-${kind}`}>
      <div className="flex items-start gap-3">
        {doc ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success-700" />
        ) : (
          <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium text-ink-900">
            {label}
            <span className="sr-only">{doc ? t('done') : t('missing')}</span>
          </p>
          <p className="truncate text-sm text-muted" title={doc?.originalName}>
            {doc ? (
              <>
                <bdi>{doc.originalName}</bdi> · {formatBytes(doc.byteSize)} · <span className="tabular">{formatDate(doc.uploadedAt)}</span>
              </>
            ) : (
              t('kyc.notUploaded')
            )}
          </p>
        </div>
      </div>

      {uploading && (
        <div className="flex flex-col gap-1.5 ps-8" aria-live="polite">
          <p className="truncate text-sm text-muted">
            <Trans
              t={t}
              i18nKey="kyc.uploadingFile"
              values={{ name: fileName, percent: formatNumber(Math.round(progress)) }}
              components={{ pct: <span className="tabular" /> }}
            />
          </p>
          <div className="flex items-center gap-2">
            <Progress value={progress} label={t('kyc.uploadingLabel', { document: label })} showValue className="flex-1" />
            <Button variant="ghost" size="sm" onClick={() => abortRef.current?.abort()}>
              <X aria-hidden="true" />
              {t('kyc.cancel')}
              <span className="sr-only">{t('kyc.cancelLabel', { document: label })}</span>
            </Button>
          </div>
        </div>
      )}

      {error && (
        <p id={`${uid}-error`} role="alert" className="ms-8 rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
          {error}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2 ps-8">
        <input
          ref={inputRef}
          id={`${uid}-file`}
          type="file"
          accept={ACCEPT}
          hidden
          tabIndex={-1}
          aria-label={t('kyc.fileLabel', { document: label })}
          onChange={(e) => void onFile(e.target.files?.[0] ?? null)}
        />
        <Button
          variant={doc ? 'secondary' : 'primary'}
          size="sm"
          disabled={locked}
          busy={uploading}
          aria-describedby={error ? `${uid}-error` : undefined}
          onClick={() => inputRef.current?.click()}
          title={locked ? t('kyc.locked') : t('kyc.allowed')}
        >
          {!uploading && <Upload aria-hidden="true" />}
          {uploading ? t('kyc.uploading') : doc ? t('kyc.replace') : t('kyc.upload')}
          <span className="sr-only"> {label}</span>
        </Button>
        {doc && <KycFileActions owner="me" kind={kind} doc={doc} />}
        {!doc && !locked && <span className="text-xs text-muted">{t('kyc.allowed')}</span>}
      </div>
    </li>
  );
}
