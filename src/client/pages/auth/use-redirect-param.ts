import { useSearch } from 'wouter';
import { safeRedirectTarget } from '#client/routing/require-session.tsx';

/** The page to return to (`?redirect=`), checked to be one of ours; `fallback` otherwise. */
export function useRedirectParam(fallback: string): string {
  const search = useSearch();
  return safeRedirectTarget(new URLSearchParams(search).get('redirect'), fallback);
}
