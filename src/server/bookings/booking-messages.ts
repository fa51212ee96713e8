/** The booking e-mails' words (booking-mail.ts gathers the facts and the calendar file). */
import type { MailMessage } from '#server/mail/mailer.ts';
import { layout, textSignature, type MailShop } from '#server/mail/mail-layout.ts';

/** What a mail about a booking says (bookings/booking-mail.ts gathers it when the mail is rendered). */
export interface BookingMailFacts {
  reference: string;
  name: string;
  typeName: string;
  /** "Thursday 3 December 2026", at the shop. */
  day: string;
  /** "10:20 to 10:40", at the shop. */
  time: string;
  /** Where: the shop's address, or the customer's location for an on-site visit. */
  where: string;
  vehicle: string;
  manageUrl: string;
  /** "You can change or cancel it online until 2 December 2026, 10:20." */
  changeNote: string;
}

/** What to bring, the same for every booking mail. */
export const BOOKING_WHAT_TO_BRING =
  'Please bring the vehicle (or have it ready on site), its keys, and any quote reference or insurance claim number you have.';

/** To the customer: booked, moved (with a new calendar file) or cancelled (with the reason). */
export function bookingMessage(options: {
  kind: 'booking-confirmation' | 'booking-changed' | 'booking-cancelled' | 'booking-reminder' | 'booking-change-declined';
  /** A reminder on the morning itself (on-site visits), rather than the day before. */
  morning?: boolean;
  to: string;
  booking: BookingMailFacts;
  reason?: string | undefined;
  shop: MailShop;
}): MailMessage {
  const b = options.booking;
  const subjects = {
    'booking-confirmation': `Your booking ${b.reference} is confirmed - ${options.shop.name}`,
    'booking-changed': `Your booking ${b.reference} has changed - ${options.shop.name}`,
    'booking-cancelled': `Your booking ${b.reference} is cancelled - ${options.shop.name}`,
    'booking-reminder': `Reminder: your booking ${b.reference} is ${options.morning ? 'today' : 'tomorrow'} - ${options.shop.name}`,
    'booking-change-declined': `About the change to your booking ${b.reference} - ${options.shop.name}`,
  };
  const subject = subjects[options.kind];
  const intro = `Hello ${b.name},`;
  const when = `${b.typeName}: ${b.day}, ${b.time}.`;
  const lines =
    options.kind === 'booking-change-declined'
      ? [
          intro,
          `We are sorry: we cannot make the change you asked for to your booking ${b.reference}.`,
          ...(options.reason ? [options.reason] : []),
          `Your booking stays as it was: ${when}`,
          'Please call us if you need to talk it through.',
        ]
      : options.kind === 'booking-cancelled'
        ? [
            intro,
            `Your booking ${b.reference} (${when}) is cancelled.`,
            ...(options.reason ? [`Reason: ${options.reason}`] : []),
            'You are welcome to book another time on our website.',
          ]
        : [
            intro,
            {
              'booking-confirmation': `Thank you: your booking ${b.reference} is confirmed.`,
              'booking-changed': `Your booking ${b.reference} has a new time.`,
              'booking-reminder': `A reminder: we look forward to seeing you ${options.morning ? 'today' : 'tomorrow'}.`,
            }[options.kind],
            when,
            `Where: ${b.where}`,
            `Vehicle: ${b.vehicle}`,
            BOOKING_WHAT_TO_BRING,
            'The calendar file attached adds it to your calendar.',
            b.changeNote,
          ];
  const action = { label: options.kind === 'booking-cancelled' ? 'Book another time' : 'Manage my booking', url: b.manageUrl };
  // (A declined change keeps the booking: its link still manages it.)
  const footer = 'Keep this e-mail: its link lets you manage the booking without signing in.';
  return {
    to: options.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${action.url}\n\n${footer}\n\n${textSignature(options.shop)}\n`,
    html: layout(options.shop, subject, lines, action, footer),
  };
}
