/**
 * The public GETs the snapshot answers, from the procedures' meta: a procedure with
 * `publicSnapshot` (trpc.ts) on its `openapi` GET path. The fast path (public-fast-path.ts) asks
 * `forUrl` for a request's answer: the input is gathered as the REST door gathers it and parsed by
 * the procedure's own schema, the snapshot's value goes through the procedure's output schema and
 * JSON.stringify (the bytes the procedure gives), and the result is kept per snapshot version
 * with a strong ETag. The REST path is declared once, in the meta.
 */
import { createHash } from 'node:crypto';
import type { AnyRouter } from '@trpc/server';
import type { ProcedureMeta } from '#server/trpc.ts';
import type { PublicSnapshot, SnapshotRead } from './public-snapshot.ts';

/** A schema as tRPC keeps it in a procedure's definition (zod here). */
interface Schema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}

/** A public GET the snapshot answers, taken from a procedure's meta. */
export interface SnapshotRoute {
  procedurePath: string;
  /** The path as Fastify writes a route (`/api/galleries/:id`): the label /metrics counts it under. */
  route: string;
  /** The `openapi` path as a pattern of the URL's path, one group per parameter. */
  pattern: RegExp;
  params: string[];
  input: Schema | undefined;
  output: Schema | undefined;
  read: SnapshotRead;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The routes of the procedures whose meta declares a snapshot read: the REST path is declared once, in the meta. */
export function snapshotRoutes(router: AnyRouter): SnapshotRoute[] {
  const routes: SnapshotRoute[] = [];
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta; inputs: unknown[]; output?: unknown } }>;
  for (const [procedurePath, { _def: def }] of Object.entries(procedures)) {
    const read = def.meta?.publicSnapshot;
    if (!read) continue;
    const openapi = def.meta?.openapi;
    if (openapi?.method !== 'GET' || def.inputs.length > 1) {
      throw new Error(`${procedurePath}: a snapshot read needs an openapi GET path and one input schema`);
    }
    const params: string[] = [];
    const source = openapi.path.replace(/\{([^}]+)\}|[^{]+/g, (part, name?: string) => {
      if (!name) return escapeRegExp(part);
      params.push(name);
      return '([^/]+)';
    });
    routes.push({
      procedurePath,
      route: openapi.path.replace(/\{([^}]+)\}/g, ':$1'),
      pattern: new RegExp(`^${source}$`),
      params,
      input: def.inputs[0] as Schema | undefined,
      output: def.output as Schema | undefined,
      read,
    });
  }
  return routes;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A REST answer prepared once: the procedure's JSON body and its strong ETag. */
export interface PreparedJson {
  body: string;
  etag: string;
  /** The route it answers (SnapshotRoute.route), for /metrics. */
  route: string;
}

function prepare(value: unknown, route: string): PreparedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, route };
}

/** How many prepared answers (and URLs leading to them) one snapshot version keeps. */
const MAX_PREPARED = 2000;

/** The prepared answers of one snapshot version: by URL (the hot path: one look-up), and by procedure and input. */
interface PreparedAnswers {
  snapshot: PublicSnapshot;
  byUrl: Map<string, PreparedJson>;
  byInput: Map<string, PreparedJson>;
}

/** The answers of the current snapshot version, for the fast path. */
export class SnapshotAnswers {
  private prepared: PreparedAnswers | undefined;

  constructor(private readonly routes: SnapshotRoute[]) {}

  /** The prepared answer for a GET of `url`, or undefined when the procedure must run (the normal route). */
  forUrl(snapshot: PublicSnapshot, url: string): PreparedJson | undefined {
    if (this.prepared?.snapshot !== snapshot) this.prepared = { snapshot, byUrl: new Map(), byInput: new Map() };
    let answer = this.prepared.byUrl.get(url);
    if (!answer) {
      answer = snapshotAnswer(this.routes, this.prepared, url);
      if (answer && this.prepared.byUrl.size < MAX_PREPARED) this.prepared.byUrl.set(url, answer);
    }
    return answer;
  }
}

/**
 * The answer the snapshot gives for a URL, or undefined (the normal route answers). The input is
 * gathered as the REST door gathers it (query, then path parameters) and parsed by the procedure's
 * own schema; a repeated query parameter is left to the normal route.
 */
function snapshotAnswer(routes: SnapshotRoute[], answers: PreparedAnswers, url: string): PreparedJson | undefined {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(/(.)\/$/, '$1');
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const query = queryStart === -1 ? [] : [...new URLSearchParams(url.slice(queryStart + 1))];
    const raw: Record<string, unknown> = Object.fromEntries(query);
    if (Object.keys(raw).length !== query.length) return undefined;
    for (const [i, name] of route.params.entries()) {
      const value = decode(match[i + 1]!);
      if (value === undefined) return undefined;
      raw[name] = value;
    }
    const parsed = route.input ? route.input.safeParse(raw) : { success: true as const, data: raw };
    if (!parsed.success) return undefined;
    const value = route.read(answers.snapshot, parsed.data as never);
    if (value === undefined) return undefined;
    const key = `${route.procedurePath} ${JSON.stringify(parsed.data)}`;
    let prepared = answers.byInput.get(key);
    if (!prepared) {
      // An answer its output schema refuses is the procedure's to fail (a logged 500), not the fast path's.
      const output = route.output ? route.output.safeParse(value) : { success: true as const, data: value };
      if (!output.success) return undefined;
      prepared = prepare(output.data, route.route);
      if (answers.byInput.size < MAX_PREPARED) answers.byInput.set(key, prepared);
    }
    return prepared;
  }
  return undefined;
}
