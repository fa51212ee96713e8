/**
 * The references a customer reads out on the phone: "Q-2026-7KX3PM" for a quote request,
 * "B-2026-…" for a booking, "R-2026-…" for a repair job. One generator, each kind its own prefix;
 * the year is UTC's and the six characters are drawn from an alphabet without 0/O and 1/I/L.
 * A reference is unique by its table's constraint: a clash (1 in 887 million a year) is tried again
 * by the caller with a new one.
 */
import { randomInt } from 'node:crypto';

const REFERENCE_PREFIXES = { quote: 'Q', booking: 'B', repairJob: 'R' } as const;
export type ReferenceKind = keyof typeof REFERENCE_PREFIXES;

/** Unambiguous to read aloud on the phone: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReference(kind: ReferenceKind, now = new Date()): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${REFERENCE_PREFIXES[kind]}-${now.getUTCFullYear()}-${code}`;
}
