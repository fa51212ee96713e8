/** The dashboard's open repair jobs, counted at each stage of the board. */
import { useDashboard } from './use-dashboard.ts';
import { DashboardPanel, WithDashboard } from './dashboard-panel.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

export function RepairsPanel() {
  const count = useDashboard().data?.repairs.open_count;
  return (
    <DashboardPanel id="repairs" title="Open repairs" count={count} link={{ href: screenHref('adminRepairs'), label: 'The repair board' }}>
      <WithDashboard label="repairs">
        {({ repairs }) =>
          repairs.open_count === 0 ? (
            <p className="admin-panel__empty">No open repairs.</p>
          ) : (
            <dl className="admin-panel__stages">
              {repairs.stages.map((stage) => (
                <div key={stage.id}>
                  <dt>{stage.name}</dt>
                  <dd>{stage.count}</dd>
                </div>
              ))}
            </dl>
          )
        }
      </WithDashboard>
    </DashboardPanel>
  );
}
