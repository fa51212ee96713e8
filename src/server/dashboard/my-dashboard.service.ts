/**
 * The account dashboard (/account, GET /api/user/dashboard): the customer's newest quotes,
 * bookings and repairs, MY_DASHBOARD_ROWS of each and whether there are more, read from each
 * table's repository in the same five statements however much the customer has
 * (test/dashboard/my-dashboard.test.ts). Their own pages page through them all.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { MY_DASHBOARD_ROWS, type MyDashboard } from '#shared/schemas/my-dashboard.ts';
import { findQuoteRequestPageOfUser } from '#server/quotes/quote-requests.repository.ts';
import { listBookingPageOfUser } from '#server/bookings/bookings.repository.ts';
import { listBookingTypes } from '#server/bookings/booking-types.repository.ts';
import { findRepairJobPageOfCustomer } from '#server/repair-jobs/repair-jobs.repository.ts';
import { listRepairStages } from '#server/repair-jobs/repair-stages.repository.ts';

const iso = (value: Date) => value.toISOString();

export async function getMyDashboard(
  deps: Pick<AppDeps, 'db'>,
  user: Pick<SessionUser, 'id' | 'email' | 'email_verified_at'>,
): Promise<MyDashboard> {
  const take = MY_DASHBOARD_ROWS + 1;
  const [quotes, bookings, types, jobs, stages] = await Promise.all([
    findQuoteRequestPageOfUser(deps.db, user.id, take, undefined),
    listBookingPageOfUser(deps.db, user.id, take, undefined),
    listBookingTypes(deps.db, { activeOnly: false }),
    // Only a verified address matches a job by e-mail (repair-tracker.service.ts customerJobs).
    findRepairJobPageOfCustomer(deps.db, user.id, user.email_verified_at ? user.email : null, take, undefined),
    listRepairStages(deps.db),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const stageName = new Map(stages.map((s) => [s.id, s.name]));
  return {
    quotes: {
      items: quotes.slice(0, MY_DASHBOARD_ROWS).map((q) => ({
        id: q.id,
        reference: q.reference,
        vehicle: q.vehicle,
        status: q.status,
        created_at: iso(q.created_at),
      })),
      more: quotes.length > MY_DASHBOARD_ROWS,
    },
    bookings: {
      items: bookings.slice(0, MY_DASHBOARD_ROWS).map((b) => ({
        reference: b.reference,
        type_name: typeName.get(b.booking_type_id) ?? '',
        starts_at: iso(b.starts_at),
        ends_at: iso(b.ends_at),
        status: b.status,
      })),
      more: bookings.length > MY_DASHBOARD_ROWS,
    },
    repairs: {
      items: jobs.slice(0, MY_DASHBOARD_ROWS).map((j) => ({
        id: j.id,
        reference: j.reference,
        vehicle: j.vehicle,
        collected_at: j.collected_at ? iso(j.collected_at) : null,
        stage_name: stageName.get(j.stage_id) ?? null,
      })),
      more: jobs.length > MY_DASHBOARD_ROWS,
    },
  };
}
