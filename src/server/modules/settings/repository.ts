import { sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';

/** The settings row's queries (decision 035), typed from schema.generated.ts. */

/** The stored value under a key (an object), or undefined when none is stored. */
export async function storedSettings(q: Queryable, key: string): Promise<Record<string, unknown> | undefined> {
  const row = await typed(q).selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const value = row?.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** Stores the value under the key (JSON), replacing any. */
export async function upsertSettings(q: Queryable, key: string, value: unknown, userId: string | null): Promise<void> {
  await typed(q)
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updatedBy: userId })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updatedBy: eb.ref('excluded.updatedBy'),
        updatedAt: kysql<Date>`now()`,
      })),
    )
    .execute();
}
