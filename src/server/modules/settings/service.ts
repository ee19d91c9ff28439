import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '../../../shared/settings.ts';
import type { Db, Queryable } from '../../db/client.ts';

const KEY = 'app';

/** The stored settings merged over the defaults; a stored value that no longer validates falls back to its own default. */
export async function getSettings(q: Queryable): Promise<Settings> {
  const rows = await q.query<{ value: Partial<Settings> }>('SELECT value FROM settings WHERE key = $1', [KEY]);
  const stored = rows[0]?.value ?? {};
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (!(key in stored)) continue;
    const field = settingsSchema.shape[key];
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as Settings;
}

/**
 * The settings as the per-request checks read them (IP allow-list, API rate limit): cached for
 * two seconds per database, and dropped at once when this process saves them. Another instance
 * sees a change within those two seconds.
 */
const cache = new WeakMap<Db, { at: number; generation: number; value: Promise<Settings> }>();
const CACHE_MS = 2000;
let generation = 0;
export function getSettingsCached(db: Db): Promise<Settings> {
  const hit = cache.get(db);
  if (hit && hit.generation === generation && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = getSettings(db);
  cache.set(db, { at: Date.now(), generation, value });
  value.catch(() => cache.delete(db));
  return value;
}

export async function saveSettings(q: Queryable, value: Settings, userId: string | null): Promise<void> {
  await q.query(
    `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [KEY, JSON.stringify(value), userId],
  );
  generation++;
}
