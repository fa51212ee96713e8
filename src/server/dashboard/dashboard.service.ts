/**
 * The admin's dashboard (docs/product.md "Dashboard"): the work waiting for the shop in one answer,
 * read through each area's repository (no SQL here): new quote requests, today's and tomorrow's
 * bookings at the shop's clock, open repair jobs by stage, feedback waiting for approval, mail
 * that failed, and the site's counts; first of all "Needs you": unanswered messages, open change
 * requests, bookings not yet opened, new quotes, feedback to approve and declined estimates to
 * follow up, each count capped (needs-you-counts.service.ts, which the menu's badge reads alone).
 * Read only: opening the dashboard marks nothing as seen.
 * Every panel counts only what it shows (new, open, waiting, unsent), from partial indexes of those
 * rows, and runs the same statements however many rows wait (test/dashboard/dashboard-statements.test.ts).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { addDays, localMoment, wallClockInstant } from '#shared/calendar-date.ts';
import { DASHBOARD_LIST_SIZE, type Dashboard } from '#shared/schemas/dashboard.ts';
import { MAIL_FAILING_WARNING_MINUTES } from '#shared/limits.ts';
import * as quoteRequests from '#server/quotes/quote-requests.repository.ts';
import * as bookings from '#server/bookings/bookings.repository.ts';
import * as bookingTypes from '#server/bookings/booking-types.repository.ts';
import * as repairJobs from '#server/repair-jobs/repair-jobs.repository.ts';
import * as repairStages from '#server/repair-jobs/repair-stages.repository.ts';
import * as reviewRequests from '#server/reviews/repair-review-requests.repository.ts';
import * as outgoingMail from '#server/mail/outgoing-mail.repository.ts';
import { countUsers } from '#server/users/users.repository.ts';
import { countTestimonials } from '#server/testimonials/testimonials.repository.ts';
import { countWidgets } from '#server/widgets/widgets.repository.ts';
import { countGalleries } from '#server/galleries/galleries.repository.ts';
import * as threads from '#server/threads/message-threads.repository.ts';
import * as estimates from '#server/estimates/estimates.repository.ts';
import { getNeedsYouCounts } from './needs-you-counts.service.ts';

type Deps = Pick<AppDeps, 'db' | 'publicContent'>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The start of a shop calendar date as an instant (midnight at the shop; UTC midnight if the zone cannot say). */
function startOf(date: string, timeZone: string): Date {
  return wallClockInstant(date, 0, timeZone) ?? new Date(`${date}T00:00:00Z`);
}

async function bookingsPanel(deps: Deps, now: Date): Promise<Dashboard['bookings']> {
  const { timeZone } = await readShop(deps);
  const today = localMoment(now, timeZone).date;
  const tomorrow = addDays(today, 1);
  const [rows, types] = await Promise.all([
    bookings.listBookingsBetween(deps.db, startOf(today, timeZone), startOf(addDays(today, 2), timeZone), { bookedOnly: true }),
    bookingTypes.listBookingTypes(deps.db, { activeOnly: false }),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const tomorrowStarts = startOf(tomorrow, timeZone).getTime();
  const present = (row: bookings.BookingRow) => ({
    id: row.id,
    reference: row.reference,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    type_name: typeName.get(row.booking_type_id) ?? '',
    name: row.name,
    vehicle: row.vehicle,
  });
  return {
    today,
    tomorrow,
    today_list: rows.filter((r) => new Date(r.starts_at).getTime() < tomorrowStarts).map(present),
    tomorrow_list: rows.filter((r) => new Date(r.starts_at).getTime() >= tomorrowStarts).map(present),
  };
}

async function repairsPanel(deps: Deps): Promise<Dashboard['repairs']> {
  const [stages, counts] = await Promise.all([repairStages.listRepairStages(deps.db), repairJobs.countOpenJobsByStage(deps.db)]);
  const byStage = new Map(counts.map((c) => [c.stage_id, c.count]));
  return {
    open_count: counts.reduce((sum, c) => sum + c.count, 0),
    stages: stages.map((s) => ({ id: s.id, name: s.name, count: byStage.get(s.id) ?? 0 })),
  };
}

/** The unanswered messages, new bookings and open change requests; quotes and feedback come from their panels. */
async function waitingWork(deps: Deps, now: Date) {
  const [counts, messages, unseen, changes] = await Promise.all([
    getNeedsYouCounts(deps, now),
    threads.listAwaitingShopWithMatter(deps.db, DASHBOARD_LIST_SIZE),
    bookings.listWaitingForShop(deps.db, now, 'unseen', DASHBOARD_LIST_SIZE),
    bookings.listWaitingForShop(deps.db, now, 'change', DASHBOARD_LIST_SIZE),
  ]);
  const waiting = (row: bookings.BookingRow, note: string | null) => ({
    id: row.id,
    reference: row.reference,
    name: row.name,
    vehicle: row.vehicle,
    starts_at: iso(row.starts_at),
    note,
  });
  return {
    messages: {
      count: counts.messages,
      items: messages.map((m) => {
        const [screen, id] =
          m.repair_job_id !== null
            ? (['adminRepair', m.repair_job_id] as const)
            : m.booking_id !== null
              ? (['adminBooking', m.booking_id] as const)
              : (['adminQuote', m.quote_request_id ?? 0] as const);
        return {
          thread_id: m.id,
          screen,
          id,
          reference: m.job_reference ?? m.booking_reference ?? m.quote_reference ?? '',
          name: m.job_name ?? m.booking_name ?? m.quote_name ?? '',
          last_message_at: m.last_message_at ? iso(m.last_message_at) : null,
        };
      }),
    },
    change_requests: { count: counts.change_requests, items: changes.map((r) => waiting(r, r.change_request)) },
    unseen_bookings: { count: counts.unseen_bookings, items: unseen.map((r) => waiting(r, null)) },
    counts,
  };
}

export async function getDashboard(deps: Deps, now = new Date()): Promise<Dashboard> {
  const [waiting, quotes, bookingsToday, repairs, feedback, mailCounts, failingSince, users, testimonials, widgets, galleries, declined] =
    await Promise.all([
      waitingWork(deps, now),
      quoteRequests.findQuoteRequestPage(deps.db, { status: 'new' }, DASHBOARD_LIST_SIZE, 0),
      bookingsPanel(deps, now),
      repairsPanel(deps),
      reviewRequests.findPendingFeedback(deps.db, { limit: DASHBOARD_LIST_SIZE }),
      outgoingMail.countUnsentMail(deps.db),
      outgoingMail.findFailingSince(deps.db),
      countUsers(deps.db),
      countTestimonials(deps.db),
      countWidgets(deps.db),
      countGalleries(deps.db, undefined),
      estimates.listDeclinedToFollowUp(deps.db, DASHBOARD_LIST_SIZE),
    ]);
  const { counts, ...waitingLists } = waiting;
  const needsYou = {
    ...waitingLists,
    quotes: {
      count: counts.quotes,
      items: quotes.rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        name: r.name,
        vehicle: r.vehicle,
        created_at: iso(r.created_at),
      })),
    },
    feedback: {
      count: counts.feedback,
      items: feedback.map((f) => ({ id: f.id, reference: f.reference, vehicle: f.vehicle, score: f.score })),
    },
    declined_estimates: {
      count: counts.declined_estimates,
      items: declined.map((d) => ({
        id: d.quote_request_id,
        reference: d.reference,
        name: d.name,
        vehicle: d.vehicle,
        declined_at: iso(d.declined_at),
        reason: d.reason,
      })),
    },
  };
  return {
    needs_you: {
      ...needsYou,
      total: counts.total,
    },
    quotes: {
      new_count: quotes.total,
      newest: quotes.rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        name: r.name,
        vehicle: r.vehicle,
        status: r.status,
        created_at: iso(r.created_at),
      })),
    },
    bookings: bookingsToday,
    repairs,
    feedback: {
      // Capped as Needs you's count is (the same figure).
      pending_count: counts.feedback,
      oldest: feedback.map((f) => ({
        id: f.id,
        score: f.score,
        display_name: f.display_name,
        reference: f.reference,
        vehicle: f.vehicle,
        responded_at: f.responded_at ? iso(f.responded_at) : null,
      })),
    },
    mail: {
      failed_count: mailCounts.failed,
      queued_count: mailCounts.queued,
      warning: failingSince !== null && now.getTime() - failingSince.getTime() > MAIL_FAILING_WARNING_MINUTES * 60 * 1000,
    },
    site: { users, testimonials, widgets, galleries },
  };
}
