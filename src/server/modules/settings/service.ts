import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '../../../shared/settings.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { type Invalidations, invalidationsOf } from '../../db/invalidation.ts';
import { storedSettings, upsertSettings } from './repository.ts';

const KEY = 'app';

/** The stored settings merged over the defaults; a stored value that no longer validates falls back to its own default. */
export async function getSettings(q: Queryable): Promise<Settings> {
  const stored: Record<string, unknown> = (await storedSettings(q, KEY)) ?? {};
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
  await upsertSettings(q, KEY, value, userId);
}

const cached = new WeakMap<Invalidations, { settings: Settings | null }>();

/**
 * The settings outside a transaction (sign-in, the landing page): from memory while the
 * database's invalidations are heard (migration 021 notifies on every change of the settings
 * row, on every instance), otherwise read. Inside a transaction use getSettings.
 */
export async function readSettings(db: Db): Promise<Settings> {
  const inv = invalidationsOf(db);
  if (!inv?.up) return getSettings(db);
  let entry = cached.get(inv);
  if (!entry) {
    const e = { settings: null as Settings | null };
    inv.subscribe(() => {
      e.settings = null;
    });
    cached.set(inv, e);
    entry = e;
  }
  if (entry.settings) return entry.settings;
  const generation = inv.generation;
  const settings = await getSettings(db);
  if (inv.up && inv.generation === generation) entry.settings = settings;
  return settings;
}
