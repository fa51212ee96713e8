/**
 * The whole client: the providers, and the routes of the route table (src/shared/screens.ts,
 * made into routes by routing/screen-routes.tsx) once the current user has been asked for.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as browserQueryClient } from '#client/lib/trpc.ts';
import { SessionProvider, useSession } from '#client/lib/session.tsx';
import { ConfirmProvider } from '#client/components/ui/confirm-dialog.tsx';
import { SkipLink } from '#client/layouts/skip-link.tsx';
import { AppRoutes, PageLoading } from '#client/routing/screen-routes.tsx';

/** docs/product.md section 4: the routes render only once the current user has been asked for. */
function SessionGate({ children }: { children: ReactNode }) {
  const { isLoading } = useSession();
  return isLoading ? <PageLoading /> : <>{children}</>;
}

/** The whole client; the server renders it with a query client of its own per page (entry-server.tsx). */
export function App({ queryClient = browserQueryClient, notFoundPath }: { queryClient?: QueryClient; notFoundPath?: string | undefined }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ConfirmProvider>
          <SkipLink />
          <SessionGate>
            <AppRoutes notFoundPath={notFoundPath} />
          </SessionGate>
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
