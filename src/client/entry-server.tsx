/**
 * The server's way into the client: renders a public page to HTML from the public content the
 * page embeds (src/server/public-content/page-shell.ts calls it once per content version and
 * page), and an account or admin screen for the user who asks, on each request. Built by vite into dist/ssr with React and every client library inside it, so the
 * production server needs none of them installed. The browser hydrates the same tree from the same
 * data (start.tsx), so the two renders agree to the letter.
 */
import { StrictMode } from 'react';
import { hashKey, QueryCache, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { InitialData } from '#shared/initial-data.ts';
import { App } from '#client/app.tsx';
import type { User } from '#shared/schemas/user.ts';
import { createQueryClient, SESSION_QUERY_KEY } from '#client/lib/trpc.ts';
import { onlyRead, seedQueryCache, seedSignedOutSession } from '#client/lib/initial-data.ts';

/** A query cache that notes every query the render reads, once it is told to start. */
class ReadNotingQueryCache extends QueryCache {
  readonly read = new Set<string>();
  isNoting = false;

  override build: QueryCache['build'] = (client, options, state) => {
    if (this.isNoting) this.read.add(options.queryHash ?? hashKey(options.queryKey));
    return super.build(client, options, state);
  };
}

/**
 * Answers one tRPC query for the user a screen is rendered for (the server calls the procedure as
 * that user, with its access checks), or throws: the screen then asks for it in the browser.
 */
export type LoadQuery = (path: string, input: unknown) => Promise<unknown>;

/** A query the screen asked for and the server answered: the browser's cache starts with it. */
export type LoadedQuery = [key: QueryKey, data: unknown];

/** tRPC's query keys: `[['quotes', 'admin', 'get'], { input, type: 'query' }]`. */
function trpcQueryOf(key: QueryKey): { path: string; input: unknown } | undefined {
  const [path, options] = key as [unknown, { input?: unknown; type?: string } | undefined];
  if (!Array.isArray(path) || !path.every((part) => typeof part === 'string') || options?.type !== 'query') return undefined;
  return { path: path.join('.'), input: options.input };
}

/**
 * The HTML inside `<div id="root">` for `pathname`, every lazy screen resolved, and the part of
 * `data` the page read (what the page needs to embed for the browser's first render).
 *
 * An account or admin screen (`session`) is rendered for the user who asked. With `loadQuery`,
 * the queries its first render asks for are answered on the server and it is rendered again with
 * them, so its first HTML shows its data (`queries`: what to embed for the browser's cache).
 */
export async function renderPage(
  pathname: string,
  data: InitialData | undefined,
  session?: { user: User | null; loadQuery?: LoadQuery },
): Promise<{ html: string; data: InitialData | undefined; queries?: LoadedQuery[] }> {
  // An account or admin screen is rendered at its address with the query (`/admin/quotes?page=2`).
  const [path = '/', search = ''] = pathname.split('?');
  const queryClient = createQueryClient(ReadNotingQueryCache);
  const cache = queryClient.getQueryCache() as ReadNotingQueryCache;
  if (data) seedQueryCache(queryClient, data);
  // A public page is the same for everyone: rendered for a visitor who is not signed in.
  if (session) queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, session.user);
  else seedSignedOutSession(queryClient);
  cache.isNoting = true;
  try {
    let html = await renderTree(queryClient, path, search, data?.notFound === true);
    const queries: LoadedQuery[] = [];
    if (session?.loadQuery) {
      const { loadQuery } = session;
      const pending = cache.getAll().filter((query) => query.state.status === 'pending');
      const answered = await Promise.all(
        pending.map(async (query): Promise<LoadedQuery | undefined> => {
          const call = trpcQueryOf(query.queryKey);
          if (!call) return undefined;
          try {
            return [query.queryKey, await loadQuery(call.path, call.input)];
          } catch {
            return undefined;
          }
        }),
      );
      for (const loaded of answered) if (loaded) queries.push(loaded);
      if (queries.length > 0) {
        for (const [key, value] of queries) queryClient.setQueryData(key, value);
        html = await renderTree(queryClient, path, search, data?.notFound === true);
      }
    }
    const wasRead = (key: QueryKey) => cache.read.has(hashKey(key));
    return { html, data: data && onlyRead(data, wasRead), ...(session ? { queries } : {}) };
  } finally {
    queryClient.clear();
  }
}

async function renderTree(queryClient: QueryClient, path: string, search: string, notFound: boolean): Promise<string> {
  // React would hand a part that throws to the browser to render (React error 419 there); a page
  // whose first HTML is incomplete is a defect, so any error fails the render instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search}>
        <App queryClient={queryClient} notFoundPath={notFound ? path : undefined} />
      </Router>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // React moves a large Suspense boundary out of place and puts it back with an inline script
      // (refused by the site's Content-Security-Policy); the whole page is known, so keep it in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return Buffer.concat(chunks).toString('utf8');
}
