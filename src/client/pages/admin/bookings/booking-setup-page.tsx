/**
 * /admin/booking-setup: the booking types (add, change, switch off or on), the settings (earliest
 * booking, how far ahead, the customer's change cut-off, the bank holidays' region), the coming bank
 * holidays (each opened or not) and blocked times. Before a blocked time is
 * saved, the bookings it clashes with are listed, and the admin chooses to keep them or to cancel
 * them with a mail to each customer.
 */
import { Link } from 'wouter';
import { BookingTypesSection } from './booking-types-section.tsx';
import { BookingSettingsSection } from './booking-settings-section.tsx';
import { BlockedTimesSection } from './blocked-times-section.tsx';
import { BankHolidaysSection } from './bank-holidays-section.tsx';
import './bookings-admin.css';
import { screenHref } from '#client/lib/screen-links.ts';

export function BookingSetupPage() {
  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminBookings')}>← Bookings</Link>
      </p>
      <div className="admin__heading">
        <h1 className="admin__title">Booking setup</h1>
      </div>
      <BookingTypesSection />
      <BookingSettingsSection />
      <BankHolidaysSection />
      <BlockedTimesSection />
    </>
  );
}
