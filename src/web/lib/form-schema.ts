import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

type Values<K extends string> = Record<K, string>;

/**
 * A form schema for useZodForm over a shared (server) schema: the form holds its fields as typed
 * strings (`keys`), and `shared` validates the body `toBody` makes of them, so the form and the
 * server apply the same rules. The submit handler receives the shared schema's output.
 * - `required`: messages for fields left blank (shown instead of a format message);
 * - `fieldOf`: where a body field's error shows when the names differ (default: the same name).
 */
export function sharedFormSchema<K extends string, S extends z.ZodType>(
  keys: readonly K[],
  shared: S,
  toBody: (v: Values<K>) => unknown,
  {
    required = {},
    fieldOf = (key) => key,
  }: { required?: Partial<Record<K, string>>; fieldOf?: (key: string, v: Values<K>) => string } = {},
) {
  const shape = Object.fromEntries(keys.map((k) => [k, z.string().catch('')])) as { [P in K]: z.ZodCatch<z.ZodString> };
  return z.object(shape).transform((raw, ctx): z.output<S> => {
    const v = raw as Values<K>;
    const parsed = shared.safeParse(toBody(v));
    const errors: Record<string, string> = {};
    for (const [key, message] of Object.entries(required) as [K, string][]) if (!v[key].trim()) errors[key] = message;
    for (const issue of parsed.error?.issues ?? []) errors[fieldOf(String(issue.path[0] ?? keys[0]), v)] ??= issue.message;
    for (const [key, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [key], message });
    if (!parsed.success || Object.keys(errors).length > 0) return z.NEVER;
    return parsed.data;
  });
}

/** '' and whitespace are a missing value (so the shared schema says 'required', not a format message). */
export const blank = (v: string) => (v.trim() === '' ? undefined : v);

/**
 * A corrected field drops its message as soon as it changes; the others stay until the next
 * submit (as the hand-written forms behaved). `linked` fields clear together (a choice and its
 * 'Other' text).
 */
export function useClearErrorOnChange<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any form over these values, whatever its schema's output.
  form: UseFormReturn<T, any, any>,
  linked: readonly (readonly FieldPath<T>[])[] = [],
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `linked` is a constant of the caller.
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (!name) return;
      const names = linked.find((group) => group.includes(name)) ?? [name];
      if (names.some((n) => form.getFieldState(n).error)) form.clearErrors([...names]);
    });
    return () => sub.unsubscribe();
  }, [form]);
}
