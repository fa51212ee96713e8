/**
 * The OpenAPI 3.1 document served at /api/openapi.json: the procedure paths from their meta
 * (trpc-to-openapi's generator) plus the upload paths, which are described here from the same
 * zod schemas their handlers validate with.
 */
import type { AnyRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { UploadRoute } from './upload-route.ts';

const errorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });

function uploadPaths(routes: UploadRoute[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const pathParams = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const fileShape = Object.fromEntries(
      Object.keys(route.files).map((field) => [field, z.string().meta({ format: 'binary' }).optional()]),
    );
    const multipartSchema = route.fieldsSchema.partial().extend(fileShape);
    const status = String(route.successStatus ?? 200);
    const operation = {
      summary: route.summary,
      tags: route.tags,
      ...(pathParams.length
        ? { requestParams: { path: z.object(Object.fromEntries(pathParams.map((p) => [p, z.string()]))) } }
        : {}),
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: multipartSchema },
          'application/json': { schema: route.fieldsSchema.partial() },
        },
      },
      responses: {
        [status]: { description: 'Success', content: { 'application/json': { schema: route.responseSchema } } },
        '413': { description: 'A file over its size limit', content: { 'application/json': { schema: errorBody } } },
        '422': { description: 'Invalid fields or file', content: { 'application/json': { schema: errorBody } } },
      },
    };
    const entry = (paths[route.path] ??= {}) as Record<string, unknown>;
    entry[route.method.toLowerCase()] = operation;
  }
  return paths;
}

export function buildOpenApiDocument(router: AnyRouter, uploadRoutes: UploadRoute[], baseUrl: string): OpenAPIObject {
  return generateOpenApiDocument(router, {
    title: 'Harbourside Body & Paint API',
    description:
      'The REST paths of the original site (Laravel Fortify and Sanctum compatible). State-changing requests need the XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header; GET /sanctum/csrf-cookie issues it.',
    version: '1.0.0',
    openApiVersion: '3.1.0',
    baseUrl,
    paths: uploadPaths(uploadRoutes),
  });
}
