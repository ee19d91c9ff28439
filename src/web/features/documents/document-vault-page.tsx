import { useQueryClient } from '@tanstack/react-query';
import { ChevronUp, Download, Eye, FileText, LogIn, RotateCw, Trash2, Upload, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ACCEPT_ATTRIBUTE,
  ALLOWED_EXTENSIONS,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  defaultDocumentName,
  documentExpiry,
  fileExtension,
  uploadFields,
  type VaultDocument,
} from '../../../shared/documents';
import { formatDate, formatDateTime } from '../../../shared/format';
import { PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field, fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { NativeSelect } from '../../components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { useDraft } from '../../lib/draft';
import { useDealOptions } from '../../lib/queries/deals';
import { documentKeys } from '../../lib/query-keys';
import {
  downloadDocument,
  type UploadFields,
  uploadDocument,
  useDeleteDocument,
  useDocuments,
  useInvestorOptions,
  useUpdateDocument,
  viewUrl,
} from './api';

const DRAFT_KEY = 'upload-document';
const UPLOAD_PANEL_ID = 'upload-document-panel';

type UploadDraft = UploadFields & {
  /** Set when the session ended mid-upload: the file could not be kept and must be chosen again. */
  reselectFile: boolean;
};

const EMPTY_DRAFT: UploadDraft = {
  name: '',
  type: '',
  expirationDate: '',
  dealId: '',
  investorVisible: false,
  investorId: '',
  reselectFile: false,
};

const EXTENSION_MESSAGE = `Files of this type are not accepted. Allowed: ${ALLOWED_EXTENSIONS.join(', ')}`;

/** True when an upload draft is waiting (e.g. after signing in again), so the form opens by itself. */
function hasPendingDraft(): boolean {
  try {
    const raw = sessionStorage.getItem(`draft:${DRAFT_KEY}`);
    if (!raw) return false;
    const d = JSON.parse(raw) as Partial<UploadDraft>;
    return Boolean(d.reselectFile || d.name || d.type || d.expirationDate || d.dealId);
  } catch {
    return false;
  }
}

/** Document Vault (/admin/documents): a toggled upload form above the library list. */
export default function DocumentVaultPage() {
  const [showForm, setShowForm] = useState(hasPendingDraft);
  // Mounted on first show and kept while hidden, so hiding the form loses neither the file nor a running upload.
  const [formMounted, setFormMounted] = useState(showForm);
  return (
    <>
      <PageHeader
        title="Document Vault"
        description="PPMs, LPAs, subscription agreements and due-diligence files, by deal."
        actions={
          <Button
            aria-expanded={showForm}
            aria-controls={UPLOAD_PANEL_ID}
            onClick={() => {
              setShowForm((v) => !v);
              setFormMounted(true);
            }}
          >
            {showForm ? <ChevronUp aria-hidden="true" /> : <Upload aria-hidden="true" />}
            {showForm ? 'Hide Upload Form' : 'Upload Document'}
          </Button>
        }
      />
      <div id={UPLOAD_PANEL_ID} hidden={!showForm}>
        {formMounted && <UploadForm />}
      </div>
      <DocumentLibrary />
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Upload form
// ---------------------------------------------------------------------------------------------

function checkFile(file: File): string | null {
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return EXTENSION_MESSAGE;
  if (file.size === 0) return 'The selected file is empty';
  return null;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function UploadForm() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut } = useAuth();
  const deals = useDealOptions();
  const investors = useInvestorOptions();
  const [draft, setDraft, clearDraft] = useDraft<UploadDraft>(DRAFT_KEY, EMPTY_DRAFT);
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  /** The name the last chosen file filled in (a typed name differs from it). */
  const autoName = useRef<string | null>(null);
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const uploading = progress !== null;

  useEffect(() => () => abortRef.current?.abort(), []);

  function set<K extends keyof UploadDraft>(key: K, value: UploadDraft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  }

  /** The name follows the last file chosen, unless the user typed one. */
  function onFileChange(next: File | null) {
    setFile(next);
    const fileError = next ? checkFile(next) : null;
    const current = draft.name.trim();
    const fillsName = next !== null && (current === '' || current === autoName.current);
    setErrors(({ file: _f, form: _g, ...rest }) => {
      const out: Record<string, string> = fileError ? { ...rest, file: fileError } : rest;
      if (fillsName) delete out.name;
      return out;
    });
    if (next) {
      const name = fillsName ? defaultDocumentName(next.name) : draft.name;
      if (fillsName) autoName.current = name.trim();
      setDraft((d) => ({ ...d, reselectFile: false, name }));
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (uploading) return;
    // (investorId is optional and validated by the server.)
    const errs: Record<string, string> = {};
    const parsed = uploadFields.safeParse(draft);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        errs[key] ??= issue.message;
      }
    }
    if (!file) errs.file = DOCUMENT_MESSAGES.noFile;
    else {
      const fileError = checkFile(file);
      if (fileError) errs.file = fileError;
    }
    setErrors(errs);
    if (Object.keys(errs).length || !file) {
      document.getElementById(id(Object.keys(errs)[0] ?? 'file'))?.focus();
      return;
    }

    setSessionEnded(false);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const doc = await uploadDocument(draft, file, { onProgress: setProgress, signal: controller.signal });
      qc.setQueryData<VaultDocument[]>(documentKeys.list(), (old) => (old ? [doc, ...old.filter((d) => d.id !== doc.id)] : old));
      void qc.invalidateQueries({ queryKey: documentKeys.all });
      toast.success(DOCUMENT_MESSAGES.uploaded);
      clearDraft();
      setFile(null);
      setFileInputKey((k) => k + 1);
      setErrors({});
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        toast('Upload cancelled');
      } else if (err instanceof ApiError && err.status === 401) {
        // The session ended: keep the typed fields (the draft), ask to sign in again.
        setDraft((d) => ({ ...d, reselectFile: true }));
        setSessionEnded(true);
      } else {
        const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
        const message = err instanceof Error ? err.message : DOCUMENT_MESSAGES.uploadFailed;
        if (Object.keys(fields).length) setErrors(fields);
        else if (err instanceof ApiError && err.status === 413) setErrors({ file: message });
        else setErrors({ form: message });
        toast.error(DOCUMENT_MESSAGES.uploadFailed);
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  }

  async function signInAgain() {
    const from = location;
    // The server session is gone; make the app forget it too so the login page does not bounce back.
    await signOut().catch(() => undefined);
    navigate('/login', { replace: true, state: { from } });
  }

  const dealOptions = [
    { value: '', label: 'General (no deal)' },
    ...(deals.data ?? []).toSorted((a, b) => a.title.localeCompare(b.title)).map((d) => ({ value: d.id, label: d.title })),
  ];
  // A draft may name a deal the list has not loaded yet: keep it selectable instead of silently dropping it.
  if (draft.dealId && !dealOptions.some((o) => o.value === draft.dealId))
    dealOptions.push({ value: draft.dealId, label: deals.isPending ? 'Loading deal...' : 'Unknown deal' });

  const fileHint =
    draft.reselectFile && !file ? (
      <span className="font-medium text-warning-800">Please select the file again: files cannot be kept while you sign in.</span>
    ) : file ? (
      `${file.name} · ${formatBytes(file.size)}`
    ) : (
      `Allowed: ${ALLOWED_EXTENSIONS.join(', ')}`
    );

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Upload Document</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Upload document">
          <div className="grid gap-4 md:grid-cols-2">
            <Field label="File" htmlFor={id('file')} error={errors.file} hint={fileHint} required className="md:col-span-2">
              <Input
                key={fileInputKey}
                {...fieldProps(id('file'), errors.file, true)}
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                required
                disabled={uploading}
                onChange={(e) => onFileChange(e.target.files?.[0] ?? null)}
                className="cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-ink-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-ink-900 hover:file:bg-ink-50"
              />
            </Field>
            <Field label="Document Name" htmlFor={id('name')} error={errors.name} required>
              <Input
                {...fieldProps(id('name'), errors.name)}
                required
                maxLength={200}
                disabled={uploading}
                value={draft.name}
                onChange={(e) => set('name', e.target.value)}
              />
            </Field>
            <Field label="Document Type" htmlFor={id('type')} error={errors.type} required>
              <NativeSelect
                {...fieldProps(id('type'), errors.type)}
                required
                disabled={uploading}
                placeholder="Select document type"
                value={draft.type}
                onChange={(e) => set('type', e.target.value)}
                options={DOCUMENT_TYPES.map((t) => ({ value: t, label: t }))}
              />
            </Field>
            <Field label="Expiration Date" htmlFor={id('expirationDate')} error={errors.expirationDate} hint="Optional">
              <Input
                {...fieldProps(id('expirationDate'), errors.expirationDate, true)}
                type="date"
                disabled={uploading}
                value={draft.expirationDate}
                onChange={(e) => set('expirationDate', e.target.value)}
              />
            </Field>
            <Field
              label="Deal"
              htmlFor={id('dealId')}
              error={errors.dealId}
              hint={deals.isError ? 'Deals could not be loaded; the document can still be filed as General.' : 'Optional'}
            >
              <NativeSelect
                {...fieldProps(id('dealId'), errors.dealId, true)}
                disabled={uploading}
                value={draft.dealId}
                onChange={(e) => set('dealId', e.target.value)}
                options={dealOptions}
              />
            </Field>
          </div>
          <Field
            label="Addressed to investor"
            htmlFor={id('investorId')}
            error={errors.investorId}
            hint="Optional: a statement or letter for one investor only. Leave empty for a deal or general document."
          >
            <NativeSelect
              {...fieldProps(id('investorId'), errors.investorId, true)}
              disabled={uploading}
              value={draft.investorId ?? ''}
              onChange={(e) => set('investorId', e.target.value)}
              options={[
                { value: '', label: 'No specific investor' },
                ...(investors.data ?? []).map((i) => ({ value: i.id, label: `${i.name}${i.email ? ` (${i.email})` : ''}` })),
              ]}
            />
          </Field>
          <div className="flex min-h-10 items-center gap-3">
            <input
              id={id('investorVisible')}
              type="checkbox"
              disabled={uploading}
              checked={draft.investorVisible}
              onChange={(e) => set('investorVisible', e.target.checked)}
              className="size-5 cursor-pointer rounded accent-gold-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600"
            />
            <label htmlFor={id('investorVisible')} className="cursor-pointer text-sm font-medium text-text">
              Visible to investors
            </label>
          </div>

          {sessionEnded && (
            <div
              role="alert"
              className="flex flex-col gap-3 rounded-md border border-danger-700/30 bg-danger-100 p-3 text-sm text-danger-700 sm:flex-row sm:items-center sm:justify-between"
            >
              <p>
                <span className="font-medium">{DOCUMENT_MESSAGES.mustLogin}</span>. What you typed is kept; after signing in, please select
                the file again.
              </p>
              <Button type="button" variant="secondary" size="sm" onClick={() => void signInAgain()}>
                <LogIn aria-hidden="true" />
                Sign in again
              </Button>
            </div>
          )}
          {errors.form && (
            <p role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
              {errors.form}
            </p>
          )}

          {uploading && (
            <div className="flex flex-col gap-1.5" aria-live="polite">
              <p className="text-sm text-muted">
                Uploading {file?.name}... <span className="tabular">{Math.round(progress)}%</span>
              </p>
              <Progress value={progress} label="Upload progress" showValue />
            </div>
          )}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {uploading && (
              <Button type="button" variant="secondary" onClick={() => abortRef.current?.abort()}>
                <X aria-hidden="true" />
                Cancel Upload
              </Button>
            )}
            <Button type="submit" disabled={!file} busy={uploading}>
              {!uploading && <Upload aria-hidden="true" />}
              {uploading ? 'Uploading...' : 'Upload Document'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Library list
// ---------------------------------------------------------------------------------------------

function sizeLabel(fileSize: string): string {
  return /[a-z]/i.test(fileSize) ? fileSize : `${fileSize} KB`;
}

function ExpiryLabel({ date }: { date: string | null }) {
  const e = documentExpiry(date);
  if (e.state === 'expired') return <Badge tone="danger">Expired</Badge>;
  if (e.state === 'expiring') return <Badge tone="warning">{e.label}</Badge>;
  if (e.state === 'valid') return <span className="tabular whitespace-nowrap">{formatDate(e.date)}</span>;
  return (
    <span>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No expiry</span>
    </span>
  );
}

function DocumentLibrary() {
  const docs = useDocuments();
  const [deleting, setDeleting] = useState<VaultDocument | null>(null);

  useEffect(() => {
    if (docs.isError) toast.error(DOCUMENT_MESSAGES.fetchFailed);
  }, [docs.isError]);

  return (
    <section aria-labelledby="library-heading">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="library-heading" className="text-lg font-semibold text-ink-900">
          Library
        </h2>
        {docs.data && docs.data.length > 0 && (
          <p className="text-sm text-muted">
            {docs.data.length} document{docs.data.length === 1 ? '' : 's'}
          </p>
        )}
      </div>

      {docs.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading documents...
          </span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-14 animate-pulse rounded-lg bg-ink-100/70" />
          ))}
        </div>
      ) : docs.isError ? (
        <Card className="p-8 text-center">
          <p className="font-medium text-danger-700">{DOCUMENT_MESSAGES.fetchFailed}</p>
          <p className="mt-1 text-sm text-muted">{docs.error.message}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void docs.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </Card>
      ) : docs.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-surface p-10 text-center">
          <FileText aria-hidden="true" className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-medium text-ink-900">{DOCUMENT_MESSAGES.empty}</p>
        </div>
      ) : (
        <>
          <div className="hidden xl:block">
            <Table aria-label="Documents">
              <THead>
                <tr>
                  <TH>Document</TH>
                  <TH>Type</TH>
                  <TH>Deal</TH>
                  <TH>Uploaded</TH>
                  <TH>Investors</TH>
                  <TH>Expiry</TH>
                  <TH className="sticky right-0 bg-ink-50">
                    <span className="sr-only">Actions</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {docs.data.map((d) => (
                  <TR key={d.id} className="group">
                    <TD className="max-w-52 min-w-40">
                      <span className="block truncate font-medium text-ink-900" title={`${d.name}.${d.extension}`}>
                        {d.name}
                      </span>
                      <span className="tabular text-xs text-muted">
                        <span className="uppercase">{d.extension}</span> · {sizeLabel(d.fileSize)}
                      </span>
                    </TD>
                    <TD className="min-w-28">{d.type}</TD>
                    <TD className="max-w-36">
                      <span className="block truncate" title={d.dealTitle ?? 'General'}>
                        {d.dealTitle ?? <span className="text-muted">General</span>}
                      </span>
                    </TD>
                    <TD className="tabular whitespace-nowrap">
                      <span title={formatDateTime(d.uploadDate)}>{formatDate(d.uploadDate)}</span>
                    </TD>
                    <TD>
                      <Audience doc={d} />
                    </TD>
                    <TD>
                      <ExpiryLabel date={d.expirationDate} />
                    </TD>
                    <TD className="sticky right-0 bg-surface pl-1 group-hover:bg-ink-50">
                      <RowActions doc={d} onDelete={() => setDeleting(d)} compact />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>

          <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Documents">
            {docs.data.map((d) => (
              <li key={d.id}>
                <Card className="flex h-full flex-col p-4">
                  <p className="font-medium break-words text-ink-900">{d.name}</p>
                  <p className="text-sm text-muted">
                    {d.type} · {d.dealTitle ?? 'General'}
                    {d.investorName ? ` · for ${d.investorName} only` : ''}
                  </p>
                  <dl className="mt-3 mb-3 grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-1.5 text-sm">
                    <dt className="text-muted">Size</dt>
                    <dd className="tabular">
                      <span className="uppercase">{d.extension}</span> · {sizeLabel(d.fileSize)}
                    </dd>
                    <dt className="text-muted">Uploaded</dt>
                    <dd className="tabular">{formatDate(d.uploadDate)}</dd>
                    <dt className="text-muted">Expiry</dt>
                    <dd>
                      <ExpiryLabel date={d.expirationDate} />
                    </dd>
                    <dt className="text-muted">Investors</dt>
                    <dd>
                      <Audience doc={d} />
                    </dd>
                  </dl>
                  <div className="mt-auto border-t border-border pt-3">
                    <RowActions doc={d} onDelete={() => setDeleting(d)} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting && <DeleteDialog doc={deleting} onDone={() => setDeleting(null)} />}
      </Dialog>
    </section>
  );
}

/**
 * Who sees a document, the same at every width: one named investor ("Only <name>": the
 * visibility box does not apply to it), or the visibility box for all investors.
 */
function Audience({ doc }: { doc: VaultDocument }) {
  return doc.investorName ? (
    <span className="text-sm whitespace-nowrap">
      Only <span className="font-medium">{doc.investorName}</span>
    </span>
  ) : (
    <VisibilityControl doc={doc} />
  );
}

function VisibilityControl({ doc }: { doc: VaultDocument }) {
  const update = useUpdateDocument();
  const inputId = useId();
  // The box follows the click at once (optimistic), then the saved value.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? doc.investorVisible;

  async function toggle(next: boolean) {
    setPending(next);
    try {
      const updated = await update.mutateAsync({ id: doc.id, patch: { investorVisible: next } });
      toast.success(updated.investorVisible ? `'${doc.name}' is now visible to investors` : `'${doc.name}' is now hidden from investors`);
    } catch (err) {
      toast.error('Failed to update document', { description: err instanceof Error ? err.message : undefined });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex min-h-8 items-center gap-2 pointer-coarse:min-h-10">
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        disabled={update.isPending}
        onChange={(e) => void toggle(e.target.checked)}
        className="size-4.5 shrink-0 cursor-pointer accent-gold-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600 disabled:cursor-wait"
      />
      <label
        htmlFor={inputId}
        className={cn('cursor-pointer text-sm whitespace-nowrap', checked ? 'font-medium text-success-700' : 'text-muted')}
      >
        Visible<span className="sr-only"> to investors: {doc.name}</span>
      </label>
    </div>
  );
}

function RowActions({ doc, onDelete, compact = false }: { doc: VaultDocument; onDelete: () => void; compact?: boolean }) {
  const { refresh } = useAuth();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadDocument(doc);
    } catch (err) {
      toast.error(DOCUMENT_MESSAGES.downloadFailed);
      // A 401 means the session is gone: let the auth context notice (the route guard then asks to sign in).
      if (err instanceof ApiError && err.status === 401) void refresh();
    } finally {
      setDownloading(false);
    }
  }

  // In the table the labels show from 2xl up; below that the buttons keep their names for assistive tech and a tooltip.
  const label = compact ? 'sr-only 2xl:not-sr-only' : undefined;
  const iconOnly = compact ? 'px-2 2xl:px-3' : undefined;
  return (
    <div className={cn('flex items-center gap-2', compact ? 'justify-end' : 'flex-wrap')}>
      <a
        href={viewUrl(doc)}
        target="_blank"
        rel="noopener"
        title={compact ? 'View (opens in a new tab)' : undefined}
        className={buttonClass({ variant: 'secondary', size: 'sm', className: iconOnly })}
      >
        <Eye aria-hidden="true" />
        <span className={label}>View</span>
        <span className="sr-only"> {doc.name}</span>
      </a>
      <Button
        variant="secondary"
        size="sm"
        busy={downloading}
        onClick={() => void download()}
        title={compact ? 'Download' : undefined}
        className={iconOnly}
      >
        {!downloading && <Download aria-hidden="true" />}
        <span className={label}>Download</span>
        <span className="sr-only"> {doc.name}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        title={compact ? 'Delete' : undefined}
        className={cn('text-danger-700', iconOnly)}
      >
        <Trash2 aria-hidden="true" />
        <span className={label}>Delete</span>
        <span className="sr-only"> {doc.name}</span>
      </Button>
    </div>
  );
}

function DeleteDialog({ doc, onDone }: { doc: VaultDocument; onDone: () => void }) {
  const del = useDeleteDocument();

  async function confirm() {
    try {
      await del.mutateAsync(doc.id);
      toast.success('Document deleted successfully');
      onDone();
    } catch (err) {
      toast.error('Failed to delete document', { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <DialogContent size="sm">
      <DialogHeader>
        <DialogTitle>Delete document?</DialogTitle>
        <DialogDescription>“{doc.name}” and its stored file will be permanently deleted. This cannot be undone.</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={del.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button variant="danger" busy={del.isPending} onClick={() => void confirm()}>
          {del.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
