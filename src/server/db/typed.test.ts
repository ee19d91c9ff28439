import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { schemaTypes } from './schema-types.ts';
import { sql } from './sql.ts';
import { prepared, typed } from './typed.ts';

const GENERATED = new URL('./schema.generated.ts', import.meta.url);

describe('typed queries (decision 035)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('schema.generated.ts is what `npm run db:types` writes from the migrations, on either engine', async () => {
    // The harness's database is the migrations applied to a fresh PGlite (global-setup.ts), or with
    // TEST_DB=postgres to a fresh PostgreSQL database: stale types (a migration added without
    // regenerating) or a schema that differs between the engines fail here, in CI.
    expect(await schemaTypes(ctx.db), 'run `npm run db:types` and commit src/server/db/schema.generated.ts').toBe(
      await readFile(GENERATED, 'utf8'),
    );
  });

  it('parses a date once, as its calendar day, on both engines (no to_char needed)', async () => {
    const row = await sql<{ d: unknown; late: unknown; ts: unknown; n: unknown }>(
      `SELECT date '2026-02-28' AS d, date '0999-12-31' AS late, timestamptz '2026-02-28 23:30:00+00' AS ts, 12.50::numeric AS n`,
    ).first(ctx.db);
    expect(row).toEqual({ d: '2026-02-28', late: '0999-12-31', ts: new Date('2026-02-28T23:30:00Z'), n: '12.50' });
  });

  it('runs typed queries inside db.tx: snake_case columns read in camelCase, and a rollback undoes them', async () => {
    const name = `Typed SPV ${Date.now()}`;
    const inserted = await ctx.db.tx((q) =>
      typed(q)
        .insertInto('spvs')
        .values({ name, jurisdiction: 'DIFC', annualReturnDue: '2027-03-31', bankBalance: '1000.10', status: 'Active' })
        .returning(['id', 'annualReturnDue', 'bankBalance', 'createdAt'])
        .executeTakeFirstOrThrow(),
    );
    expect(inserted.annualReturnDue).toBe('2027-03-31');
    expect(inserted.bankBalance).toBe('1000.10');
    expect(inserted.createdAt).toBeInstanceOf(Date);
    await expect(
      ctx.db.tx(async (q) => {
        await typed(q).updateTable('spvs').set({ bankBalance: '0.01' }).where('id', '=', inserted.id).execute();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const after = await typed(ctx.db).selectFrom('spvs').select('bankBalance').where('id', '=', inserted.id).executeTakeFirst();
    expect(after?.bankBalance).toBe('1000.10');
    await expect(
      typed(ctx.db)
        .transaction()
        .execute(async () => 1),
    ).rejects.toThrow(/db\.tx/);
    await typed(ctx.db).deleteFrom('spvs').where('id', '=', inserted.id).execute();
  });

  it('prepared: builds and compiles once per shape, runs with the values, rows as the database names them (decision 064)', async () => {
    const tag = Date.now();
    const names = [`Prepared SPV A ${tag}`, `Prepared SPV B ${tag}`];
    for (const name of names)
      await typed(ctx.db)
        .insertInto('spvs')
        .values({ name, jurisdiction: 'DIFC', annualReturnDue: '2027-03-31', bankBalance: '10.50', status: 'Active' })
        .execute();
    let builds = 0;
    const byName = prepared<{ name: string; status: 'Active' | 'Dormant' | 'Dissolved' }, { name: string; bankBalance: string }>(
      ['name', 'status'],
      (k, p, has) => {
        builds += 1;
        return k
          .selectFrom('spvs')
          .select(['name', 'bankBalance'])
          .where('name', 'like', p.name)
          .$if(has.status, (qb) => qb.where('status', '=', p.status))
          .orderBy('name');
      },
    );
    const like = `Prepared SPV _ ${tag}`;
    for (let i = 0; i < 3; i++) {
      expect(await byName.all(ctx.db, { name: like })).toEqual(names.map((name) => ({ name, bank_balance: '10.50' })));
      expect(await byName.all(ctx.db, { name: names[1], status: 'Active' })).toEqual([{ name: names[1], bank_balance: '10.50' }]);
      expect(await byName.all(ctx.db, { name: like, status: 'Dormant' })).toEqual([]);
    }
    // Two shapes (status given or not), each built once for the compiled statement it keeps.
    expect(builds).toBe(2);
    expect(byName.compiled({ name: 'x', status: 'Dormant' })).toEqual({
      sql: 'select "name", "bank_balance" from "spvs" where "name" like $1 and "status" = $2 order by "name"',
      parameters: ['x', 'Dormant'],
    });
    expect(await byName.viaKysely(ctx.db, { name: names[0] })).toEqual([{ name: names[0], bankBalance: '10.50' }]);
    await typed(ctx.db).deleteFrom('spvs').where('name', 'in', names).execute();
  });
});
