import { FileText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Trans } from 'react-i18next';
import { documentExpiry, type VaultDocument } from '../../../shared/documents';
import { formatDate, formatDateTimeZoned } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { DataList } from '../../components/ui/data-list';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { TD, TH, TR } from '../../components/ui/table';
import { serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { enumLabel } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDocuments, useUpdateDocument } from './api';
import { DeleteDialog, RowActions } from './document-actions';
import { documentsText } from './i18n';

function sizeLabel(fileSize: string): string {
  return /[a-z]/i.test(fileSize) ? fileSize : documentsText.t('library.sizeKb', { size: fileSize });
}

function ExpiryLabel({ date }: { date: string | null }) {
  const { t } = documentsText.useT();
  const e = documentExpiry(date);
  if (e.state === 'expired') return <Badge tone="danger">{t('expiry.expired')}</Badge>;
  if (e.state === 'expiring') return <Badge tone="warning">{t('expiry.expiresIn', { count: e.days })}</Badge>;
  if (e.state === 'valid') return <span className="tabular whitespace-nowrap">{formatDate(e.date)}</span>;
  return (
    <span>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('expiry.none')}</span>
    </span>
  );
}

export function DocumentLibrary() {
  const { t } = documentsText.useT();
  const docs = useDocuments();
  const [deleting, setDeleting] = useState<VaultDocument | null>(null);

  useEffect(() => {
    if (docs.isError) toast.error(documentsText.t('toast.fetchFailed'));
  }, [docs.isError]);

  return (
    <section aria-labelledby="library-heading">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="library-heading" className="text-lg font-semibold text-ink-900">
          {t('library.title')}
        </h2>
        {docs.data && docs.data.length > 0 && <p className="text-sm text-muted">{t('library.count', { count: docs.data.length })}</p>}
      </div>

      {docs.isError ? (
        <LoadError title={t('toast.fetchFailed')} error={docs.error} onRetry={() => void docs.refetch()} busy={docs.isFetching} />
      ) : docs.data?.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-surface p-10 text-center">
          <FileText aria-hidden="true" className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-medium text-ink-900">{t('library.empty')}</p>
        </div>
      ) : (
        // The table needs the width of a large screen (seven columns and the actions); cards below it.
        <DataList
          label={t('library.label')}
          items={docs.data ?? []}
          loading={docs.isPending}
          loadingLabel={t('library.loading')}
          getKey={(d) => d.id}
          breakpoint="xl"
          cardListClassName="grid gap-3 md:grid-cols-2"
          skeletonWidths={['10rem', '6rem', '6rem', '6rem', '6rem', '5rem', '2rem']}
          cardSkeletonClass="h-56"
          empty={t('library.empty')}
          head={
            <tr>
              <TH>{t('column.document')}</TH>
              <TH>{t('column.type')}</TH>
              <TH>{t('column.deal')}</TH>
              <TH>{t('column.uploaded')}</TH>
              <TH>{t('column.investors')}</TH>
              <TH>{t('column.expiry')}</TH>
              <TH className="sticky end-0 bg-ink-50">
                <span className="sr-only">{t('column.actions')}</span>
              </TH>
            </tr>
          }
          row={(d) => <DocumentRow doc={d} onDelete={() => setDeleting(d)} />}
          card={(d) => <DocumentCard doc={d} onDelete={() => setDeleting(d)} />}
        />
      )}

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting && <DeleteDialog doc={deleting} onDone={() => setDeleting(null)} />}
      </Dialog>
    </section>
  );
}

function DocumentRow({ doc: d, onDelete }: { doc: VaultDocument; onDelete: () => void }) {
  const { t } = documentsText.useT();
  return (
    <TR className="group">
      <TD className="max-w-52 min-w-40">
        <bdi className="block truncate font-medium text-ink-900" title={`${d.name}.${d.extension}`}>
          {d.name}
        </bdi>
        <span className="tabular text-xs text-muted">
          <span className="uppercase">{d.extension}</span> · {sizeLabel(d.fileSize)}
        </span>
      </TD>
      <TD className="min-w-28">{enumLabel('documentType', d.type)}</TD>
      <TD className="max-w-36">
        <bdi className="block truncate" title={d.dealTitle ?? t('library.general')}>
          {d.dealTitle ?? <span className="text-muted">{t('library.general')}</span>}
        </bdi>
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
        <RowActions doc={d} onDelete={onDelete} compact />
      </TD>
    </TR>
  );
}

function DocumentCard({ doc: d, onDelete }: { doc: VaultDocument; onDelete: () => void }) {
  const { t } = documentsText.useT();
  return (
    <li>
      <Card className="flex h-full flex-col p-4">
        <p className="font-medium break-words text-ink-900">
          <bdi>{d.name}</bdi>
        </p>
        <p className="text-sm text-muted">
          {enumLabel('documentType', d.type)} · {d.dealTitle ? <bdi>{d.dealTitle}</bdi> : t('library.general')}
          {d.investorName ? ` · ${t('library.forOnly', { name: d.investorName })}` : ''}
        </p>
        <dl className="mt-3 mb-3 grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-1.5 text-sm">
          <dt className="text-muted">{t('column.size')}</dt>
          <dd className="tabular">
            <span className="uppercase">{d.extension}</span> · {sizeLabel(d.fileSize)}
          </dd>
          <dt className="text-muted">{t('column.uploaded')}</dt>
          <dd className="tabular">{formatDate(d.uploadDate)}</dd>
          <dt className="text-muted">{t('column.expiry')}</dt>
          <dd>
            <ExpiryLabel date={d.expirationDate} />
          </dd>
          <dt className="text-muted">{t('column.investors')}</dt>
          <dd>
            <Audience doc={d} />
          </dd>
        </dl>
        <div className="mt-auto border-t border-border pt-3">
          <RowActions doc={d} onDelete={onDelete} />
        </div>
      </Card>
    </li>
  );
}

/**
 * Who sees a document, the same at every width: one named investor ("Only <name>": the
 * visibility box does not apply to it), or the visibility box for all investors.
 */
function Audience({ doc }: { doc: VaultDocument }) {
  const { t } = documentsText.useT();
  return doc.investorName ? (
    <span className="text-sm whitespace-nowrap">
      <Trans t={t} i18nKey="library.only" values={{ name: doc.investorName }} components={{ name: <span className="font-medium" /> }} />
    </span>
  ) : (
    <VisibilityControl doc={doc} />
  );
}

function VisibilityControl({ doc }: { doc: VaultDocument }) {
  const { t } = documentsText.useT();
  const update = useUpdateDocument();
  const inputId = useId();
  // The box follows the click at once (optimistic), then the saved value.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? doc.investorVisible;

  async function toggle(next: boolean) {
    setPending(next);
    try {
      const updated = await update.mutateAsync({ id: doc.id, patch: { investorVisible: next } });
      toast.success(documentsText.t(updated.investorVisible ? 'toast.nowVisible' : 'toast.nowHidden', { name: doc.name }));
    } catch (err) {
      toast.error(documentsText.t('toast.updateFailed'), { description: serverMessage(err) });
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
        {t('library.visible')}
        <span className="sr-only"> {t('library.visibleFor', { name: doc.name })}</span>
      </label>
    </div>
  );
}
