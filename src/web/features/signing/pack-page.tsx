import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import type { PlacedField } from '../../../shared/signing';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { serverMessage } from './api';
import { packTemplateUrl, usePack, useSavePack } from './pack-api';
import { packEditorText } from './pack-editor-i18n';
import { type PdfSource, usePdf } from './pdf-document';
import { PdfPageCanvas } from './pdf-page-canvas';
import { PlacementEditor } from './placement-editor';

/**
 * /admin/deals/:id/subscription-pack: the deal's subscription agreement and the fields placed on
 * it (issue 30, decision record 056). A newly chosen template is shown from the file itself and
 * saved with its fields in one upload; otherwise the saved template is shown and its fields are
 * saved as a new version. Either way a subscription started afterwards uses the new version.
 */
export default function PackPage() {
  const { t } = packEditorText.useT();
  const { id = '' } = useParams();
  const pack = usePack(id);
  const save = useSavePack(id);
  const [file, setFile] = useState<File | null>(null);
  const [edited, setEdited] = useState<PlacedField[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();
  const source: PdfSource | null = file ? { file } : pack.data ? { url: packTemplateUrl(id) } : null;
  const pdf = usePdf(source);
  const fields = edited ?? pack.data?.fields ?? [];
  const dirty = file !== null || edited !== null;
  // Placed fields are lost on leaving unsaved: ask first (a link in the app, or closing the tab).
  useUnsavedChangesGuard(dirty && !save.isPending);

  function submit() {
    setError(null);
    save.mutate(
      { fields, ...(file ? { file } : {}) },
      {
        onSuccess: (saved) => {
          toast.success(t('saved', { version: saved.version }));
          setFile(null);
          setEdited(null);
        },
        onError: (err) => {
          const message = serverMessage(err) ?? t('saveFailed');
          setError(message);
          toast.error(t('saveFailed'), { description: message });
        },
      },
    );
  }

  return (
    <>
      <div className="mb-4">
        <Button asChild variant="ghost" size="sm" className="-ms-3">
          <Link to={`/admin/deals/${encodeURIComponent(id)}`}>
            <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
            {t('back')}
          </Link>
        </Button>
      </div>
      <PageHeader title={t('title')} description={t('description')} />
      {pack.isPending ? (
        <div role="status">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton shape="block" className="h-64" />
        </div>
      ) : pack.isError ? (
        <LoadError title={t('loadFailed')} error={pack.error} busy={pack.isFetching} onRetry={() => void pack.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <Card className="flex flex-col gap-3 p-4">
            <h2 className="text-lg font-semibold text-ink-900">{t('templateTitle')}</h2>
            <p className="text-sm text-text">
              {pack.data
                ? t('current', {
                    version: pack.data.version,
                    file: pack.data.fileName,
                    pages: pack.data.pageCount,
                    at: formatDateTime(pack.data.createdAt),
                  })
                : t('none')}
            </p>
            <div className="flex flex-col gap-1">
              <label htmlFor={fileId} className="text-sm font-medium text-text">
                {pack.data ? t('replace') : t('upload')}
              </label>
              <input
                id={fileId}
                type="file"
                accept="application/pdf,.pdf"
                aria-describedby={`${fileId}-hint`}
                className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:font-medium"
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  setFile(chosen);
                  setError(null);
                  if (chosen && !pack.data) setEdited([]);
                }}
              />
              <p id={`${fileId}-hint`} className="text-sm text-muted">
                {file ? t('fileChosen', { file: file.name }) : t('fileHint')}
              </p>
            </div>
          </Card>
          <Card className="flex flex-col gap-3 p-4">
            <h2 className="text-lg font-semibold text-ink-900">{t('fieldsTitle')}</h2>
            {!source ? (
              <p className="text-sm text-muted">{t('chooseFirst')}</p>
            ) : pdf.status === 'loading' ? (
              <div role="status">
                <span className="sr-only">{t('pdfLoading')}</span>
                <Skeleton shape="block" className="h-96" />
              </div>
            ) : pdf.status === 'error' ? (
              <p role="alert" className="text-sm text-danger-700">
                {t('pdfFailed')}
              </p>
            ) : (
              <PlacementEditor
                geometry={pdf.geometry}
                fields={fields}
                onChange={(next) => {
                  setEdited(next);
                  setError(null);
                }}
                renderPage={(i, scale, label) => {
                  const page = pdf.pages[i];
                  return page ? <PdfPageCanvas page={page} scale={scale} label={label} /> : null;
                }}
              />
            )}
            {error && (
              <p role="alert" className="text-sm text-danger-700">
                {error}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" onClick={submit} busy={save.isPending} disabled={!dirty || pdf.status !== 'ready'}>
                {save.isPending ? t('saving') : t('save')}
              </Button>
              {dirty && <p className="text-sm text-muted">{t('unsaved')}</p>}
            </div>
          </Card>
        </div>
      )}
    </>
  );
}
