/**
 * The server's way into the client: renders a public page to HTML from the public content the
 * page embeds (src/server/public-content/page-shell.ts calls it once per content version and
 * page). Built by vite into dist/ssr with React and every client library inside it, so the
 * production server needs none of them installed. The browser hydrates the same tree from the same
 * data (main.tsx), so the two renders agree to the letter.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { InitialData } from '#shared/initial-data.ts';
import { App } from '#client/app.tsx';
import { createQueryClient } from '#client/lib/trpc.ts';
import { seedQueryCache, seedSignedOutSession } from '#client/lib/initial-data.ts';

/** The HTML inside `<div id="root">` for `pathname`, every lazy screen resolved. */
export async function renderPageBody(pathname: string, data: InitialData | undefined): Promise<string> {
  const queryClient = createQueryClient();
  if (data) seedQueryCache(queryClient, data);
  seedSignedOutSession(queryClient);
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
  return Buffer.concat(chunks).toString('utf8');
}
