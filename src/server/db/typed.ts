import {
  CamelCasePlugin,
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
