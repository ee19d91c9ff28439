import { useCallback, useEffect, useState } from 'react';

/**
 * A form draft kept in sessionStorage, so that what was typed survives a session that ended
 * mid-form: the user signs in again, returns to the form and finds it as they left it.
 * Call clear() after a successful submit.
 */
export function useDraft<T extends object>(key: string, initial: T): [T, (next: T | ((prev: T) => T)) => void, () => void] {
  const storageKey = `draft:${key}`;
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = sessionStorage.getItem(storageKey);
      return raw ? { ...initial, ...(JSON.parse(raw) as Partial<T>) } : initial;
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the draft simply is not kept.
    }
  }, [storageKey, value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is a fresh object each render; the key identifies the draft.
  const clear = useCallback(() => {
    sessionStorage.removeItem(storageKey);
    setValue(initial);
  }, [storageKey]);
  return [value, setValue, clear];
}
