// The quote form's own checks speak plain English, and refuse exactly the fields the server's schema
// refuses (src/shared/schemas/quotes.ts), the telephone's rule in the same words on both sides.
import { describe, expect, it } from 'vitest';
import { QUOTE_FORM_MESSAGES, validateQuoteForm, type QuoteFormValues } from '#client/pages/quote/quote-form-rules.ts';
import { QUOTE_TELEPHONE_REQUIRED, quoteRequestInput } from '#shared/schemas/quotes.ts';
import { fieldErrorsFromZod } from '#shared/validation.ts';

const good: QuoteFormValues = {
  text: {
    name: 'Jo Customer',
    email: 'jo@example.com',
    telephone: '',
    vehicle: 'Ford Focus',
    registration: '',
    description: 'A dent in the rear door after a car park knock.',
  },
  preferred: 'email',
  consent: true,
};

function serverFields(v: QuoteFormValues): string[] {
  const result = quoteRequestInput.safeParse({ ...v.text, preferred_contact: v.preferred, ...(v.consent ? { consent: '1' } : {}) });
  return result.success ? [] : Object.keys(fieldErrorsFromZod(result.error)).sort();
}

const cases: [string, QuoteFormValues][] = [
  ['a good form', good],
  [
    'everything empty',
    { text: { name: '', email: '', telephone: '', vehicle: '', registration: '', description: '' }, preferred: 'email', consent: false },
  ],
  ['by phone without a number', { ...good, preferred: 'phone' }],
  ['by phone with spaces for a number', { ...good, preferred: 'phone', text: { ...good.text, telephone: '   ' } }],
  ['by phone with a number', { ...good, preferred: 'phone', text: { ...good.text, telephone: '07700 900123' } }],
  ['a bad e-mail', { ...good, text: { ...good.text, email: 'jo@' } }],
  ['a short description', { ...good, text: { ...good.text, description: 'Scratched.' } }],
  ['a long registration and telephone', { ...good, text: { ...good.text, registration: 'X'.repeat(21), telephone: '1'.repeat(41) } }],
  ['no consent', { ...good, consent: false }],
];

describe('validateQuoteForm', () => {
  it.each(cases)('refuses the same fields as the server for %s', (_label, values) => {
    expect(Object.keys(validateQuoteForm(values)).sort()).toEqual(serverFields(values));
  });

  it('says it in plain English, the telephone rule in the server’s words', () => {
    expect(validateQuoteForm({ ...good, consent: false }).consent).toEqual(['Please tick the box to agree to the privacy notice.']);
    expect(validateQuoteForm({ ...good, preferred: 'phone' }).telephone).toEqual([QUOTE_TELEPHONE_REQUIRED]);
    expect(validateQuoteForm({ ...good, text: { ...good.text, description: 'Scratched.' } }).description).toEqual([
      QUOTE_FORM_MESSAGES.descriptionTooShort(10),
    ]);
  });
});
