import type { ReactNode } from 'react';
import { common } from '../../lib/i18n';
import { Button } from './button';

/** The line under a list's filters: how many rows show (announced politely), and Clear filters when any filter is set. */
export function FilterSummary({
  text,
  filtered,
  onClear,
  testId,
}: {
  text: ReactNode;
  filtered: boolean;
  onClear: () => void;
  testId?: string;
}) {
  return (
    <div className="mb-3 flex min-h-8 flex-wrap items-center justify-between gap-2">
      <p role="status" className="tabular text-sm text-muted" data-testid={testId}>
        {text}
      </p>
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          {common.t('action.clearFilters')}
        </Button>
      )}
    </div>
  );
}
