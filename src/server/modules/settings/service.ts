import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '../../../shared/settings.ts';
import type { Queryable } from '../../db/client.ts';

const KEY = 'app';

/** The stored settings merged over the defaults; a stored value that no longer validates falls back to its default. */
export async function getSettings(q: Queryable): Promise<Settings> {
  const rows = await q.query<{ value: Partial<Settings> }>('SELECT value FROM settings WHERE key = $1', [KEY]);
  const merged = { ...DEFAULT_SETTINGS, ...(rows[0]?.value ?? {}) };
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function saveSettings(q: Queryable, value: Settings, userId: string | null): Promise<void> {
  await q.query(
    `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [KEY, JSON.stringify(value), userId],
  );
}
