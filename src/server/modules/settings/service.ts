import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '../../../shared/settings.ts';
import type { Queryable } from '../../db/client.ts';

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

export async function saveSettings(q: Queryable, value: Settings, userId: string | null): Promise<void> {
  await q.query(
    `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [KEY, JSON.stringify(value), userId],
  );
}
