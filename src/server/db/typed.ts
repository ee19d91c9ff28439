import {
  CamelCasePlugin,
  type Compilable,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Queryable } from './client.ts';
import type { DB } from './schema.generated.ts';

/**
 * The typed query layer (decision 035): Kysely over our own Queryable, so a query built here runs
 * on the same connection, transaction and PGlite priority lane as a raw `sql<Row>` statement.
 *
 *     const spv = await typed(q).selectFrom('spvs').selectAll().where('id', '=', id).executeTakeFirst();
 *
 * Tables and columns come from schema.generated.ts (`npm run db:types`, checked against the
 * migrations in CI), named in camelCase here and snake_case in SQL (CamelCasePlugin); values
 * arrive as both engines parse them (client.ts: numeric and date as strings, timestamptz as Date).
 * A transaction is `db.tx((q) => ...)` as everywhere else, then `typed(q)` inside it; Kysely's
 * own `transaction()` is refused. Queryable returns rows only: an UPDATE or DELETE that needs its
 * count says `returning`.
 */
export function typed(q: Queryable): Kysely<DB> {
  let k = cache.get(q);
  if (!k) {
    k = new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new QueryableDriver(q),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      // jsonb values (activity details, e-mail data) keep their own keys.
      plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    });
    cache.set(q, k);
  }
  return k;
}

const cache = new WeakMap<Queryable, Kysely<DB>>();

class QueryableDriver implements Driver {
  readonly #connection: DatabaseConnection;
  constructor(q: Queryable) {
    this.#connection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: (await q.query(compiled.sql, compiled.parameters as unknown[])) as R[] };
      },
      streamQuery() {
        throw new Error('Streaming is not supported by the typed layer');
      },
    };
  }
  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('Run transactions with db.tx and typed(q) inside it (decision 035)');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection() {}
  async destroy() {}
}

/** Kysely's names, as the generator must produce them (schema-types.ts). */
export class ColumnNames extends CamelCasePlugin {
  toCamel(s: string): string {
    return this.camelCase(s);
  }
  toSnake(s: string): string {
    return this.snakeCase(s);
  }
}

/** A camelCase name as CamelCasePlugin writes it in SQL: `activityType` -> `activity_type`. */
type Snake<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}` : S;

/** A typed row as the database returns it, before CamelCasePlugin renames its keys. */
export type SnakeRow<R> = { [K in keyof R as K extends string ? Snake<K> : K]: R[K] };

/** Stands for a value in a query compiled once (prepared): replaced by the value at each run. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** No database: `prepared` only compiles with it. */
const compiler = typed({
  query: () => Promise.reject(new Error('The prepared-query compiler has no connection')),
});

/**
 * A query the builder returns: compilable, and with `execute` so that its row type is checked
 * against R (CompiledQuery's own row type parameter is not, being unused in its shape).
 */
export interface Runnable<R> extends Compilable<R> {
  execute(): Promise<R[]>;
}

export interface Prepared<V extends Record<string, unknown>, R> {
  /**
   * Runs the query with these values: a value left undefined leaves its part out (`has[name]`
   * is false). Rows come as the database names them (snake_case, SnakeRow): the caller maps
   * them once, to its answer's shape.
   */
  all(q: Queryable, values: Partial<V>): Promise<SnakeRow<R>[]>;
  /** The SQL and parameters that `all` runs (for tests: the same as building the query each time). */
  compiled(values: Partial<V>): { sql: string; parameters: unknown[] };
  /** The query built for these values and compiled now, as a typed query is without `prepared` (for tests). */
  builtNow(values: Partial<V>): { sql: string; parameters: readonly unknown[] };
  /** The same query built for these values and run through Kysely as usual (camelCase rows; for tests). */
  viaKysely(q: Queryable, values: Partial<V>): Promise<R[]>;
}

/**
 * A typed query for a hot path (decision 064): built and compiled once per shape, then run with
 * its values, instead of building Kysely's tree, renaming it to snake_case and compiling it on
 * every request, and renaming every row's keys back (measured: about a third of a 100-row
 * activity page's server time on PostgreSQL, issue 32).
 *
 * `build` gets a placeholder for every value (`p.limit`) and whether each value is given
 * (`has.type`), and returns the query; it is called once per combination of given values (so
 * at most 2^n times) with placeholders, and the compiled SQL is kept. Each run replaces the
 * placeholders in the parameters by the values; parameters the query states itself stay. The
 * SQL text is exactly what Kysely compiles for the same query (the tests compare them).
 *
 *     const page = prepared<{ type: string; limit: number }, Row>(['type', 'limit'], (k, p, has) =>
 *       k.selectFrom('activity_logs').select(['id', 'activityType'])
 *         .$if(has.type, (qb) => qb.where('activityType', '=', p.type)).limit(p.limit));
 *     const rows = await page.all(q, { limit: 100 }); // [{ id, activity_type }]
 */
export function prepared<V extends Record<string, unknown>, R>(
  names: readonly (keyof V & string)[],
  build: (k: Kysely<DB>, p: V, has: Record<keyof V, boolean>) => Runnable<R>,
): Prepared<V, R> {
  const placeholders = Object.fromEntries(names.map((n) => [n, new Placeholder(n)])) as unknown as V;
  const shapes = new Map<string, CompiledQuery<R>>();
  const hasOf = (values: Partial<V>) => Object.fromEntries(names.map((n) => [n, values[n] !== undefined])) as Record<keyof V, boolean>;
  const compiledFor = (values: Partial<V>) => {
    let shape = '';
    for (const n of names) shape += values[n] === undefined ? '0' : '1';
    let c = shapes.get(shape);
    if (!c) {
      c = build(compiler, placeholders, hasOf(values)).compile();
      shapes.set(shape, c);
    }
    const parameters = c.parameters.map((p) => (p instanceof Placeholder ? values[p.name] : p));
    return { sql: c.sql, parameters };
  };
  return {
    async all(q, values) {
      const { sql, parameters } = compiledFor(values);
      return (await q.query(sql, parameters)) as SnakeRow<R>[];
    },
    compiled: compiledFor,
    builtNow: (values) => build(compiler, values as V, hasOf(values)).compile(),
    viaKysely: (q, values) =>
      typed(q)
        .executeQuery(build(typed(q), values as V, hasOf(values)))
        .then((r) => r.rows),
  };
}
