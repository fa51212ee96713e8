/**
 * The server's way into the client: renders a public page to HTML from the public content the
 * page embeds (src/server/public-content/page-shell.ts calls it once per content version and
 * page). Built by vite into dist/ssr with React and every client library inside it, so the
 * production server needs none of them installed. The browser hydrates the same tree from the same
 * data (start.tsx), so the two renders agree to the letter.
 */
import { StrictMode } from 'react';
import { hashKey, QueryCache, type QueryKey } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { InitialData } from '#shared/initial-data.ts';
import { App } from '#client/app.tsx';
import { createQueryClient } from '#client/lib/trpc.ts';
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
 * The HTML inside `<div id="root">` for `pathname`, every lazy screen resolved, and the part of
 * `data` the page read (what the page needs to embed for the browser's first render).
 */
export async function renderPage(
  pathname: string,
  data: InitialData | undefined,
): Promise<{ html: string; data: InitialData | undefined }> {
  const queryClient = createQueryClient(ReadNotingQueryCache);
  const cache = queryClient.getQueryCache() as ReadNotingQueryCache;
  if (data) seedQueryCache(queryClient, data);
  seedSignedOutSession(queryClient);
  cache.isNoting = true;
  // React would hand a part that throws to the browser to render (React error 419 there); a page
  // whose first HTML is incomplete is a defect, so any error fails the render instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={pathname}>
        <App queryClient={queryClient} notFoundPath={data?.notFound ? pathname : undefined} />
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
  queryClient.clear();
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  const wasRead = (key: QueryKey) => cache.read.has(hashKey(key));
  return { html: Buffer.concat(chunks).toString('utf8'), data: data && onlyRead(data, wasRead) };
}
