import { useState } from 'react';
import { shownSizePt } from '../../../shared/pdf-placement';
import { Skeleton } from '../../components/ui/skeleton';
import { packEditorText } from './pack-editor-i18n';
import { PageNav } from './page-nav';
import { useElementWidth, usePdf } from './pdf-document';
import { PdfPageCanvas } from './pdf-page-canvas';

/** At most this many CSS pixels per point; on a phone the page is fitted to the screen's width. */
const MAX_SCALE = 1.4;

/**
 * The agreement as generated for the investor, page by page (issue 30, decision record 056): the
 * same stored file the download link gives and whose SHA-256 goes on the signature certificate.
 * Each page is an image labelled with its number; the download link beside it is the text version.
 */
export function AgreementViewer({ url }: { url: string }) {
  const { t } = packEditorText.useT();
  const pdf = usePdf({ url });
  const [index, setIndex] = useState(0);
  const [frame, width] = useElementWidth<HTMLDivElement>();

  if (pdf.status === 'loading') {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t('viewer.loading')}</span>
        <Skeleton shape="block" className="h-96 w-full" />
      </div>
    );
  }
  if (pdf.status === 'error') {
    return (
      <p role="alert" className="text-sm text-danger-700">
        {t('viewer.failed')}
      </p>
    );
  }
  const count = pdf.pages.length;
  const current = Math.min(index, count - 1);
  const page = pdf.pages[current];
  const geometry = pdf.geometry[current];
  const shown = geometry ? shownSizePt(geometry) : { width: 612, height: 792 };
  const scale = width > 0 ? Math.min(MAX_SCALE, width / shown.width) : 1;
  const label = t('viewer.pageImage', { page: current + 1, total: count });

  return (
    <section className="flex flex-col gap-3" aria-label={t('viewer.region')}>
      <PageNav
        index={current}
        count={count}
        onChange={setIndex}
        wrap={(children) => (
          <nav className="flex flex-wrap items-center gap-2" aria-label={t('viewer.nav')}>
            {children}
          </nav>
        )}
      />
      <div ref={frame} className="w-full overflow-x-auto rounded-md border border-border">
        {page && (
          <div dir="ltr" className="mx-auto w-fit shadow-sm" data-testid="agreement-page">
            <PdfPageCanvas page={page} scale={scale} label={label} />
          </div>
        )}
      </div>
    </section>
  );
}
