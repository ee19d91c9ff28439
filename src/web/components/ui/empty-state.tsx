import type { ReactNode } from 'react';
import { common } from '../../lib/i18n';
import { Button } from './button';

/**
 * What an empty list says: `empty` when nothing exists yet; when filters hide everything,
 * `noMatch` and a Clear filters button.
 */
export function EmptyState({
  filtered,
  onClear,
  empty,
  noMatch,
}: {
  filtered: boolean;
  onClear: () => void;
  empty: ReactNode;
  noMatch: ReactNode;
}) {
  if (!filtered) return <p>{empty}</p>;
  return (
    <div className="flex flex-col items-center gap-3">
      <p>{noMatch}</p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        {common.t('action.clearFilters')}
      </Button>
    </div>
  );
}
