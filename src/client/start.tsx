// The application in the browser, loaded by the boot (main.tsx).
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '#client/app.tsx';
import { prefetchScreen, preloadScreen } from '#client/routing/screens.tsx';
import { prefetchAreaAt } from '#client/routing/screen-routes.tsx';
import { queryClient, SESSION_QUERY_KEY } from '#client/lib/trpc.ts';
import { fetchCurrentUser } from '#client/lib/session.tsx';
import { readInitialData, seedQueryCache, seedSignedOutSession } from '#client/lib/initial-data.ts';
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

// A public page arrives rendered by the server (src/server/public-content/page-shell.ts), for a
// visitor who is not signed in: the browser takes it over where it stands, with its screen's code
// loaded first (hydration then never waits). Only then is the visitor asked for: a signed-in
// visitor's header follows a moment later, and nothing changes for everyone else.
// Account and admin screens start empty.
if (root.hasChildNodes()) {
  seedSignedOutSession(queryClient);
  void preloadScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      hydrateRoot(root, app);
      return fetchCurrentUser();
    })
    .then((user) => {
      if (user) queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, user);
    });
} else {
  // The screen's code and its area's layout load while the session is asked for (the routes wait
  // for the session): one round trip instead of three before an account or admin screen shows.
  prefetchScreen(window.location.pathname);
  prefetchAreaAt(window.location.pathname);
  createRoot(root).render(app);
}
