/**
 * The OpenAPI 3.1 document served at /api/openapi.json: the procedure paths from their meta
 * (trpc-to-openapi's generator) plus the upload paths (procedures with meta.upload), which are
 * described here from the same meta and input schema, since the generator knows no file parts. The generator's responses are then rewritten to what
 * the REST layer really answers: the success status of meta.rest (201, 204 without content) and
 * docs/rest-contract.md's error bodies, and the security scheme is the session cookie, not a bearer token.
 */
import type { AnyRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { SESSION_COOKIE } from '#server/auth/sessions.ts';
import type { ProcedureMeta } from '#server/trpc.ts';
import { listRestProcedures } from './rest-plugin.ts';

const errorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });

const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' };
const errorJsonSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['message'],
};

const errorDescriptions: Record<string, string> = {
  '401': 'Unauthenticated.',
  '403': 'This action is unauthorized (role), or the e-mail address is not verified.',
  '404': 'Not Found.',
  '413': 'A file over its size limit.',
  '419': 'CSRF token mismatch.',
  '422': 'Invalid fields: {"message", "errors": {field: [messages]}}.',
  '423': 'Password confirmation required.',
  '429': 'Too many attempts (see Retry-After).',
  '500': 'Server Error',
};

function errorResponse(status: string) {
  return { description: errorDescriptions[status] ?? 'Error', content: { 'application/json': { schema: ERROR_SCHEMA_REF } } };
}

/** The input schema of a procedure (its first `.input()`), for describing its fields. */
function inputSchemaOf(router: AnyRouter, path: string): z.ZodObject {
  const procedure = (router._def.procedures as Record<string, { _def: { inputs: unknown[] } }>)[path]!;
  const schema = procedure._def.inputs[0];
  if (!(schema instanceof z.ZodObject)) throw new Error(`${path}: an upload procedure's input must be a zod object`);
  return schema;
}

function uploadPaths(router: AnyRouter): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const { path: procedurePath, meta } of listRestProcedures(router).filter((entry) => entry.meta.upload)) {
    const { method, path, summary, tags, protect = true } = meta.openapi!;
    const upload = meta.upload!;
    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const fromPath = new Set(pathParams.map((name) => upload.params?.[name] ?? name));
    const shape = Object.fromEntries(Object.entries(inputSchemaOf(router, procedurePath).shape).filter(([field]) => !fromPath.has(field)));
    const binary = () => z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream' });
    const fileShape = Object.fromEntries(
      Object.entries(upload.files).map(([field, rule]) => [
        field,
        // A list part (quote photos) repeats the part: `photos` once per file.
        rule.list ? z.array(binary()).max(rule.list.maxCount).optional() : binary().optional(),
      ]),
    );
    const status = String(meta.rest?.successStatus ?? 200);
    const outputSchema = (router._def.procedures as Record<string, { _def: { output?: z.ZodType } }>)[procedurePath]!._def.output;
    const errors = ['413', '419', '422', ...(protect ? ['401', '403'] : []), ...(pathParams.length ? ['404'] : [])];
    const operation = {
      operationId: procedurePath.replace(/\./g, '-'),
      summary,
      tags,
      ...(protect ? { security: [{ session: [], xsrf: [] }] } : {}),
      ...(pathParams.length ? { requestParams: { path: z.object(Object.fromEntries(pathParams.map((p) => [p, z.string()]))) } } : {}),
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: z.object({ ...shape, ...fileShape }) },
          'application/json': { schema: z.object(shape) },
        },
      },
      responses: {
        [status]: {
          description: 'Success',
          content: { 'application/json': { schema: isVoid(outputSchema) ? z.literal('') : outputSchema } },
        },
        ...Object.fromEntries(
          errors
            .sort()
            .map((code) => [code, { description: errorDescriptions[code]!, content: { 'application/json': { schema: errorBody } } }]),
        ),
      },
    };
    const entry = (paths[path] ??= {}) as Record<string, unknown>;
    entry[method.toLowerCase()] = operation;
  }
  return paths;
}

function isVoid(schema: z.ZodType | undefined): boolean {
  return !schema || schema instanceof z.ZodVoid || schema instanceof z.ZodUndefined;
}

interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

/**
 * The generator puts a DELETE's fields in the query; rest-plugin.ts reads them from the JSON body
 * (a password must not travel in a URL), so the document says so.
 */
function moveQueryToJsonBody(operation: Operation): void {
  const query = ((operation.parameters ?? []) as { in?: string; name: string; required?: boolean; schema?: unknown }[]).filter(
    (parameter) => parameter.in === 'query',
  );
  if (!query.length) return;
  operation.parameters = (operation.parameters as { in?: string }[]).filter((parameter) => parameter.in !== 'query');
  if (!operation.parameters.length) delete operation.parameters;
  const schema = {
    type: 'object',
    properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  operation.requestBody = { required: true, content: { 'application/json': { schema } } };
}

/** Rewrites the generator's responses of procedure paths to what rest-plugin.ts answers. */
function rewriteProcedureResponses(document: OpenAPIObject, router: AnyRouter): void {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const { meta } of listRestProcedures(router)) {
    if (meta.upload) continue;
    const { method, path } = meta.openapi!;
    const normalized = path.replace(/(.)\/$/, '$1');
    const operation = paths[normalized]?.[method.toLowerCase()];
    if (!operation) continue;
    const success = operation.responses['200']!;
    const status = String(meta.rest?.successStatus ?? 200);
    const isProtected = meta.openapi!.protect !== false;
    const hasInput = Boolean(operation.requestBody) || Boolean(operation.parameters?.length);
    const responses: Operation['responses'] = {};
    if (status === '204') {
      responses['204'] = { description: 'No content' };
    } else {
      const schema = success.content?.['application/json']?.schema as Record<string, unknown> | undefined;
      // A procedure without a result answers the JSON string "" (Fortify's "no content" with 200/201).
      const isEmpty = !schema || Object.keys(schema).length === 0 || 'not' in schema;
      responses[status] = {
        description: isEmpty ? 'Success, body ""' : 'Success',
        content: { 'application/json': { schema: isEmpty ? { type: 'string', const: '' } : schema } },
      };
    }
    if (isProtected) {
      responses['401'] = errorResponse('401');
      responses['403'] = errorResponse('403');
    }
    if (/\{[^}]+\}/.test(path)) responses['404'] = errorResponse('404');
    if (method !== 'GET') responses['419'] = errorResponse('419');
    if (hasInput) responses['422'] = errorResponse('422');
    responses['500'] = errorResponse('500');
    operation.responses = responses;
    if (method === 'DELETE') moveQueryToJsonBody(operation);
    operation.security = isProtected ? [{ session: [], xsrf: [] }] : undefined;
    if (operation.security === undefined) delete operation.security;
  }
  // A path parameter is always required (OpenAPI demands it); zod-openapi leaves it out when the
  // field's schema preprocesses (accepting undefined before the real check).
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      for (const parameter of (op.parameters ?? []) as { in?: string; required?: boolean }[]) {
        if (parameter.in === 'path') parameter.required = true;
      }
    }
  }
  // The generator's own error schemas (a {code, issues} body the REST layer never sends) go.
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  schemas.Error = errorJsonSchema;
}

export function buildOpenApiDocument(router: AnyRouter, baseUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(router, {
    title: 'Harbourside Body & Paint API',
    description:
      'The REST paths of the original site (Laravel Fortify and Sanctum compatible). State-changing requests need the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header; GET /sanctum/csrf-cookie issues it.',
    version: '1.0.0',
    openApiVersion: '3.1.0',
    baseUrl,
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    },
    paths: uploadPaths(router),
    // The upload paths are described above: the generator knows no file parts.
    filter: ({ metadata }) => !(metadata as ProcedureMeta).upload,
  });
  rewriteProcedureResponses(document, router);
  return document;
}
