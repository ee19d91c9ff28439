import { Plus } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cornerField, isFieldKind, newField, type PageView, type PdfRect, shownSizePt } from '../../../shared/pdf-placement';
import { FIELD_KINDS, type FieldKind, missingKinds, type PlacedField } from '../../../shared/signing';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/select';
import { FieldBox } from './field-box';
import { FieldForm } from './field-form';
import { packEditorText } from './pack-editor-i18n';
import { PageNav } from './page-nav';
import { type PageGeometry, useElementWidth } from './pdf-document';

/** At most this many CSS pixels per point: a Letter page is then 918 px wide. */
const MAX_SCALE = 1.5;

export interface PlacementEditorProps {
  /** Each page's view box and rotation. */
  geometry: PageGeometry[];
  fields: PlacedField[];
  onChange: (fields: PlacedField[]) => void;
  /** Draws page `index` (0-based) at `scale` pixels per point; the editor lays the fields over it. */
  renderPage: (index: number, scale: number, label: string) => ReactNode;
}

/**
 * Places a pack's fields on the agreement (issue 30, decision record 056): add a field by kind,
 * drag or resize it on the page with a pointer, or select it and use the arrow keys (Shift
 * resizes), or type its page and position in the form; remove it. The parent saves.
 */
export function PlacementEditor({ geometry, fields, onChange, renderPage }: PlacementEditorProps) {
  const { t } = packEditorText.useT();
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [kind, setKind] = useState<FieldKind>('investor_name');
  const [frame, width] = useElementWidth<HTMLDivElement>();
  const [announcement, setAnnouncement] = useState('');
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const boxes = useRef(new Map<number, HTMLButtonElement>());
  const hintId = useId();
  const kindId = useId();
  const pageCount = geometry.length;
  const page = geometry[Math.min(pageIndex, pageCount - 1)] ?? geometry[0];

  useEffect(() => {
    if (focusIndex === null) return;
    boxes.current.get(focusIndex)?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  if (!page) return null;
  const shown = shownSizePt(page);
  const scale = width > 0 ? Math.min(MAX_SCALE, width / shown.width) : 1;
  const view: PageView = { ...page, scale };
  const viewOf = (i: number): PageView => ({ ...(geometry[i] ?? page), scale });
  const kindLabel = (k: FieldKind) => t(`kind.${k}`);
  const describe = (f: PlacedField) => t('fieldLabel', { kind: kindLabel(f.kind), page: f.page, x: f.x, y: f.y, w: f.w, h: f.h });
  const missing = missingKinds(fields);

  function replace(i: number, next: PlacedField, announce = false) {
    onChange(fields.map((f, j) => (j === i ? next : f)));
    if (announce) setAnnouncement(describe(next));
  }

  function add(list: PlacedField[]) {
    const next = [...fields, ...list];
    onChange(next);
    setSelected(next.length - 1);
    setAnnouncement(list.length === 1 ? t('addedOne', { kind: kindLabel(list[0]?.kind ?? kind) }) : t('addedMany', { n: list.length }));
    if (list.length === 1) setFocusIndex(next.length - 1);
  }

  function remove(i: number) {
    const f = fields[i];
    onChange(fields.filter((_, j) => j !== i));
    setSelected(null);
    if (f) setAnnouncement(t('removed', { kind: kindLabel(f.kind), page: f.page }));
  }

  function goTo(i: number) {
    setPageIndex(Math.max(0, Math.min(pageCount - 1, i)));
  }

  const onPage = fields.map((f, i) => ({ f, i })).filter(({ f }) => f.page === pageIndex + 1);
  const selectedField = selected !== null ? fields[selected] : undefined;

  return (
    <div className="flex flex-col gap-4">
      <p id={hintId} className="text-sm text-muted">
        {t('keyboardHint')}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={kindId} className="text-sm font-medium text-text">
            {t('kindToAdd')}
          </label>
          <NativeSelect
            id={kindId}
            value={kind}
            onChange={(e) => isFieldKind(e.target.value) && setKind(e.target.value)}
            options={FIELD_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          />
        </div>
        <Button type="button" onClick={() => add([newField(kind, pageIndex + 1, view, onPage.length)])}>
          <Plus aria-hidden="true" />
          {t('add')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            add(
              geometry
                .map((_, i) => i + 1)
                .filter((p) => !fields.some((f) => f.page === p && f.kind === 'investor_initials'))
                .map((p) => cornerField('investor_initials', p, viewOf(p - 1))),
            )
          }
        >
          {t('initialsEveryPage')}
        </Button>
      </div>
      <PageNav index={pageIndex} count={pageCount} onChange={goTo} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div ref={frame} className="min-w-0 overflow-x-auto">
          <div
            dir="ltr"
            className="relative border border-border shadow-sm"
            style={{ width: shown.width * scale, height: shown.height * scale }}
            data-testid="placement-page"
          >
            {renderPage(pageIndex, scale, t('pageImage', { page: pageIndex + 1, total: pageCount }))}
            {onPage.map(({ f, i }) => (
              <FieldBox
                key={i}
                field={f}
                view={view}
                label={describe(f)}
                kindLabel={kindLabel(f.kind)}
                selected={selected === i}
                describedBy={hintId}
                onSelect={() => setSelected(i)}
                onChange={(rect: PdfRect, how) => replace(i, { ...f, ...rect }, how === 'key')}
                onRemove={() => remove(i)}
                buttonRef={(el) => {
                  if (el) boxes.current.set(i, el);
                  else boxes.current.delete(i);
                }}
              />
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-4">
          {selectedField && selected !== null ? (
            <FieldForm
              key={`${selected}:${JSON.stringify(selectedField)}`}
              field={selectedField}
              geometry={geometry}
              onApply={(next) => {
                replace(selected, next, true);
                goTo(next.page - 1);
              }}
              onRemove={() => remove(selected)}
            />
          ) : (
            <p className="text-sm text-muted">{t('noneSelected')}</p>
          )}
          <div>
            <h3 className="mb-1 text-sm font-semibold text-ink-900">{t('placedTitle', { n: fields.length })}</h3>
            {fields.length === 0 ? (
              <p className="text-sm text-muted">{t('noFields')}</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {fields.map((f, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a field is its position in the pack's list (no id of its own).
                  <li key={`${i}-${f.kind}`}>
                    <button
                      type="button"
                      className="text-start text-gold-700 underline underline-offset-2"
                      aria-current={selected === i ? 'true' : undefined}
                      onClick={() => {
                        setSelected(i);
                        goTo(f.page - 1);
                        setFocusIndex(i);
                      }}
                    >
                      {t('listItem', { kind: kindLabel(f.kind), page: f.page })}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
      <div role="status" className="text-sm" data-testid="placement-missing">
        {missing.length === 0 ? (
          <p className="text-success-700">{t('complete')}</p>
        ) : (
          <p className="text-danger-700">{t('missing', { kinds: missing.map(kindLabel).join(', ') })}</p>
        )}
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
