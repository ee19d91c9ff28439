import type { CSSProperties } from 'react';
import { cn } from '../../lib/cn';

/** How a placeholder looks: a line of text, a block (chart, panel), a card with its border, a pill (badge). */
const SHAPES = {
  line: 'rounded bg-ink-100',
  block: 'rounded-lg bg-ink-100/70',
  card: 'rounded-lg border border-border bg-ink-100/60',
  pill: 'rounded-full bg-ink-100/70',
} as const;

export type SkeletonShape = keyof typeof SHAPES;

/**
 * A placeholder block while data loads (no motion when the user asks for reduced motion: the
 * rule in styles.css). Hidden
 * from screen readers unless `label` is given: then it holds a status line with that text
 * (e.g. 'Loading documents...'). `as="span"` inside text (a paragraph, a label).
 */
export function Skeleton({
  className,
  shape = 'line',
  as: Tag = 'div',
  label,
  style,
}: {
  className?: string;
  shape?: SkeletonShape;
  as?: 'div' | 'span';
  label?: string;
  style?: CSSProperties;
}) {
  return (
    <Tag
      aria-hidden={label ? undefined : true}
      style={style}
      className={cn('animate-pulse', Tag === 'span' && 'block', SHAPES[shape], className)}
    >
      {label && (
        <span role="status" className="sr-only">
          {label}
        </span>
      )}
    </Tag>
  );
}

/**
 * A list that is loading: `count` placeholder rows of `rowClassName` (height) and one status
 * line for screen readers (`label`, e.g. 'Loading messages...').
 */
export function ListSkeleton({
  label,
  count = 3,
  rowClassName = 'h-24',
  shape = 'block',
  className,
}: {
  label: string;
  count?: number;
  rowClassName?: string;
  shape?: SkeletonShape;
  /** The list's layout (default a column with gaps; e.g. a grid of cards). */
  className?: string;
}) {
  return (
    <div className={cn(className ?? 'flex flex-col gap-3')} aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} shape={shape} className={rowClassName} />
      ))}
    </div>
  );
}
