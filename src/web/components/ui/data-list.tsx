import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from './skeleton';
import { EmptyRow, Table, TBody, TD, THead } from './table';

export interface DataListProps<T> {
  /** Names the table and the phone list. */
  label: string;
  items: readonly T[];
  /** The first load: placeholder rows and cards instead of the items. */
  loading: boolean;
  getKey: (item: T) => string;
  /** The table's header row (`<tr><TH>...</TH></tr>`). */
  head: ReactNode;
  /** One table row (a `<TR>`) per item, from `md` up. */
  row: (item: T) => ReactNode;
  /** One card (an `<li>`) per item, below `md`. */
  card: (item: T) => ReactNode;
  /** Shown in the table and in place of the cards when there are no items. */
  empty: ReactNode;
  /** One placeholder width per column (also the column count). */
  skeletonWidths: readonly string[];
  skeletonRows?: number;
  skeletonTestId?: string;
  /** Placeholder cards on phones and their height class. */
  cardSkeletons?: number;
  cardSkeletonClass?: string;
  tableClassName?: string;
}

/**
 * A list that is a table on tablets and desktops and one card per item on phones, with the
 * loading placeholders (the header stays, so nothing shifts) and the empty state of both.
 */
export function DataList<T>({
  label,
  items,
  loading,
  getKey,
  head,
  row,
  card,
  empty,
  skeletonWidths,
  skeletonRows = 4,
  skeletonTestId,
  cardSkeletons = 3,
  cardSkeletonClass = 'h-40',
  tableClassName,
}: DataListProps<T>) {
  return (
    <>
      {/* Tablet and desktop: the table. */}
      <div className="hidden md:block">
        <Table aria-label={label} aria-busy={loading || undefined} className={tableClassName}>
          <THead>{head}</THead>
          <TBody>
            {loading ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <tr key={i} data-testid={skeletonTestId}>
                  {skeletonWidths.map((w, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
                    <TD key={j}>
                      <div
                        aria-hidden="true"
                        className="h-4 animate-pulse rounded bg-ink-100/80 motion-reduce:animate-none"
                        style={{ width: w }}
                      />
                    </TD>
                  ))}
                </tr>
              ))
            ) : items.length === 0 ? (
              <EmptyRow colSpan={skeletonWidths.length}>{empty}</EmptyRow>
            ) : (
              items.map((item) => <Fragment key={getKey(item)}>{row(item)}</Fragment>)
            )}
          </TBody>
        </Table>
      </div>

      {/* Phones: one card per item. */}
      <div className="md:hidden">
        {loading ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {Array.from({ length: cardSkeletons }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className={cn('rounded-lg border border-border bg-ink-100/60', cardSkeletonClass)} />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border bg-surface px-4 py-8 text-center text-sm text-muted">{empty}</div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={label}>
            {items.map((item) => (
              <Fragment key={getKey(item)}>{card(item)}</Fragment>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
