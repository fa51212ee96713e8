import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '#client/styles/tokens.css';
import '#client/styles/base.css';
import '#client/styles/layout.css';
import '#client/styles/components.css';
import '#client/styles/pages.css';
import { App, preloadPublicScreen } from '#client/app.tsx';
import { queryClient, SESSION_QUERY_KEY } from '#client/lib/trpc.ts';
import { fetchCurrentUser } from '#client/lib/session.tsx';
import { readInitialData, seedQueryCache, seedSignedOutSession } from '#client/lib/initial-data.ts';
import type { User } from '#shared/schemas/user.ts';

const root = document.getElementById('root')!;
const data = readInitialData();
if (data) seedQueryCache(queryClient, data);
const app = (
  <StrictMode>
    <App notFoundPath={data?.notFound ? window.location.pathname : undefined} />
  </StrictMode>
);

// A public page arrives rendered by the server (src/server/public-content/page-shell.ts), for a
// visitor who is not signed in: the browser takes it over where it stands, with its screen's code
// loaded first (hydration then never waits). Only then is the visitor asked for: a signed-in
// visitor's header follows a moment later, and nothing changes for everyone else.
// Sign-in, account and admin screens start empty.
if (root.hasChildNodes()) {
  seedSignedOutSession(queryClient);
  void preloadPublicScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      hydrateRoot(root, app);
      return fetchCurrentUser();
    })
    .then((user) => {
      if (user) queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, user);
    });
} else {
  createRoot(root).render(app);
}
