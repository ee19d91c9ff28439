import type { Queryable } from './client.ts';

/**
 * A SQL statement with the type of its rows (decision 019). The row type is declared once, with
 * the statement, and the helper is the only place that asserts it: `Queryable.query` itself
 * returns untyped rows and takes no type argument, so no call site casts.
 *
 *     const byId = sql<{ id: string; title: string }>('SELECT id, title FROM deals WHERE id = $1');
 *     const deal = await byId.first(q, [id]);
 *
 * The type is the statement's word, checked by review and by the module's API tests (both
 * engines return the same shapes: numeric as a decimal string, bigint as a number, timestamps as
 * Date; decision 001), not parsed at run time: the hot paths pay nothing for it.
 */
export interface Statement<Row extends object, Params extends readonly unknown[] = readonly unknown[]> {
  readonly text: string;
  /** Every row. */
  all(q: Queryable, params?: Params): Promise<Row[]>;
  /** The first row, or undefined when there is none. */
  first(q: Queryable, params?: Params): Promise<Row | undefined>;
}

export function sql<Row extends object, Params extends readonly unknown[] = readonly unknown[]>(text: string): Statement<Row, Params> {
  const all = (q: Queryable, params?: Params) => q.query(text, params as unknown[] | undefined) as Promise<Row[]>;
  return {
    text,
    all,
    first: async (q, params) => (await all(q, params))[0],
  };
}
