import { type ZodType, z } from 'zod';
import { API, type OpenApiDocument, pathParams, ROUTES, type RouteEntry } from './contract.ts';
import { tokenScopeOf } from './token-scopes.ts';

/**
 * The route table (contract.ts) as an OpenAPI 3.1 document (decision 033): one operation per
 * entry, its path parameters with their schemas (`pathParams`), its query and JSON body from the entry's zod schemas
 * (`z.toJSONSchema`, as the client sends them), multipart bodies as form data, who may call it
 * (`x-access`), whether an API token may call it and with which scope (`x-token-scope`, and the
 * `token` security requirement: token-scopes.ts), and its answer: JSON or a file. The answer types are TypeScript types, not
 * schemas, so each answer is described, not specified, beyond its media type.
 */

const jsonSchema = (schema: ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

const ERROR_BODY = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/** `/api/deals/:id` -> `/api/deals/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(key: string, entry: RouteEntry): Record<string, unknown> {
  const parameters: Record<string, unknown>[] = Object.entries(pathParams(key, entry)).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema: (({ $schema: _, ...rest }) => rest)(jsonSchema(schema)),
  }));
  if (entry.query) {
    const query = jsonSchema(entry.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
  const scope = tokenScopeOf(key);
  const op: Record<string, unknown> = {
    operationId: key,
    'x-access': entry.access,
    ...(scope ? { 'x-token-scope': scope } : {}),
    security: entry.access === 'public' ? [] : scope ? [{ session: [] }, { token: [scope] }] : [{ session: [] }],
    responses: {
      '200': {
        description: entry.kind === 'file' ? 'The file' : 'Success',
        content: entry.kind === 'file' ? { 'application/octet-stream': {} } : { 'application/json': {} },
      },
      '4XX': { description: 'Refused, with a message', content: { 'application/json': { schema: ERROR_BODY } } },
    },
  };
  if (parameters.length) op.parameters = parameters;
  if (entry.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(entry.body) } } };
  else if (entry.multipart) op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
  return op;
}

let cached: OpenApiDocument | null = null;

/** The document, built once (the table does not change while the server runs). */
export function openApiDocument(version: string): OpenApiDocument {
  if (cached && cached.info.version === version) return cached;
  const paths: OpenApiDocument['paths'] = {};
  for (const [key, entry] of ROUTES) {
    const [method = '', path = ''] = key.split(' ');
    const at = openApiPath(path);
    paths[at] = { ...paths[at], [method.toLowerCase()]: operation(key, entry) };
  }
  cached = {
    openapi: '3.1.0',
    info: { title: 'Syndicate Desk API', version },
    paths,
    ...{
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sd_session' },
          // A personal access token (GET/POST /api/me/tokens): `Authorization: Bearer sdt_...`.
          token: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token; each operation names the scope it needs (x-token-scope).',
          },
        },
      },
    },
  };
  return cached;
}

/** Every operation of the table, as `METHOD /path` (for the check against the registered routes). */
export const tableKeys = (): string[] => Object.keys(API);
