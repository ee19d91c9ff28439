import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's tab, filter or search kept in the URL's query string, so a refresh, a shared link
 * and Back (after leaving the screen) bring it back. The default value is not written (clean
 * URLs); a value outside `allowed` reads as the default.
 *
 * Choices (tabs, filters) add a history entry, so Back steps through them; text typed in a
 * search box replaces the entry (`{ replace: true }`), so Back does not replay every keystroke.
 * Setting the value it already has does nothing (Radix tabs report a change on mouse down and
 * again on focus).
 */
export function useUrlState<T extends string>(
  key: string,
  fallback: T,
  allowed?: readonly T[],
): [T, (value: T, opts?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value = raw !== null && (!allowed || allowed.includes(raw as T)) ? (raw as T) : fallback;
  const set = useCallback(
    (next: T, opts?: { replace?: boolean }) => {
      // The live URL, not this render's: two setters in one event must not undo each other.
      const current = new URLSearchParams(window.location.search);
      if ((current.get(key) ?? fallback) === next) return;
      if (next === fallback) current.delete(key);
      else current.set(key, next);
      setParams(current, { replace: opts?.replace ?? false, preventScrollReset: true });
    },
    [key, fallback, setParams],
  );
  return [value, set];
}

/**
 * Several values kept in the URL together (a filter bar): `defaults` names the query keys and
 * their default values. `set` writes every key at once (one history entry); text keys listed in
 * `typed` replace the entry instead when they are the only change, like useUrlState's search.
 */
export function useUrlRecord<K extends string>(
  defaults: Record<K, string>,
  typed: readonly NoInfer<K>[] = [],
): [Record<K, string>, (next: Record<K, string>) => void] {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(defaults) as K[];
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? defaults[k]])) as Record<K, string>;
  const set = (next: Record<K, string>) => {
    const current = new URLSearchParams(window.location.search);
    const changed = keys.filter((k) => (current.get(k) ?? defaults[k]) !== next[k]);
    if (changed.length === 0) return;
    for (const k of keys) {
      if (next[k] === defaults[k]) current.delete(k);
      else current.set(k, next[k]);
    }
    const replace = changed.every((k) => typed.includes(k));
    setParams(current, { replace, preventScrollReset: true });
  };
  return [values, set];
}
