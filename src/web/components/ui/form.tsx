import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useCallback, useRef } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { fieldProps } from './field';

/** A zod issue as both zod 3 and 4 report it. */
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The one mapping of zod issues to field errors: the first message per field, keyed by the
 * dotted path (`lines.0.amount`); issues without a path go under `form`.
 */
export function issuesToErrors(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'form';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export interface ZodFormOptions<In extends FieldValues>
  extends Omit<UseFormProps<In, unknown, FieldValues>, 'resolver' | 'defaultValues' | 'formControl'> {
  defaultValues: DefaultValues<In>;
  /** Warn before leaving the page while the form holds unsaved input (default false). */
  guardUnsaved?: boolean;
}

export interface ServerErrorOptions<In extends FieldValues> {
  /** The message shown above the submit button when the error names no field of this form. */
  fallback: string;
  /** Server field names that differ from the form's (`{ password: 'newPassword' }`). */
  rename?: Record<string, FieldPath<In>>;
  /** Show the message above the button even when the server also named fields (default false). */
  alwaysFormError?: boolean;
}

export type ZodForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out> & {
  /** Register a control and give it its id and aria props: `<Input {...form.field('email', 'login-email')} />`. */
  field: (
    name: FieldPath<In>,
    id: string,
    opts?: { hint?: boolean },
  ) => ReturnType<UseFormReturn<In>['register']> & ReturnType<typeof fieldProps>;
  /** The field's current error message. */
  errorOf: (name: FieldPath<In>) => string | undefined;
  /** The form-level error (set by applyServerError or setFormError). */
  formError: string | undefined;
  setFormError: (message: string) => void;
  /** True while the submit handler runs. */
  busy: boolean;
  /**
   * Put a failed request's errors where they belong: the server's `fields` on this form's fields
   * (focusing the first), anything else as the form error. Returns the message to toast.
   */
  applyServerError: (err: unknown, opts: ServerErrorOptions<In>) => string;
};

/**
 * The form primitive: react-hook-form validated by a shared zod schema. Errors show on submit and
 * stay until the next submit (as the hand-written forms did); the first invalid field gets focus;
 * `busy` covers the submit handler; with `guardUnsaved` a dirty form asks before the page is left.
 * The schema may change between renders (a policy's minimum length): the latest one validates.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  { guardUnsaved = false, ...options }: ZodFormOptions<z.input<S>>,
): ZodForm<z.input<S>, z.output<S>> {
  type In = z.input<S>;
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  type Out = z.output<S>;
  const resolver = useCallback<Resolver<In, unknown, Out>>(
    (values, ctx, opts) => (zodResolver(schemaRef.current as never) as unknown as Resolver<In, unknown, Out>)(values, ctx, opts),
    [],
  );
  const form = useForm<In, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
    ...options,
    resolver,
  });
  const { errors, isSubmitting, isDirty, isSubmitSuccessful } = form.formState;
  useUnsavedChangesGuard(guardUnsaved && isDirty && !isSubmitSuccessful);

  const errorOf = (name: FieldPath<In>): string | undefined => {
    let node: unknown = errors;
    for (const part of String(name).split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? message : undefined;
  };
  const setFormError = (message: string) => form.setError('root.server', { type: 'server', message });

  return Object.assign(form, {
    field: (name: FieldPath<In>, id: string, opts?: { hint?: boolean }) => ({
      ...form.register(name),
      ...fieldProps(id, errorOf(name), opts?.hint),
    }),
    errorOf,
    formError: errors.root?.server?.message,
    setFormError,
    busy: isSubmitting,
    applyServerError: (err: unknown, { fallback, rename = {}, alwaysFormError = false }: ServerErrorOptions<In>) => {
      const message = err instanceof ApiError ? translateMessage(err.message || fallback) : fallback;
      const known = new Set(Object.keys(form.getValues()));
      let focused = false;
      let mapped = 0;
      if (err instanceof ApiError) {
        for (const [serverName, text] of Object.entries(err.fields ?? {})) {
          const name = (rename[serverName] ?? serverName) as FieldPath<In>;
          if (!known.has(String(name).split('.')[0] ?? '')) continue;
          form.setError(name, { type: 'server', message: text }, { shouldFocus: !focused });
          focused = true;
          mapped++;
        }
      }
      if (!mapped || alwaysFormError) setFormError(message);
      return message;
    },
  });
}

/** The form-level error above the submit button (an alert, so screen readers announce it). */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-danger-100 px-3 py-2 text-sm text-danger-700">
      {children}
    </p>
  );
}
