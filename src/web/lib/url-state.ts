import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The value shown now, mirroring one read from the URL. The router applies URL changes in a
 * transition (later), so a controlled input bound to the URL alone would lag behind typing and
 * drop keystrokes; the screen shows this local value at once, and takes the URL's value when
 * the URL changes by other means (Back, a link). Our own writes landing (or their intermediate
 * steps while typing fast) are not taken back.
 */
function useMirror<V>(fromUrl: V, key: string): [V, (next: V, nextKey: string) => void] {
  const [local, setLocal] = useState(fromUrl);
  const pending = useRef<string | null>(null);
  const latest = useRef(fromUrl);
  latest.current = fromUrl;
  useEffect(() => {
    if (pending.current !== null) {
      if (key === pending.current) pending.current = null;
      return;
    }
    setLocal(latest.current);
  }, [key]);
  const write = useCallback((next: V, nextKey: string) => {
    pending.current = nextKey;
    setLocal(next);
  }, []);
  return [local, write];
}

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
  const fromUrl = raw !== null && (!allowed || allowed.includes(raw as T)) ? (raw as T) : fallback;
  const [value, mirror] = useMirror<T>(fromUrl, fromUrl);
  const set = useCallback(
    (next: T, opts?: { replace?: boolean }) => {
      // The live URL, not this render's: two setters in one event must not undo each other.
      const current = new URLSearchParams(window.location.search);
      if ((current.get(key) ?? fallback) === next) return;
      if (next === fallback) current.delete(key);
      else current.set(key, next);
      mirror(next, next);
      setParams(current, { replace: opts?.replace ?? false, preventScrollReset: true });
    },
    [key, fallback, setParams, mirror],
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
  const fromUrl = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? defaults[k]])) as Record<K, string>;
  const [values, mirror] = useMirror(fromUrl, JSON.stringify(fromUrl));
  const set = (next: Record<K, string>) => {
    const current = new URLSearchParams(window.location.search);
    const changed = keys.filter((k) => (current.get(k) ?? defaults[k]) !== next[k]);
    if (changed.length === 0) return;
    for (const k of keys) {
      if (next[k] === defaults[k]) current.delete(k);
      else current.set(k, next[k]);
    }
    const normal = Object.fromEntries(keys.map((k) => [k, next[k]])) as Record<K, string>;
    mirror(normal, JSON.stringify(normal));
    const replace = changed.every((k) => typed.includes(k));
    setParams(current, { replace, preventScrollReset: true });
  };
  return [values, set];
}
