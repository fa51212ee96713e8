/**
 * The signed-in user (docs/product.md section 4): fetched once before the routes render, refetched after
 * sign-in, cleared by a failed fetch, a logout or a 401/419 anywhere (lib/trpc.ts).
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import type { User } from '#shared/schemas/user.ts';
import { queryClient, SESSION_QUERY_KEY, trpcClient, type RequestMeta } from '#client/lib/trpc.ts';
import { screenPath } from '#shared/screen-paths.ts';

export interface Session {
  user: User | null;
  isLoading: boolean;
  /** True while the user is being fetched again (after sign-in, a profile save, ...). */
  isRefreshing: boolean;
  isAdmin: boolean;
  /** Fetches the user again; answers who it is now (null when signed out). */
  refetch: () => Promise<User | null>;
  signOut: () => Promise<void>;
  /** The server has already ended the session (the account was deleted): signed out here as signOut does. */
  forgetUser: () => void;
}

const SessionContext = createContext<Session | null>(null);

/** Who the visitor is: null when signed out or when the server cannot be reached. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    // session.current answers null when signed out (no 401 in the console of every visit).
    const answer = await trpcClient.session.current.query({});
    return answer.data;
  } catch {
    // Unreachable: there is no user either.
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchCurrentUser,
    staleTime: Infinity,
    meta: { skipGlobalErrorHandler: true } satisfies RequestMeta,
  });

  const refetch = useCallback(async () => (await query.refetch()).data ?? null, [query]);

  const forgetUser = useCallback(() => {
    queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, null);
    navigate(screenPath('home'));
    // Cached private answers (two-factor state, admin lists) belonged to that user; the pages
    // that showed them have been left, so they are inactive now.
    queryClient.removeQueries({ type: 'inactive' });
  }, []);

  const signOut = useCallback(async () => {
    try {
      await trpcClient.session.logout.mutate({});
    } catch {
      // docs/product.md section 8: a failed logout is ignored; the user is signed out here regardless.
    }
    forgetUser();
  }, [forgetUser]);

  const user = query.data ?? null;
  const value = useMemo<Session>(
    () => ({
      user,
      isLoading: query.isPending,
      isRefreshing: query.isFetching,
      isAdmin: user?.role === 'admin',
      refetch,
      signOut,
      forgetUser,
    }),
    [user, query.isPending, query.isFetching, refetch, signOut, forgetUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
