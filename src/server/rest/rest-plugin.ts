/**
 * The REST layer of docs/rest-contract.md: a thin translation of the tRPC procedures, never a second
 * implementation. Every procedure whose meta has an `openapi` path becomes a Fastify route that
 * gathers the input (query, JSON, urlencoded or multipart fields, path parameters), calls the
 * procedure through a server-side caller, and writes the result or the error in the contract's
 * shape. Upload routes (rest/upload.route.ts) share the dispatch and error handling.
 *
 * Why not trpc-to-openapi's own HTTP handler: it answers errors with its own body (`code`,
 * `issues`), accepts JSON bodies only and has no 204s, none of which docs/rest-contract.md allows. Its
 * document generator, reading the same meta, still produces /api/openapi.json.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import type { AppDeps } from '#server/app-deps.ts';
import { createRequestContext, type RequestContext } from '#server/context.ts';
import type { ProcedureMeta } from '#server/trpc.ts';
import { assertAccess } from '#server/auth/access.ts';
import { UploadSlots } from '#server/http-limits.ts';
import { isMultipart, readMultipart } from './multipart.ts';
import { sendRestError } from './error-response.ts';
import type { UploadRoute } from './upload.route.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ProcedureEntry {
  path: string;
  meta: ProcedureMeta;
}

/** The procedures that carry an OpenAPI path, keyed by their dotted tRPC path. */
export function listRestProcedures(router: AnyRouter): ProcedureEntry[] {
  const out: ProcedureEntry[] = [];
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } }>)) {
    const meta = procedure._def.meta;
    if (meta?.openapi && meta.openapi.enabled !== false) out.push({ path, meta });
  }
  return out;
}

function toFastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

function queryInput(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return { ...query };
}

async function bodyInput(request: FastifyRequest, deps: AppDeps): Promise<Record<string, unknown>> {
  if (isMultipart(request)) {
    const parsed = await readMultipart(request, deps.storage, {});
    await parsed.cleanup();
    return parsed.fields;
  }
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) return { body };
  return body as Record<string, unknown>;
}

function sendSuccess(request: FastifyRequest, reply: FastifyReply, data: unknown, defaultStatus: number) {
  const status = request.restStatus ?? defaultStatus;
  if (status === 204) return reply.code(204).send();
  return reply
    .code(status)
    .type('application/json')
    .send(JSON.stringify(data === undefined || data === null ? '' : data));
}

export interface RestPluginOptions {
  router: AnyRouter;
  deps: AppDeps;
  uploadRoutes: UploadRoute[];
  /** Multipart uploads in flight per address (http-limits.ts). */
  uploadSlots?: UploadSlots;
}

export async function restPlugin(app: FastifyInstance, options: RestPluginOptions): Promise<void> {
  const { router, deps, uploadRoutes } = options;
  const createCaller = router.createCaller as (ctx: RequestContext) => Record<string, unknown>;
  const uploadSlots = options.uploadSlots ?? new UploadSlots();
  const routes = new Map<string, { method: Method; url: string; procedure?: ProcedureEntry; upload?: UploadRoute }>();

  for (const entry of listRestProcedures(router)) {
    const { method, path } = entry.meta.openapi!;
    routes.set(`${method} ${path}`, { method, url: toFastifyPath(path), procedure: entry });
  }
  for (const upload of uploadRoutes) {
    const key = `${upload.method} ${upload.path}`;
    if (routes.get(key)?.procedure) {
      throw new Error(`${key} is both a procedure path and an upload path; give the procedure no openapi meta`);
    }
    routes.set(key, { method: upload.method, url: toFastifyPath(upload.path), upload });
  }

  for (const route of routes.values()) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const ctx = createRequestContext(deps, request, reply);
        const params = (request.params ?? {}) as Record<string, string>;
        try {
          if (route.upload) return await handleUpload(route.upload, ctx, request, reply, params);
          const entry = route.procedure!;
          // A DELETE's fields come in its body (DELETE /api/user's password, as Jetstream sends
          // it), never in the query: a password in a URL would end up in access logs.
          const input = route.method === 'GET' ? { ...queryInput(request), ...params } : { ...(await bodyInput(request, deps)), ...params };
          const caller = createCaller(ctx);
          const fn = entry.path.split('.').reduce<unknown>((acc, key) => (acc as Record<string, unknown>)[key], caller) as (
            input: unknown,
          ) => Promise<unknown>;
          const data = await fn(input);
          return sendSuccess(request, reply, data, entry.meta.rest?.successStatus ?? 200);
        } catch (error) {
          return sendRestError(reply, error, request.log);
        }
      },
    });
  }

  async function handleUpload(
    upload: UploadRoute,
    ctx: RequestContext,
    request: FastifyRequest,
    reply: FastifyReply,
    params: Record<string, string>,
  ) {
    // Access is decided before a byte of the body is read.
    assertAccess(ctx, upload.access);
    await upload.beforeBody?.(ctx);
    // As a procedure's meta does (trpc.ts), the route's declaration decides the snapshot's refresh.
    const handled = async (data: unknown) => {
      if (upload.changesPublicContent) await deps.publicContent.refreshAndPublish();
      return sendSuccess(request, reply, data, upload.successStatus ?? 200);
    };
    if (!isMultipart(request)) {
      return handled(await upload.handle(ctx, { fields: await bodyInput(request, deps), files: {}, fileLists: {}, params }));
    }
    // A few uploads at once per address: each holds a connection and a temporary file.
    const release = uploadSlots.take(request.ip);
    try {
      const parsed = await readMultipart(request, deps.storage, upload.files);
      try {
        return await handled(await upload.handle(ctx, { fields: parsed.fields, files: parsed.files, fileLists: parsed.fileLists, params }));
      } finally {
        await parsed.cleanup();
      }
    } finally {
      release();
    }
  }
}
