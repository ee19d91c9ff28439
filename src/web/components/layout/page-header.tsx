import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/company';

/**
 * The title row of every screen: heading, optional description and actions. It also names the
 * browser tab ("Deal Pipeline - <company>"); `documentTitle` when the heading is personal
 * ("Welcome, Amina" gives the tab "Dashboard").
 */
export function PageHeader({
  title,
  description,
  actions,
  documentTitle,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  documentTitle?: string;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
