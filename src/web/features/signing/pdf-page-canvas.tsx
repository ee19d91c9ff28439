import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef } from 'react';

/**
 * One PDF page drawn by pdf.js at `scale` CSS pixels per point (sharp on high-density screens).
 * The canvas is an image to assistive technology; its label says which page it is.
 */
export function PdfPageCanvas({ page, scale, label }: { page: PDFPageProxy; scale: number; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const viewport = page.getViewport({ scale });
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 3);
    const vp = page.getViewport({ scale: scale * ratio });
    canvas.width = Math.floor(vp.width);
    canvas.height = Math.floor(vp.height);
    let task: RenderTask | undefined;
    try {
      task = page.render({ canvas, viewport: vp });
      task.promise.catch((err: unknown) => {
        if ((err as { name?: string }).name !== 'RenderingCancelledException') console.error('Could not draw the page', err);
      });
    } catch (err) {
      console.error('Could not draw the page', err);
    }
    return () => task?.cancel();
  }, [page, scale]);
  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label}
      className="block bg-white"
      style={{ width: `${viewport.width}px`, height: `${viewport.height}px` }}
    />
  );
}
