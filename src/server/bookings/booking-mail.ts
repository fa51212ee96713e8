/**
 * The mails about a booking (mail/mail-kinds.ts lists them), rendered when the send-mail job sends them:
 * the queued row holds only the booking's id (and a reason), so the mail says the booking's time
 * as it is when it goes, the manage link is made again from the booking's salt (manage-link.ts)
 * and the .ics calendar file (ical-generator) is built from the same row: nothing secret waits in
 * the queue, and a mail that is retried carries the same file
 * (docs/decisions/booking-mails-rendered-at-send-time.md). A mail to an address nobody has proved
 * (the confirmation, and the changes and reminders that follow it) repeats only the first name and
 * a short vehicle and location text, without links (mail/visitor-text.ts).
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { z } from 'zod';
import type { AppDeps } from '#server/app-deps.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { MailShop } from '#server/mail/mail-layout.ts';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import { echoedFirstName, echoedShortText, isProvenAddress } from '#server/mail/visitor-text.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { formatDateTime, formatTime, formatWeekdayDate } from '#shared/format/dates.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { formatAddressLine } from '#shared/format/address.ts';
import * as bookings from './bookings.repository.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import { currentManageToken, hashManageToken, managePath, manageToken } from './manage-link.ts';
import { bookingMessage, BOOKING_WHAT_TO_BRING } from './booking-messages.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'publicContent'>;
type Kind = 'booking-confirmation' | 'booking-changed' | 'booking-cancelled' | 'booking-reminder' | 'booking-change-declined';

export function shopAddress(shop: Pick<Shop, 'name' | 'addressLines' | 'town' | 'county' | 'postcode'>): string {
  return [shop.name, formatAddressLine(shop)].filter((part) => part.trim() !== '').join(', ');
}

/** "Thursday 3 December 2026" at the shop. */
const dayAt = (instant: Date, timeZone: string) => formatWeekdayDate(instant, { timeZone });

/**
 * The calendar file of a booking: one event, UID the reference. A cancelled one is sent as METHOD:CANCEL
 * with a SEQUENCE above every copy mailed before, so calendar apps remove the entry instead of keeping it.
 */
export function bookingIcs(row: bookings.BookingRow, typeName: string, where: string, shop: Pick<Shop, 'name'>, manageUrl: string): string {
  const cancelled = row.status === 'cancelled';
  const calendar = ical({
    name: shop.name,
    prodId: { company: shop.name, product: 'Bookings' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  // Moves raise it, so calendars replace the earlier copy; the cancellation is one above the last copy
  // even when it came within the same second.
  const changed = Math.max(0, Math.floor((new Date(row.updated_at).getTime() - new Date(row.created_at).getTime()) / 1000));
  calendar.createEvent({
    id: `${row.reference}@bookings`,
    sequence: cancelled ? changed + 1 : changed,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    summary: `${typeName} - ${shop.name}`,
    location: where,
    description: cancelled ? 'This booking is cancelled.' : `${BOOKING_WHAT_TO_BRING}\n\nManage your booking: ${manageUrl}`,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/**
 * What the mail says about changing the booking online. A deadline already past when the mail is
 * rendered (a booking inside the cut-off, or a mail held by quiet hours) is never quoted: the
 * customer is told to call instead, as the slot list told them before they booked.
 */
export function changeNote(until: Date, now: Date, timeZone: string, telephone: string): string {
  if (until <= now)
    return `This booking can't be changed online: call us${telephone ? ` on ${telephone}` : ''} if you need to change it. The link lets you ask us for a change.`;
  return `You can change or cancel it online until ${formatDateTime(until, { timeZone })}; after that, the link lets you ask us for a change.`;
}

/** Enough of an on-site visit's location to recognise it (a postcode, a marina and berth). */
const LOCATION_ECHO_MAX = 60;

async function renderBookingMail(
  deps: Deps,
  kind: Kind,
  to: string,
  params: { bookingId: number; reason?: string; morning?: boolean },
  mailShop: MailShop,
): Promise<MailMessage | { cancel: string }> {
  const row = await bookings.findBooking(deps.db, Number(params.bookingId));
  if (!row) return { cancel: 'The booking no longer exists.' };
  if (kind !== 'booking-cancelled' && row.status === 'cancelled') return { cancel: 'The booking was cancelled before the mail went.' };
  if (kind === 'booking-reminder' && new Date(row.starts_at) <= new Date())
    return { cancel: 'The booking had started before the reminder went.' };
  const shop = await readShop(deps);
  const type = await types.findBookingType(deps.db, row.booking_type_id);
  const settings = await settingsRepo.findBookingSettings(deps.db);
  // The link already mailed, under APP_KEY or a previous key; a booking without one gets one now.
  let token = currentManageToken(deps.config.appKeys, row);
  if (token === null) {
    token = manageToken(deps.config.appKey, row.manage_salt);
    await bookings.updateBooking(deps.db, row.id, { manage_token_hash: hashManageToken(token) });
  }
  const manageUrl = kind === 'booking-cancelled' ? `${deps.config.appUrl}/book` : deps.config.appUrl + managePath(token);
  const startsAt = new Date(row.starts_at);
  // Every mail about the booking goes to the address the visitor typed, the reminder by itself.
  const unproven = !(await isProvenAddress(deps.db, row.user_id, to));
  const location =
    row.location === null || !unproven ? row.location : echoedShortText(row.location, LOCATION_ECHO_MAX) || 'the place you gave us';
  const where = location ? `${location} (we come to you)` : shopAddress(shop);
  const typeName = type?.name ?? 'Booking';
  const until = new Date(startsAt.getTime() - settings.change_cutoff_hours * 3_600_000);
  const vehicle = `${row.vehicle}${row.registration ? ` (${row.registration})` : ''}`;
  const message = bookingMessage({
    kind,
    morning: params.morning === true,
    to,
    reason: params.reason,
    shop: mailShop,
    booking: {
      reference: row.reference,
      name: unproven ? echoedFirstName(row.name) : row.name,
      typeName,
      day: dayAt(startsAt, shop.timeZone),
      time: `${formatTime(startsAt, { timeZone: shop.timeZone })} to ${formatTime(row.ends_at, { timeZone: shop.timeZone })}`,
      where,
      vehicle: unproven ? echoedShortText(vehicle) : vehicle,
      manageUrl,
      changeNote: changeNote(until, new Date(), shop.timeZone, mailShop.telephone),
    },
  });
  if (kind === 'booking-change-declined') return message;
  const ics = bookingIcs(row, typeName, where, shop, deps.config.appUrl + managePath(token));
  const method = row.status === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  return {
    ...message,
    attachments: [
      { filename: `booking-${row.reference}.ics`, content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` },
    ],
  };
}

const bookingParams = z.object({ bookingId: z.number().int(), reason: z.string().optional() });

function bookingMailKind<const K extends Exclude<Kind, 'booking-reminder'>>(kind: K, label: string) {
  return defineMailKind({
    kind,
    label,
    params: bookingParams,
    render: (deps, { recipient, params }, shop) => renderBookingMail(deps, kind, recipient, params, shop),
  });
}

export const bookingMailKinds = [
  bookingMailKind('booking-confirmation', 'Your booking is confirmed'),
  bookingMailKind('booking-changed', 'Your booking has changed'),
  bookingMailKind('booking-cancelled', 'Your booking is cancelled'),
  defineMailKind({
    kind: 'booking-reminder',
    label: 'A reminder of your booking',
    params: z.object({ bookingId: z.number().int(), morning: z.boolean() }),
    render: (deps, { recipient, params }, shop) => renderBookingMail(deps, 'booking-reminder', recipient, params, shop),
  }),
  bookingMailKind('booking-change-declined', 'About the change you asked for'),
] as const;
