/**
 * The booking form's rules that need the database (bookingFieldErrors: the type, the location, the
 * quote request, the start), joined to the fields' messages when the fields are refused
 * (bookings.router.ts, through parseInput), so a form with an empty name and a start outside the
 * hours gets both in one 422. Each field is read from the raw input with its own schema; a field
 * zod refuses is not judged here (zod reports it). createBooking runs the same rules as the last guard.
 */
import type { z } from 'zod';
import type { InputCheck } from '#server/validation/parse-input.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { adminBookingCreateInput, bookingCreateInput, callerContactError } from '#shared/schemas/booking-inputs.ts';
import { adminBookingFieldErrors, bookingFieldErrors, type BookingFields } from './booking-creation.service.ts';

/** A raw field's value as its schema reads it, or undefined when the schema refuses it. */
function usable<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export const bookingFieldsCheck: InputCheck = async (ctx, raw): Promise<FieldErrors> => {
  const { shape } = bookingCreateInput;
  const fields: BookingFields = {
    booking_type_id: usable(shape.booking_type_id, raw.booking_type_id),
    starts_at: usable(shape.starts_at, raw.starts_at),
    location: usable(shape.location, raw.location),
    quote_request_id: usable(shape.quote_request_id, raw.quote_request_id),
  };
  const { errors } = await bookingFieldErrors(ctx.deps, fields, ctx.user?.id ?? null);
  return errors;
};

/** The admin's booking of a caller: its database rules and the contact rule, on a refused form too. */
export const adminBookingFieldsCheck: InputCheck = async (ctx, raw): Promise<FieldErrors> => {
  const shape = adminBookingCreateInput.shape;
  const { errors } = await adminBookingFieldErrors(ctx.deps, {
    booking_type_id: usable(shape.booking_type_id, raw.booking_type_id),
    starts_at: usable(shape.starts_at, raw.starts_at),
    location: usable(shape.location, raw.location),
  });
  const email = shape.email.safeParse(raw.email);
  const telephone = shape.telephone.safeParse(raw.telephone);
  if (email.success && telephone.success) {
    const message = callerContactError(email.data, telephone.data);
    if (message) errors.telephone = [message];
  }
  return errors;
};
