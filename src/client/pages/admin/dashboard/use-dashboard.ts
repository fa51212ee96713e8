/** The dashboard's one query (GET /api/admin/dashboard): every panel reads it, fetched once and refreshed each minute. */
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';

export function useDashboard() {
  return useQuery({ ...trpc.dashboard.get.queryOptions({}), refetchInterval: 60_000 });
}
