import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { normalRotation, type PageView } from '../../../shared/pdf-placement';

/**
 * pdf.js, loaded only by the screens that show a PDF page by page (the field placement screen and
 * the investor's sign page; decision record 056): a dynamic import, so neither the landing page
 * nor the areas' first load carry it. Its worker is a file of our own build (Vite's `?url`), so
 * it starts from our origin under the CSP's `script-src 'self'` (no blob: worker, no eval).
 */
let lib: Promise<typeof import('pdfjs-dist')> | undefined;
function pdfjs() {
  lib ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([m, worker]) => {
    m.GlobalWorkerOptions.workerSrc = worker.default;
    return m;
  });
  return lib;
}

/** A page's geometry (PageView without the scale, which the screen picks). */
export type PageGeometry = Omit<PageView, 'scale'>;

export interface LoadedPdf {
  doc: PDFDocumentProxy;
  pages: PDFPageProxy[];
  geometry: PageGeometry[];
}

export type PdfSource = { url: string } | { file: File };

async function open(source: PdfSource): Promise<LoadedPdf> {
  const m = await pdfjs();
  const doc = await m.getDocument({
    ...('file' in source ? { data: new Uint8Array(await source.file.arrayBuffer()) } : { url: source.url }),
    // Whole small files: no range requests.
    disableRange: true,
    disableStream: true,
    // Nothing is fetched from elsewhere: no CMaps, fonts or wasm from a CDN.
    useWasm: false,
  }).promise;
  const pages = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
  const geometry = pages.map((p) => {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = p.view;
    return { viewBox: [x0, y0, x1, y1] as const, rotation: normalRotation(p.rotate) };
  });
  return { doc, pages, geometry };
}

export type PdfState = { status: 'loading' } | { status: 'error' } | ({ status: 'ready' } & LoadedPdf);

/** Opens a PDF (a URL on our origin, or a file the user chose) and its pages; closes it when the source changes. */
export function usePdf(source: PdfSource | null): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  const key = source ? ('url' in source ? source.url : source.file) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the source's identity is its URL or file.
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    let loaded: LoadedPdf | undefined;
    setState({ status: 'loading' });
    open(source).then(
      (pdf) => {
        loaded = pdf;
        if (cancelled) void pdf.doc.loadingTask.destroy();
        else setState({ status: 'ready', ...pdf });
      },
      (err: unknown) => {
        console.error('Could not open the PDF', err);
        if (!cancelled) setState({ status: 'error' });
      },
    );
    return () => {
      cancelled = true;
      if (loaded) void loaded.doc.loadingTask.destroy();
    };
  }, [key]);
  return state;
}

/** The width of an element in CSS pixels, kept up to date (the page is fitted to it). */
export function useElementWidth<T extends HTMLElement>(): [(el: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const [el, setEl] = useState<T | null>(null);
  useEffect(() => {
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [setEl, width];
}
