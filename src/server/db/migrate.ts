import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './client.ts';
import { sql } from './sql.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: serialises migrations when several servers start on one PostgreSQL.
export const MIGRATION_LOCK_ID = 727_001;
export const MIGRATIONS_TABLE = 'schema_migrations';

/** The migrations this code knows, in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
}

/** The migrations a database has applied, in order (creating the bookkeeping table if needed). */
export async function appliedMigrations(q: Queryable): Promise<string[]> {
  await q.query(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  return (await sql<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`).all(q)).map((r) => r.name);
}

/**
 * Applies the named migrations that are not yet recorded, in order, inside the caller's
 * transaction (restore uses this to rebuild an archive's schema). Returns those applied.
 */
export async function applyMigrations(q: Queryable, names: string[]): Promise<string[]> {
  const done = new Set(await appliedMigrations(q));
  const applied: string[] = [];
  for (const name of names) {
    if (done.has(name)) continue;
    await execScript(q, await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'));
    await q.query(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES ($1)`, [name]);
    applied.push(name);
  }
  return applied;
}

/** Applies every migrations/NNN_*.sql not yet recorded, in order, in one transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    return applyMigrations(q, files);
  });
}

/**
 * Runs a multi-statement script. Statements are split on semicolons at line ends, except inside
 * a dollar-quoted body ($$ ... $$: a function written over several lines, migration 032).
 */
export function splitScript(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let quoted = false;
  for (const line of sql.split('\n')) {
    current.push(line);
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n'));
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}

async function execScript(q: Queryable, sql: string): Promise<void> {
  for (const s of splitScript(sql)) await q.query(s);
}
