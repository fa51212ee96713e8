/**
 * The date of birth as the profile form sends it: day, month and year, each optional. All three
 * empty means "no date"; otherwise every part must be a whole number in range, the date must
 * exist and lie before today. The result is 'YYYY-MM-DD' or null; the messages stand on the
 * part at fault (day, month or year), which is where the profile form shows them.
 */
import { z } from 'zod';
import { messages } from '#shared/validation.ts';

const part = z.union([z.number(), z.string(), z.null()]).optional();

export function dateOfBirthSchema(today: Date = new Date()) {
  return z.object({ day: part, month: part, year: part }).transform((parts, ctx): string | null => {
    const raw = { day: parts.day ?? null, month: parts.month ?? null, year: parts.year ?? null };
    if (raw.day === null && raw.month === null && raw.year === null) return null;
    const fail = (field: 'day' | 'month' | 'year', message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    const ranges = { day: [1, 31], month: [1, 12], year: [1900, today.getUTCFullYear()] } as const;
    const values: Partial<Record<'day' | 'month' | 'year', number>> = {};
    for (const field of ['day', 'month', 'year'] as const) {
      const value = raw[field];
      if (value === null) {
        fail(field, `The ${field} field is required when a date of birth is given.`);
        continue;
      }
      const n = typeof value === 'number' ? value : /^\d{1,4}$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n)) {
        fail(field, messages.integer(field));
        continue;
      }
      const [min, max] = ranges[field];
      if (n < min || n > max) {
        fail(field, messages.between(field, min, max));
        continue;
      }
      values[field] = n;
    }
    const { day, month, year } = values;
    if (day === undefined || month === undefined || year === undefined) return z.NEVER;
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) {
      fail('day', 'The date of birth is not a real date.');
      return z.NEVER;
    }
    if (date.getTime() >= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) {
      fail('year', 'The date of birth must be a date before today.');
      return z.NEVER;
    }
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  });
}
