/**
 * The shapes environment variables share: every value arrives as text, an empty one means unset,
 * and each refusal is a short phrase the loader prefixes with the variable's name.
 */
import { z } from 'zod';

const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A variable whose empty value counts as unset (a `VAR=` line in an env file sets nothing). */
export function variable<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyIsUnset, schema);
}

export const onOff = variable(
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be on or off (true/false, 1/0, yes/no)' })
    .transform((v) => ['true', '1', 'on', 'yes'].includes(v))
    .optional(),
);

/** A whole number (of days, of minutes) between `min` and `max`, `fallback` when unset. */
export function wholeNumber({ of, min, max, fallback }: { of?: 'days' | 'minutes'; min: number; max: number; fallback: number }) {
  const message = of ? `must be a whole number of ${of}` : 'must be a whole number';
  return variable(z.coerce.number({ error: message }).int(message).min(min).max(max).default(fallback));
}

export const httpUrl = (error?: string) => z.url({ protocol: /^https?$/, ...(error ? { error } : {}) });
