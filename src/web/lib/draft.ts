import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

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

/**
 * useDraft for a react-hook-form form: what was typed is kept in sessionStorage under `key` and
 * restored over the defaults on mount (still counted as unsaved input: the defaults stay the
 * baseline). Returns clear(): forget the draft and put the form back to `initial`.
 */
export function useFormDraft<T extends FieldValues>(
  key: string,
  // biome-ignore lint/suspicious/noExplicitAny: any form over these values, whatever its schema's output.
  form: UseFormReturn<T, any, any>,
  initial: T,
): () => void {
  const storageKey = `draft:${key}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per draft; the form then writes the draft.
  useEffect(() => {
    try {
      const raw = sessionStorage.getItem(storageKey);
      if (raw) form.reset({ ...initial, ...(JSON.parse(raw) as Partial<T>) }, { keepDefaultValues: true });
    } catch {
      // An unreadable draft is ignored.
    }
    const sub = form.watch((values) => {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(values));
      } catch {
        // Storage full or disabled: the draft simply is not kept.
      }
    });
    return () => sub.unsubscribe();
  }, [storageKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is a fresh object each render; the key identifies the draft.
  return useCallback(() => {
    sessionStorage.removeItem(storageKey);
    form.reset(initial);
  }, [storageKey, form]);
}
