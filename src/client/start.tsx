// The application in the browser, loaded by the boot (main.tsx).
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '#client/app.tsx';
import { prefetchScreen } from '#client/routing/screen-components.tsx';
import { prefetchAreaAt } from '#client/routing/screen-routes.tsx';
import { queryClient, SESSION_QUERY_KEY } from '#client/lib/trpc.ts';
import { fetchCurrentUser } from '#client/lib/session.tsx';
import { readInitialData, seedQueryCache, seedSessionFromPage, seedSignedOutSession } from '#client/lib/initial-data.ts';
import type { User } from '#shared/schemas/user.ts';

/**
 * Marks the document once React has committed the page (`<html data-interactive>`): from then on
 * it answers input. The browser journeys wait for it after each page load (test/e2e/support/journey.ts).
 */
function InteractiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

const root = document.getElementById('root')!;
const data = readInitialData();
if (data) seedQueryCache(queryClient, data);
const app = (
  <StrictMode>
    <App notFoundPath={data?.notFound ? window.location.pathname : undefined} />
    <InteractiveMarker />
  </StrictMode>
);

// A page the server rendered arrives complete, and the browser takes it over where it stands, with
// its screen's code (and its area's layout) loaded first, so hydration never waits:
// - a public page (src/server/public-content/page-shell.ts) is rendered for a visitor who is not
//   signed in; only then is the visitor asked for: a signed-in visitor's header follows a moment
//   later, and nothing changes for everyone else;
// - an account or admin screen is rendered for who asked, and names them in the page (its data
//   follows as the screen asks for it).
// A screen the server could not render (the empty shell) is rendered here, once its code is
// loaded (the page's modulepreloads have it on the way): it shows as a whole, with no spinner it
// would then replace.
const pathname = window.location.pathname;
const sessionInPage = seedSessionFromPage(queryClient);
const codeLoaded = Promise.all([prefetchScreen(pathname), prefetchAreaAt(pathname)]);
if (root.hasChildNodes()) {
  if (!sessionInPage) seedSignedOutSession(queryClient);
  void codeLoaded
    .then(() => {
      hydrateRoot(root, app);
      return sessionInPage ? undefined : fetchCurrentUser();
    })
    .then((user) => {
      if (user) queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, user);
    });
} else {
  void codeLoaded.then(() => createRoot(root).render(app));
}
