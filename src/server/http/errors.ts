import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, ZodObject, type ZodType, type z } from 'zod';
import { DatabaseBusyError } from '../db/client.ts';

/** An error with an HTTP status and a message safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { code?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, { fields });
export const unauthorized = (message = 'You must be signed in') => new HttpError(401, message, { code: 'UNAUTHENTICATED' });
export const forbidden = (message = 'You do not have access to this resource', code = 'FORBIDDEN') => new HttpError(403, message, { code });
export const notFound = (message = 'Not found') => new HttpError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, code = 'CONFLICT', fields?: Record<string, string>) =>
  new HttpError(409, message, fields ? { code, fields } : { code });

/** Flattens a zod error into { field: first message }. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

const NUL_MESSAGE = 'Text may not contain NUL characters';
const LEDGER_LIMIT_MESSAGE =
  "This would take an investor's contributions or calls above their commitment, or record a receipt against a cancelled call line";

/**
 * The path of the first string (key or value) holding a NUL character, which PostgreSQL cannot
 * store. Runs on every parsed body: the path is built only when one is found (profile: copying
 * it at every key was most of this function's cost).
 */
function findNul(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\0') ? [] : null;
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (k.includes('\0')) return [k];
    const found = findNul(o[k], depth + 1);
    if (found) {
      found.unshift(k);
      return found;
    }
  }
  return null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
export const LONE_SURROGATE_MESSAGE = 'Text contains an invalid character (an unpaired UTF-16 surrogate)';

/** The text with every unpaired UTF-16 surrogate replaced by U+FFFD (what TextEncoder would write). */
export const wellFormed = (text: string): string => (LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text);

/** Text PostgreSQL can store in text and jsonb: NUL characters and unpaired surrogates become U+FFFD. */
export const storableText = (text: string): string => wellFormed(text.includes('\0') ? text.replaceAll('\0', '\uFFFD') : text);

/**
 * The path of the first string (key or value) holding an unpaired UTF-16 surrogate: JSON may
 * carry one ("\ud800"), but it is no Unicode text, and PostgreSQL refuses it in text and jsonb.
 */
function findLoneSurrogate(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? [] : null;
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (LONE_SURROGATE.test(k)) return [wellFormed(k)];
    const found = findLoneSurrogate(o[k], depth + 1);
    if (found) {
      found.unshift(k);
      return found;
    }
  }
  return null;
}

/**
 * The edge check of every parsed body (issue 27; app.ts runs it before any route's validation):
 * text PostgreSQL cannot store, NUL characters and unpaired surrogates, is refused with 400 and
 * the field that holds it, before any route code (or its audit log) sees it.
 */
export function malformedText(body: unknown): HttpError | null {
  const nul = findNul(body);
  if (nul) return badRequest(NUL_MESSAGE, { [nul.join('.') || '_']: NUL_MESSAGE });
  const lone = findLoneSurrogate(body);
  if (lone) return badRequest(LONE_SURROGATE_MESSAGE, { [lone.join('.') || '_']: LONE_SURROGATE_MESSAGE });
  return null;
}

/**
 * Parses input with a schema or throws a 400 whose message is the first field error.
 * Text with NUL characters is refused here, for every route, before any schema runs.
 */
export function parse<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = findNul(input);
  if (nul) throw badRequest(NUL_MESSAGE, { [nul.join('.') || '_']: NUL_MESSAGE });
  if (typeof input !== 'object' && input !== undefined && input !== null && schema instanceof ZodObject) {
    throw badRequest('The request body must be a JSON object');
  }
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
  }
  return result.data;
}

/** Turns every error into JSON with a message; never a stack trace, never a 500 for bad input. */
/** The answer to a request that found every database connection busy (503). */
export const DATABASE_BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.extra.headers) reply.headers(error.extra.headers);
    return reply.status(error.statusCode).send({
      message: error.message,
      ...(error.extra.code ? { code: error.extra.code } : {}),
      ...(error.extra.fields ? { fields: error.extra.fields } : {}),
    });
  }
  if (error instanceof ZodError) {
    const fields = fieldErrors(error);
    return reply.status(400).send({ message: Object.values(fields)[0] ?? 'Invalid request', fields });
  }
  const db = error as { code?: string; message?: string };
  if (db.code === '23514' && db.message?.includes('ledger_within_commitment')) {
    // The database's own check (migration 032): the services refuse first, with their own messages.
    return reply.status(409).send({ message: LEDGER_LIMIT_MESSAGE, code: 'ABOVE_COMMITMENT' });
  }
  if (error instanceof DatabaseBusyError) {
    // Every connection stayed busy for the pool's acquire timeout (a burst, or transactions
    // queued behind one row lock): the statement that waited never ran.
    request.log.warn({ err: error }, 'no database connection free: refused with 503');
    return reply.status(503).header('retry-after', '1').send({ message: DATABASE_BUSY_MESSAGE, code: error.code });
  }
  const fe = error as FastifyError;
  const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
  if (status < 500) {
    // Fastify's own client errors (bad JSON, body too large, bad content type, ...).
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
          ? 'The request is too large'
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : fe.message || 'Bad request';
    return reply.status(status).send({ message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
