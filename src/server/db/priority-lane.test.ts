import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, dbPriority, openPglite } from './client.ts';
import { sql } from './sql.ts';

/** PGlite's single connection: state-changing work waits for the statement in progress, not for every read queued. */
describe('PGlite priority lane', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('runs high-priority statements and transactions before the normal ones already waiting', async () => {
    const order: string[] = [];
    const read = (i: number) => db.query('SELECT count(*) FROM generate_series(1, 20000)').then(() => order.push(`read${i}`));
    const reads = Array.from({ length: 6 }, (_, i) => read(i));
    const write = dbPriority.run('high', () => db.query('SELECT 1').then(() => order.push('write')));
    const tx = dbPriority.run('high', () => db.tx(async (q) => q.query('SELECT 2')).then(() => order.push('tx')));
    await Promise.all([...reads, write, tx]);
    // The first read was already running; the high-priority work goes next, in its own order.
    expect(order.slice(0, 3)).toEqual(['read0', 'write', 'tx']);
    expect(order).toHaveLength(8);
  });

  it('does not starve normal work: after 8 high-priority jobs in a row a waiting normal one runs', async () => {
    const order: string[] = [];
    const first = db.query('SELECT count(*) FROM generate_series(1, 20000)').then(() => order.push('first'));
    const normal = db.query('SELECT 1').then(() => order.push('normal'));
    const highs = Array.from({ length: 12 }, (_, i) => dbPriority.run('high', () => db.query('SELECT 1').then(() => order.push(`h${i}`))));
    await Promise.all([first, normal, ...highs]);
    expect(order.indexOf('normal')).toBe(9);
  });

  it('a failing statement does not stall the lane', async () => {
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow();
    await expect(dbPriority.run('high', () => db.tx(async () => Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
    expect(await sql<{ one: number }>('SELECT 1 AS one').all(db)).toEqual([{ one: 1 }]);
  });
});
