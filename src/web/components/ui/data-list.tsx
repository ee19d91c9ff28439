import { type CSSProperties, Fragment, type ReactNode, type Ref } from 'react';
import { Skeleton } from './skeleton';
import { EmptyRow, Table, TBody, TD, THead } from './table';

/** Where the table takes over from the cards (the literal classes, so Tailwind sees them). */
const TABLE_FROM = { sm: 'hidden sm:block', md: 'hidden md:block', lg: 'hidden lg:block', xl: 'hidden xl:block' } as const;
const CARDS_BELOW = { sm: 'sm:hidden', md: 'md:hidden', lg: 'lg:hidden', xl: 'xl:hidden' } as const;

export interface DataListProps<T> {
  /** Names the table and the phone list. */
  label: string;
  items: readonly T[];
  /** The first load: placeholder rows and cards instead of the items. */
  loading: boolean;
  /** The items shown are being replaced (e.g. new filters): aria-busy on the table and the cards. */
  busy?: boolean;
  getKey: (item: T) => string;
  /** The table's header row (`<tr><TH>...</TH></tr>`). */
  head: ReactNode;
  /** One table row (a `<TR>`) per item, from `breakpoint` up. */
  row: (item: T) => ReactNode;
  /** One card (an `<li>`) per item, below `breakpoint`. */
  card: (item: T) => ReactNode;
  /** The width from which the table shows instead of the cards (default `md`). */
  breakpoint?: keyof typeof TABLE_FROM;
  /** Announced while loading (a status line for screen readers, e.g. 'Loading documents...'). */
  loadingLabel?: string;
  /** The table's `<tfoot>` (e.g. totals) and what follows the cards on phones (the same figures). */
  foot?: ReactNode;
  cardsFoot?: ReactNode;
  /** Passed to the table: its max height ('none' lets the page scroll) and a ref to the `<table>`. */
  maxHeight?: CSSProperties['maxHeight'];
  tableRef?: Ref<HTMLTableElement>;
  /** The cards' list layout (default one column with gaps). */
  cardListClassName?: string;
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
 * A list that is a table on tablets and desktops and one card per item on phones (the width is
 * `breakpoint`), with the
 * loading placeholders (the header stays, so nothing shifts) and the empty state of both.
 */
export function DataList<T>({
  label,
  items,
  loading,
  busy,
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
  breakpoint = 'md',
  loadingLabel,
  foot,
  cardsFoot,
  maxHeight,
  tableRef,
  cardListClassName,
}: DataListProps<T>) {
  return (
    <>
      {loading && loadingLabel && (
        <span role="status" className="sr-only">
          {loadingLabel}
        </span>
      )}
      {/* Tablet and desktop: the table. */}
      <div className={TABLE_FROM[breakpoint]}>
        <Table ref={tableRef} aria-label={label} aria-busy={loading || busy || undefined} className={tableClassName} maxHeight={maxHeight}>
          <THead>{head}</THead>
          <TBody>
            {loading ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <tr key={i} data-testid={skeletonTestId}>
                  {skeletonWidths.map((w, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
                    <TD key={j}>
                      <Skeleton className="h-4 max-w-full" style={{ width: w }} />
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
          {foot && !loading && items.length > 0 && <tfoot>{foot}</tfoot>}
        </Table>
      </div>

      {/* Phones: one card per item. */}
      <div className={CARDS_BELOW[breakpoint]}>
        {loading ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {Array.from({ length: cardSkeletons }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} shape="card" className={cardSkeletonClass} />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border bg-surface px-4 py-8 text-center text-sm text-muted">{empty}</div>
        ) : (
          <>
            <ul className={cardListClassName ?? 'flex flex-col gap-3'} aria-label={label} aria-busy={busy || undefined}>
              {items.map((item) => (
                <Fragment key={getKey(item)}>{card(item)}</Fragment>
              ))}
            </ul>
            {cardsFoot}
          </>
        )}
      </div>
    </>
  );
}
