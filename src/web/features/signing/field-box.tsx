import { type KeyboardEvent, type PointerEvent, type Ref, useRef } from 'react';
import { nudge, type PageView, type PdfRect, pdfRectToScreen } from '../../../shared/pdf-placement';
import type { PlacedField } from '../../../shared/signing';
import { cn } from '../../lib/cn';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * A placed field on the shown page (decision record 056): drag it with a pointer to move it, or
 * its corner handle to resize it; with the keyboard, arrows move it by a point (ten with Ctrl),
 * Shift+arrows resize it, Delete removes it. Every change is computed in PDF points (nudge).
 */
export function FieldBox({
  field,
  view,
  label,
  kindLabel,
  selected,
  describedBy,
  onSelect,
  onChange,
  onRemove,
  buttonRef,
}: {
  field: PlacedField;
  view: PageView;
  label: string;
  kindLabel: string;
  selected: boolean;
  describedBy: string;
  onSelect: () => void;
  onChange: (rect: PdfRect, how: 'key' | 'pointer') => void;
  onRemove: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const drag = useRef<{ x: number; y: number; start: PdfRect; resize: boolean; pointerId: number } | null>(null);
  const box = pdfRectToScreen(field, view);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      const step = e.ctrlKey || e.metaKey || e.altKey ? 10 : 1;
      onChange(nudge(field, view, arrow[0] * step, arrow[1] * step, e.shiftKey), 'key');
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onRemove();
    }
  }

  function onPointerDown(e: PointerEvent<HTMLButtonElement>) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.focus();
    e.currentTarget.setPointerCapture(e.pointerId);
    const resize = (e.target as HTMLElement).dataset.handle === 'resize';
    drag.current = { x: e.clientX, y: e.clientY, start: field, resize, pointerId: e.pointerId };
    onSelect();
  }

  function onPointerMove(e: PointerEvent<HTMLButtonElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = (e.clientX - d.x) / view.scale;
    const dy = (e.clientY - d.y) / view.scale;
    onChange(nudge(d.start, view, dx, dy, d.resize), 'pointer');
  }

  function endDrag(e: PointerEvent<HTMLButtonElement>) {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  }

  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      aria-pressed={selected}
      aria-describedby={describedBy}
      data-field-kind={field.kind}
      className={cn(
        'absolute touch-none select-none overflow-hidden rounded-sm border-2 px-1 text-start text-[11px] leading-tight font-semibold',
        'cursor-move focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-600',
        selected ? 'border-gold-700 bg-gold-100/85 text-ink-900' : 'border-ink-700 bg-white/80 text-ink-900',
      )}
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <span aria-hidden="true">{kindLabel}</span>
      <span aria-hidden="true" data-handle="resize" className="absolute end-0 bottom-0 size-3 cursor-nwse-resize bg-gold-700" />
    </button>
  );
}
