/**
 * The REST layer of docs/rest-contract.md: a thin translation of the tRPC procedures, never a second
 * implementation. Every procedure whose meta has an `openapi` path becomes a Fastify route that
 * gathers the input (query, JSON, urlencoded or multipart fields, path parameters), calls the
 * procedure through a server-side caller, and writes the result or the error in the contract's
 * shape. A procedure whose meta declares an upload (uploads.ts) takes multipart with files here: the
 * body is handed to the procedure unread (`ctx.upload`), and its input step streams it to temporary
 * files after the access check and rate limit, so the rules, statuses and errors are declared once,
 * in the procedure.
 *
 * Why not trpc-to-openapi's own HTTP handler: it answers errors with its own body (`code`,
 * `issues`), accepts JSON bodies only and has no 204s, none of which docs/rest-contract.md allows. Its
 * document generator, reading the same meta, still produces /api/openapi.json.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import type { AppDeps } from '#server/app-deps.ts';
import { createRequestContext, type RequestContext } from '#server/context.ts';
import type { ProcedureMeta } from '#server/trpc.ts';
import { UploadSlots } from '#server/http-limits.ts';
import type { PendingUpload, UploadMeta } from '#server/uploads.ts';
import { isMultipart, readMultipart, type ParsedMultipart } from './multipart.ts';
import { sendRestError } from './error-response.ts';

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

/** The procedures that take files (meta.upload), as method and OpenAPI path: the multipart paths. */
export function listUploadPaths(router: AnyRouter): { method: Method; path: string; procedure: string }[] {
  return listRestProcedures(router)
    .filter(({ meta }) => meta.upload)
    .map(({ path, meta }) => ({ method: meta.openapi!.method, path: meta.openapi!.path, procedure: path }));
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

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function sendSuccess(request: FastifyRequest, reply: FastifyReply, data: unknown, defaultStatus: number, contentType?: string) {
  const status = request.restStatus ?? defaultStatus;
  if (status === 204) return reply.code(204).send();
  if (contentType && typeof data === 'string') return reply.code(status).type(contentType).send(data);
  // A long answer (the activity log's CSV) streamed as the procedure produces it, read as the client takes it.
  if (contentType && isAsyncIterable(data)) return reply.code(status).type(contentType).send(Readable.from(data));
  return reply
    .code(status)
    .type('application/json')
    .send(JSON.stringify(data === undefined || data === null ? '' : data));
}

/** Path parameters under the input's names (meta.upload.params: POST /api/widgets/{x} takes x as the id). */
function paramsInput(params: Record<string, string>, upload: UploadMeta | undefined): Record<string, string> {
  const renames = upload?.params ?? {};
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [renames[name] ?? name, value]));
}

export interface RestPluginOptions {
  router: AnyRouter;
  deps: AppDeps;
  /** Multipart uploads in flight per address (http-limits.ts). */
  uploadSlots?: UploadSlots;
}

export async function restPlugin(app: FastifyInstance, options: RestPluginOptions): Promise<void> {
  const { router, deps } = options;
  const createCaller = router.createCaller as (ctx: RequestContext) => Record<string, unknown>;
  const uploadSlots = options.uploadSlots ?? new UploadSlots();

  for (const entry of listRestProcedures(router)) {
    const { method, path } = entry.meta.openapi!;
    const upload = entry.meta.upload;
    app.route({
      method,
      url: toFastifyPath(path),
      handler: async (request, reply) => {
        const ctx = createRequestContext(deps, request, reply);
        const params = paramsInput((request.params ?? {}) as Record<string, string>, upload);
        const body = upload && isMultipart(request) ? new UnreadUpload(request, deps, upload, uploadSlots) : null;
        try {
          let input: Record<string, unknown>;
          if (body) {
            ctx.upload = body;
            input = params;
          } else if (method === 'GET') {
            input = { ...queryInput(request), ...params };
          } else {
            // A DELETE's fields come in its body (DELETE /api/user's password, as Jetstream sends
            // it), never in the query: a password in a URL would end up in access logs.
            input = { ...(await bodyInput(request, deps)), ...params };
          }
          const caller = createCaller(ctx);
          const fn = entry.path.split('.').reduce<unknown>((acc, key) => (acc as Record<string, unknown>)[key], caller) as (
            input: unknown,
          ) => Promise<unknown>;
          // The temporary files are gone before the answer leaves, success or not.
          const data = await fn(input).finally(() => body?.release());
          return sendSuccess(request, reply, data, entry.meta.rest?.successStatus ?? 200, entry.meta.rest?.contentType);
        } catch (error) {
          return sendRestError(reply, error, request.log);
        }
      },
    });
  }
}

/**
 * A multipart body handed to the procedure unread: its input step reads it (after the access check
 * and any rate limit), under the part rules of its meta and one of the address's upload slots.
 */
export class UnreadUpload implements PendingUpload {
  private parsed: ParsedMultipart | null = null;
  private reading: Promise<Record<string, unknown>> | null = null;
  private freeSlot: (() => void) | null = null;

  constructor(
    private readonly request: FastifyRequest,
    private readonly deps: AppDeps,
    private readonly upload: UploadMeta,
    private readonly slots: UploadSlots,
  ) {}

  read(): Promise<Record<string, unknown>> {
    this.reading ??= (async () => {
      // A few uploads at once per address: each holds a connection and a temporary file.
      this.freeSlot = this.slots.take(this.request.ip);
      this.parsed = await readMultipart(this.request, this.deps.storage, this.upload.files);
      return this.parsed.fields;
    })();
    return this.reading;
  }

  files(field: string) {
    return this.parsed?.files[field] ?? [];
  }

  /** Once the procedure is done, success or not: the temporary files go, the slot is free. */
  async release(): Promise<void> {
    try {
      await this.parsed?.cleanup();
    } finally {
      this.freeSlot?.();
    }
  }
}
