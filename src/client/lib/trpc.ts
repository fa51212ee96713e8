/**
 * The client singletons: one query client, one tRPC client, and the typed options proxy the
 * screens use (`useQuery(trpc.widgets.byKey.queryOptions({ x }))`). Global error handling lives
 * here too: every failed query or mutation passes through reportErrorStatus.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '#server/router.ts';
import type { User } from '#shared/schemas/user.ts';
import { ajaxHeaders, ensureXsrfToken } from '#client/lib/cookies.ts';
import { appCodeOf, statusOf } from '#client/lib/api-errors.ts';
import { browserEffects, handleResponseStatus } from '#client/lib/response-status.ts';

/** The cached current user (null when signed out); session.tsx reads and writes it. */
export const SESSION_QUERY_KEY = ['session', 'current-user'] as const;

export function reportErrorStatus(error: unknown): void {
  const status = statusOf(error);
  if (status === undefined) return;
  handleResponseStatus(status, appCodeOf(error), {
    ...browserEffects,
    signOutLocally: () => queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, null),
  });
}

/** A query or mutation may opt out of the global handling (the session probe expects 401). */
export interface RequestMeta extends Record<string, unknown> {
  skipGlobalErrorHandler?: boolean;
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.skipGlobalErrorHandler) reportErrorStatus(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.skipGlobalErrorHandler) reportErrorStatus(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; only network trouble and 5xx are worth a second try.
      retry: (failureCount, error) => {
        const status = statusOf(error);
        return failureCount < 2 && (status === undefined || status >= 500);
      },
    },
  },
});

async function requestHeaders(hasMutation: boolean) {
  if (hasMutation) await ensureXsrfToken();
  return { Accept: 'application/json', ...ajaxHeaders() };
}

const includeCookies = (url: URL | RequestInfo, init?: RequestInit) => fetch(url, { ...init, credentials: 'include' });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // The server refuses session mutations in a batch (src/server/trpc-batching.ts): sign-in,
      // two-factor and password checks go one per request.
      condition: (op) => op.type === 'mutation' && op.path.startsWith('session.'),
      true: httpLink({
        url: '/trpc',
        headers: () => requestHeaders(true),
        fetch: includeCookies,
      }),
      false: httpBatchLink({
        url: '/trpc',
        // A page's widgets go in one request; the URL stays under what proxies accept (the
        // server allows long batch paths: maxParamLength in app.ts, and at most 16 calls:
        // TRPC_MAX_BATCH_SIZE in src/server/trpc-batching.ts).
        maxItems: 16,
        maxURLLength: 2000,
        headers: ({ opList }) => requestHeaders(opList.some((op) => op.type === 'mutation')),
        fetch: includeCookies,
      }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
