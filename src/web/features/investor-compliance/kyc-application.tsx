import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleDashed, Lock, Send, ShieldAlert, Upload, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { fileExtension } from '../../../shared/documents';
import { formatBytes, formatDate, formatDateTime } from '../../../shared/format';
import {
  KYC_CATEGORY_OF,
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_LABELS,
  KYC_EXTENSIONS,
  type KycDetail,
  type KycDocumentKind,
} from '../../../shared/kyc';
import type { ComplianceCategoryStatus } from '../../../shared/portal';
import { KycFileActions, KycStatusBadge } from '../../components/domain/kyc';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { ApiError, serverMessage } from '../../lib/api';
import { uploadKycDocument, useSubmitKyc } from '../../lib/queries/kyc';
import { kycKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { ComplianceCategoryCard } from './compliance-ui';

export type Category = 'Identity Verification' | 'Financial Suitability';
export const KYC_CATEGORIES: { name: Category; description: string }[] = [
  { name: 'Identity Verification', description: 'Who you are and where you live.' },
  { name: 'Financial Suitability', description: 'Your financial standing and where the invested funds come from.' },
];
const kindsOf = (c: Category) => KYC_DOCUMENT_KINDS.filter((k) => KYC_CATEGORY_OF[k] === c);

const ACCEPT = KYC_EXTENSIONS.map((e) => `.${e}`).join(',');
const ALLOWED_TEXT = 'PDF, JPG or PNG';

export const MESSAGES = {
  submitted: 'KYC application submitted for review',
  submitFailed: 'Failed to submit KYC application',
  uploadFailed: 'Upload failed',
  loadFailed: 'Failed to load your KYC application',
} as const;

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
  const submit = useSubmitKyc();
  const hintId = useId();
  const uploaded = KYC_DOCUMENT_KINDS.filter((k) => app.flags[k]).length;
  const canSubmit = uploaded === KYC_DOCUMENT_KINDS.length && editable(app);

  async function onSubmit() {
    try {
      await submit.mutateAsync();
      toast.success(MESSAGES.submitted);
    } catch (err) {
      toast.error(MESSAGES.submitFailed, { description: serverMessage(err) });
    }
  }

  let message: ReactNode;
  switch (app.status) {
    case 'pending':
      message =
        uploaded === KYC_DOCUMENT_KINDS.length
          ? 'All four documents are uploaded. Submit your application so that our compliance team can review it.'
          : 'Upload the four documents below, then submit your application for review.';
      break;
    case 'in_review':
      message = (
        <>
          Submitted on <span className="tabular">{formatDate(app.submittedAt)}</span>. Our compliance team is reviewing your application;
          you will see the outcome here.
        </>
      );
      break;
    case 'approved':
      message = (
        <>
          Your KYC was approved on <span className="tabular">{formatDate(app.reviewedAt)}</span>
          {app.reviewedByName ? ` by ${app.reviewedByName}` : ''}. You are cleared to subscribe to deals.
        </>
      );
      break;
    case 'rejected':
      message = 'Please correct the documents concerned below, then submit your application again.';
      break;
  }

  return (
    <Card data-testid="kyc-application-status">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <CardTitle>KYC Application</CardTitle>
            <KycStatusBadge status={app.status} />
          </div>
          <Button onClick={() => void onSubmit()} disabled={!canSubmit} busy={submit.isPending} aria-describedby={hintId}>
            {!submit.isPending && <Send aria-hidden="true" />}
            {submit.isPending ? 'Submitting...' : 'Submit for Review'}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="text-muted">Completion</span>
            <span className="tabular text-muted">
              {uploaded} of {KYC_DOCUMENT_KINDS.length} documents uploaded
            </span>
          </div>
          <Progress value={app.completionPercentage} label="KYC completion" showValue />
        </div>

        {app.status === 'rejected' && (
          <div className="flex gap-3 rounded-md border border-danger-700/30 bg-danger-100 p-4 text-danger-700" data-testid="kyc-rejection">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0">
              <p className="font-semibold">Your application was not approved</p>
              {app.reviewNote && (
                <p className="mt-1 break-words whitespace-pre-line">
                  <span className="font-medium">Reason: </span>
                  {app.reviewNote}
                </p>
              )}
              {app.reviewedAt && (
                <p className="mt-1 text-sm">
                  Reviewed <span className="tabular">{formatDateTime(app.reviewedAt)}</span>
                  {app.reviewedByName ? ` by ${app.reviewedByName}` : ''}
                </p>
              )}
            </div>
          </div>
        )}

        {app.status === 'approved' && app.reviewNote && (
          <p className="rounded-md border border-border bg-ink-50 px-3 py-2 text-sm">
            <span className="font-medium">Reviewer's note: </span>
            {app.reviewNote}
          </p>
        )}

        <p className="text-sm text-text">{message}</p>

        <p id={hintId} className="flex items-start gap-2 text-sm text-muted">
          {!editable(app) ? (
            <>
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {app.status === 'in_review'
                ? 'Documents cannot be changed while your application is in review.'
                : 'Your application is approved, so its documents are locked. Contact the compliance team to update them.'}
            </>
          ) : canSubmit ? (
            app.status === 'rejected' ? (
              'Submitting again sends your corrected application back to review.'
            ) : (
              'After submitting, documents are locked until the review is complete.'
            )
          ) : (
            `Upload all four documents to submit (${uploaded} of ${KYC_DOCUMENT_KINDS.length} uploaded).`
          )}
        </p>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Categories with their document checklists
// ---------------------------------------------------------------------------------------------

export function CategoryCard({ app, category, description }: { app: KycDetail; category: Category; description: string }) {
  const kinds = kindsOf(category);
  const done = kinds.filter((k) => app.flags[k]).length;
  return (
    <ComplianceCategoryCard
      category={category}
      status={categoryStatus(app, category)}
      progress={Math.round((done / kinds.length) * 100)}
      description={description}
      testId={`kyc-category-${category}`}
    >
      {kinds.map((k) => (
        <DocumentItem key={k} app={app} kind={k} />
      ))}
    </ComplianceCategoryCard>
  );
}

function checkFile(file: File): string | null {
  if (!(KYC_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return `This file type is not accepted. Allowed: ${ALLOWED_TEXT}.`;
  if (file.size === 0) return 'The selected file is empty';
  return null;
}

function DocumentItem({ app, kind }: { app: KycDetail; kind: KycDocumentKind }) {
  const qc = useQueryClient();
  const label = KYC_DOCUMENT_LABELS[kind];
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
      qc.setQueryData(kycKeys.me(), updated);
      toast.success(`${label} uploaded`);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        toast('Upload cancelled');
      } else {
        const message = serverMessage(err) ?? MESSAGES.uploadFailed;
        setError(err instanceof ApiError && err.fields?.file ? err.fields.file : message);
        toast.error(MESSAGES.uploadFailed, { description: message });
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
      void qc.invalidateQueries({ queryKey: kycKeys.all });
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
            <span className="sr-only">: {doc ? 'Done' : 'Missing'}</span>
          </p>
          <p className="truncate text-sm text-muted" title={doc?.originalName}>
            {doc ? (
              <>
                {doc.originalName} · {formatBytes(doc.byteSize)} · <span className="tabular">{formatDate(doc.uploadedAt)}</span>
              </>
            ) : (
              'Not uploaded'
            )}
          </p>
        </div>
      </div>

      {uploading && (
        <div className="flex flex-col gap-1.5 ps-8" aria-live="polite">
          <p className="truncate text-sm text-muted">
            Uploading {fileName}... <span className="tabular">{Math.round(progress)}%</span>
          </p>
          <div className="flex items-center gap-2">
            <Progress value={progress} label={`Uploading ${label}`} showValue className="flex-1" />
            <Button variant="ghost" size="sm" onClick={() => abortRef.current?.abort()}>
              <X aria-hidden="true" />
              Cancel
              <span className="sr-only"> {label} upload</span>
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
          aria-label={`${label} file`}
          onChange={(e) => void onFile(e.target.files?.[0] ?? null)}
        />
        <Button
          variant={doc ? 'secondary' : 'primary'}
          size="sm"
          disabled={locked}
          busy={uploading}
          aria-describedby={error ? `${uid}-error` : undefined}
          onClick={() => inputRef.current?.click()}
          title={locked ? 'Documents are locked' : `${ALLOWED_TEXT}`}
        >
          {!uploading && <Upload aria-hidden="true" />}
          {uploading ? 'Uploading...' : doc ? 'Replace' : 'Upload'}
          <span className="sr-only"> {label}</span>
        </Button>
        {doc && <KycFileActions owner="me" kind={kind} doc={doc} />}
        {!doc && !locked && <span className="text-xs text-muted">{ALLOWED_TEXT}</span>}
      </div>
    </li>
  );
}
