import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { packEditorText } from './pack-editor-i18n';

/** Previous / "Page N of M" (announced) / Next, for the agreement viewer and the placement editor. */
export function PageNav({
  index,
  count,
  onChange,
  wrap = (children) => <div className="flex flex-wrap items-center gap-2">{children}</div>,
}: {
  /** The shown page, from 0. */
  index: number;
  count: number;
  onChange: (index: number) => void;
  /** The element around the three (the viewer names its navigation landmark). */
  wrap?: (children: ReactNode) => ReactNode;
}) {
  const { t } = packEditorText.useT();
  return wrap(
    <>
      <Button type="button" variant="secondary" size="sm" disabled={index === 0} onClick={() => onChange(index - 1)}>
        <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
        {t('previousPage')}
      </Button>
      <p className="tabular text-sm font-medium text-ink-900" aria-live="polite">
        {t('pageOf', { page: index + 1, total: count })}
      </p>
      <Button type="button" variant="secondary" size="sm" disabled={index >= count - 1} onClick={() => onChange(index + 1)}>
        {t('nextPage')}
        <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
      </Button>
    </>,
  );
}
