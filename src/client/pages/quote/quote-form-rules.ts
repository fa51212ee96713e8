/**
 * What the quote form checks before it sends, in plain English beside each field. The server checks
 * the same (src/shared/schemas/quotes.ts) and answers a third party in Laravel's words; the form
 * speaks to a customer, so it says "Please tick the box …" where the server says "The consent field
 * must be accepted.". The rule shared word for word is the telephone's (QUOTE_TELEPHONE_REQUIRED).
 * test/client/quote/quote-form-rules.test.ts checks these refuse exactly what the schema refuses.
 */
import { QUOTE_DESCRIPTION_MAX, QUOTE_DESCRIPTION_MIN } from '#shared/limits.ts';
import { regexes } from 'zod/v4/core';
import { telephoneRequiredError } from '#shared/quote-rules.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { PreferredContact } from '#shared/value-sets.ts';

export type QuoteTextField = 'name' | 'email' | 'telephone' | 'vehicle' | 'registration' | 'description';

export interface QuoteFormValues {
  text: Record<QuoteTextField, string>;
  preferred: PreferredContact;
  consent: boolean;
}

/** The fields in the order the form shows them: the first with a message gets the focus. */
export const QUOTE_FIELD_ORDER = [
  'name',
  'email',
  'telephone',
  'vehicle',
  'registration',
  'description',
  'preferred_contact',
  'photos',
  'consent',
] as const;

export const QUOTE_FORM_MESSAGES = {
  name: 'Please enter your name.',
  nameTooLong: 'Please shorten your name to 100 characters or fewer.',
  email: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter your e-mail address in full, like name@example.com.',
  telephoneTooLong: 'Please shorten the telephone number to 40 characters or fewer.',
  vehicle: 'Please tell us the make and model of your vehicle.',
  vehicleTooLong: 'Please shorten the vehicle to 120 characters or fewer.',
  registrationTooLong: 'A registration has at most 20 characters: please check it.',
  description: 'Please describe the damage.',
  descriptionTooShort: (length: number) =>
    `Please tell us a little more about the damage: at least ${QUOTE_DESCRIPTION_MIN} characters (${length} so far).`,
  descriptionTooLong: `Please shorten the description to ${QUOTE_DESCRIPTION_MAX.toLocaleString('en-GB')} characters or fewer.`,
  consent: 'Please tick the box to agree to the privacy notice.',
};

/**
 * The e-mail rule of the shared schema (its `z.email()`), without zod itself in the form's
 * download: zod's own pattern, the one piece of it the form needs.
 */
const isEmail = (value: string) => value.trim().length <= 255 && regexes.email.test(value.trim());

/** The first message per field for the values as they are now; {} when the form may go. */
export function validateQuoteForm({ text, preferred, consent }: QuoteFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= [message]);
  const name = text.name.trim();
  if (!name) add('name', QUOTE_FORM_MESSAGES.name);
  else if (name.length > 100) add('name', QUOTE_FORM_MESSAGES.nameTooLong);
  if (!text.email.trim()) add('email', QUOTE_FORM_MESSAGES.email);
  else if (!isEmail(text.email)) add('email', QUOTE_FORM_MESSAGES.emailInvalid);
  const telephoneMissing = telephoneRequiredError({ preferred_contact: preferred, telephone: text.telephone });
  if (telephoneMissing) add('telephone', telephoneMissing);
  else if (text.telephone.trim().length > 40) add('telephone', QUOTE_FORM_MESSAGES.telephoneTooLong);
  const vehicle = text.vehicle.trim();
  if (!vehicle) add('vehicle', QUOTE_FORM_MESSAGES.vehicle);
  else if (vehicle.length > 120) add('vehicle', QUOTE_FORM_MESSAGES.vehicleTooLong);
  if (text.registration.trim().length > 20) add('registration', QUOTE_FORM_MESSAGES.registrationTooLong);
  const description = text.description.trim();
  if (!description) add('description', QUOTE_FORM_MESSAGES.description);
  else if (description.length < QUOTE_DESCRIPTION_MIN) add('description', QUOTE_FORM_MESSAGES.descriptionTooShort(description.length));
  else if (description.length > QUOTE_DESCRIPTION_MAX) add('description', QUOTE_FORM_MESSAGES.descriptionTooLong);
  if (!consent) add('consent', QUOTE_FORM_MESSAGES.consent);
  return errors;
}
