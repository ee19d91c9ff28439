import { Download, Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { VaultDocument } from '../../../shared/documents';
import { Button, buttonClass } from '../../components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ApiError, serverMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { downloadDocument, useDeleteDocument, viewUrl } from './api';
import { documentsText } from './i18n';

export function RowActions({ doc, onDelete, compact = false }: { doc: VaultDocument; onDelete: () => void; compact?: boolean }) {
  const { t } = documentsText.useT();
  const { refresh } = useAuth();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadDocument(doc);
    } catch (err) {
      toast.error(documentsText.t('toast.downloadFailed'));
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
        title={compact ? t('actions.viewTitle') : undefined}
        className={buttonClass({ variant: 'secondary', size: 'sm', className: iconOnly })}
      >
        <Eye aria-hidden="true" />
        <span className={label}>{t('actions.view')}</span>
        <span className="sr-only">
          {' '}
          <bdi>{doc.name}</bdi>
        </span>
      </a>
      <Button
        variant="secondary"
        size="sm"
        busy={downloading}
        onClick={() => void download()}
        title={compact ? t('actions.download') : undefined}
        className={iconOnly}
      >
        {!downloading && <Download aria-hidden="true" />}
        <span className={label}>{t('actions.download')}</span>
        <span className="sr-only">
          {' '}
          <bdi>{doc.name}</bdi>
        </span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        title={compact ? t('actions.delete') : undefined}
        className={cn('text-danger-700', iconOnly)}
      >
        <Trash2 aria-hidden="true" />
        <span className={label}>{t('actions.delete')}</span>
        <span className="sr-only">
          {' '}
          <bdi>{doc.name}</bdi>
        </span>
      </Button>
    </div>
  );
}

export function DeleteDialog({ doc, onDone }: { doc: VaultDocument; onDone: () => void }) {
  const { t } = documentsText.useT();
  const del = useDeleteDocument();

  async function confirm() {
    try {
      await del.mutateAsync(doc.id);
      toast.success(documentsText.t('toast.deleted'));
      onDone();
    } catch (err) {
      toast.error(documentsText.t('toast.deleteFailed'), { description: serverMessage(err) });
    }
  }

  return (
    <DialogContent size="sm">
      <DialogHeader>
        <DialogTitle>{t('delete.title')}</DialogTitle>
        <DialogDescription>{t('delete.description', { name: doc.name })}</DialogDescription>
      </DialogHeader>
      <DialogActions
        variant="danger"
        submit={t('delete.submit')}
        busyLabel={t('delete.busy')}
        cancel={t('delete.cancel')}
        busy={del.isPending}
        onSubmit={() => void confirm()}
      />
    </DialogContent>
  );
}
