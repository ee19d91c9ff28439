import { z } from 'zod';
import { notFound } from './errors.ts';

const uuid = z.uuid();

/** Whether a route parameter is a UUID (anything else cannot exist). */
export const isUuid = (id: unknown): id is string => uuid.safeParse(id).success;

/** Reads an :id route parameter; anything that is not a UUID cannot exist, so it is a 404. */
export function idParam(params: unknown, what = 'Not found'): string {
  const id = (params as { id?: unknown })?.id;
  if (!uuid.safeParse(id).success) throw notFound(what);
  return id as string;
}
