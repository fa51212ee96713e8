/**
 * The quote form's draft, kept across a failed send and a reload of the tab: the text in
 * sessionStorage (this tab only, gone when it closes; never localStorage, it is personal data), and
 * of the photos only their names. The photos themselves are not kept: their bytes (up to 6 × 20 MB)
 * would have to go to IndexedDB, which outlives the tab and would leave pictures of the customer's
 * car and plate on the device if the form were abandoned. After a reload the form says which photos
 * to add again. The draft is removed once the request is sent.
 */
import type { PreferredContact } from '#shared/value-sets.ts';
import type { QuoteTextField } from './quote-form-rules.ts';
import { VEHICLE_CLASSES, type VehicleClass } from './quote-shot-list.tsx';

export const QUOTE_DRAFT_KEY = 'quote-draft';

export interface QuoteDraft {
  text: Record<QuoteTextField, string>;
  preferred: PreferredContact;
  consent: boolean;
  vehicleClass: VehicleClass;
  /** The file names of the photos chosen, to say which to add again after a reload. */
  photoNames: string[];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked (a privacy setting): the form works, it just cannot keep a draft.
    return null;
  }
}

const TEXT_FIELDS: QuoteTextField[] = ['name', 'email', 'telephone', 'vehicle', 'registration', 'description'];

/** The saved draft, or null when there is none or it cannot be read. */
export function loadQuoteDraft(): QuoteDraft | null {
  const raw = storage()?.getItem(QUOTE_DRAFT_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<QuoteDraft>;
    const text = Object.fromEntries(
      TEXT_FIELDS.map((field) => [field, typeof parsed.text?.[field] === 'string' ? parsed.text[field] : '']),
    ) as Record<QuoteTextField, string>;
    return {
      text,
      preferred: parsed.preferred === 'phone' ? 'phone' : 'email',
      consent: parsed.consent === true,
      vehicleClass: VEHICLE_CLASSES.some((c) => c.id === parsed.vehicleClass) ? (parsed.vehicleClass as VehicleClass) : 'car',
      photoNames: Array.isArray(parsed.photoNames) ? parsed.photoNames.filter((n): n is string => typeof n === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function saveQuoteDraft(draft: QuoteDraft): void {
  try {
    storage()?.setItem(QUOTE_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or blocked: nothing to keep then.
  }
}

export function clearQuoteDraft(): void {
  storage()?.removeItem(QUOTE_DRAFT_KEY);
}
