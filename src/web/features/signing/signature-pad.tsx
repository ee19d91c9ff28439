import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { signingText } from './i18n';

/**
 * A signature pad: draw with a mouse, finger or pen (pointer events). It reports a PNG data URL
 * after each stroke, or null when cleared. Keyboard-only signers type their name instead.
 */
export function SignaturePad({ onChange, labelId, hintId }: { onChange: (png: string | null) => void; labelId: string; hintId: string }) {
  const { t } = signingText.useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0d1a59';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current as HTMLCanvasElement;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * c.width) / r.width, y: ((e.clientY - r.top) * c.height) / r.height };
  };

  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={canvas}
        width={600}
        height={200}
        role="img"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid="signature-pad"
        className="h-40 w-full max-w-xl touch-none rounded-md border border-border bg-white"
        onPointerDown={(e) => {
          const ctx = canvas.current?.getContext('2d');
          if (!ctx) return;
          drawing.current = true;
          canvas.current?.setPointerCapture(e.pointerId);
          const p = point(e);
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          const ctx = canvas.current?.getContext('2d');
          if (!drawing.current || !ctx) return;
          const p = point(e);
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
          drawn.current = true;
        }}
        onPointerUp={() => {
          drawing.current = false;
          if (drawn.current) onChange(canvas.current?.toDataURL('image/png') ?? null);
        }}
      />
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => {
            const c = canvas.current;
            c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
            drawn.current = false;
            onChange(null);
          }}
        >
          {t('sign.clear')}
        </Button>
      </div>
    </div>
  );
}
