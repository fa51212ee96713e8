import { useDashboard } from './use-dashboard.ts';

/** The admin menu's count beside Dashboard: everything under "Needs you" (the dashboard lists which); nothing when none. */
export function NeedsYouBadge() {
  const count = useDashboard().data?.needs_you.total ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin__count-badge" data-testid="needs-you-badge">
      {count}
      <span className="visually-hidden"> new</span>
    </span>
  );
}
