import { FileText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { DOCUMENT_MESSAGES, documentExpiry, type VaultDocument } from '../../../shared/documents';
import { formatDate, formatDateTimeZoned } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { ListSkeleton } from '../../components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useDocuments, useUpdateDocument } from './api';
import { DeleteDialog, RowActions } from './document-actions';

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

export function DocumentLibrary() {
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
        <ListSkeleton label="Loading documents..." rowClassName="h-14" />
      ) : docs.isError ? (
        <LoadError title={DOCUMENT_MESSAGES.fetchFailed} error={docs.error} onRetry={() => void docs.refetch()} busy={docs.isFetching} />
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
                  <TH className="sticky end-0 bg-ink-50">
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
                      <span title={formatDateTimeZoned(d.uploadDate)}>{formatDate(d.uploadDate)}</span>
                    </TD>
                    <TD>
                      <Audience doc={d} />
                    </TD>
                    <TD>
                      <ExpiryLabel date={d.expirationDate} />
                    </TD>
                    <TD className="sticky end-0 bg-surface ps-1 group-hover:bg-ink-50">
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
