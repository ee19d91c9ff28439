import { Download, Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DOCUMENT_MESSAGES, type VaultDocument } from '../../../shared/documents';
import { Button, buttonClass } from '../../components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { downloadDocument, useDeleteDocument, viewUrl } from './api';

export function RowActions({ doc, onDelete, compact = false }: { doc: VaultDocument; onDelete: () => void; compact?: boolean }) {
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

export function DeleteDialog({ doc, onDone }: { doc: VaultDocument; onDone: () => void }) {
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
      <DialogActions variant="danger" submit="Delete" busyLabel="Deleting..." busy={del.isPending} onSubmit={() => void confirm()} />
    </DialogContent>
  );
}
