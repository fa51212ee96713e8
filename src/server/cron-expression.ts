/** Checks a 5-field cron expression as the job queue's schedules take it (BACKUP_SCHEDULE). */

/** Each cron field's range; month and weekday also take names (JAN, MON). 7 is Sunday too. */
const CRON_FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'], first: 1 },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'], first: 0 },
] as const;

/** Why a 5-field cron expression is not one, or undefined when it is. */
export function cronExpressionProblem(expression: string): string | undefined {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return `must be off or a cron expression of 5 fields (minute hour day month weekday), e.g. 0 3 * * *`;
  for (const [index, field] of fields.entries()) {
    const spec = CRON_FIELDS[index]!;
    const value = (text: string): number | undefined => {
      const named = 'names' in spec ? (spec.names as readonly string[]).indexOf(text.toUpperCase()) : -1;
      if (named !== -1) return named + ('first' in spec ? spec.first : 0);
      return /^\d+$/.test(text) ? Number(text) : undefined;
    };
    for (const item of field.split(',')) {
      const match = /^(\*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?)(?:\/(\d+))?$/.exec(item);
      const bounds = match?.[1] === '*' ? [] : (match?.[1]?.split('-').map(value) ?? [undefined]);
      const inRange = bounds.every((n) => n !== undefined && n >= spec.min && n <= spec.max);
      const step = match?.[2] === undefined ? 1 : Number(match[2]);
      if (!match || !inRange || step < 1 || (bounds.length === 2 && bounds[0]! > bounds[1]!)) {
        return `the ${spec.name} field "${field}" is not valid (${spec.min}-${spec.max}, *, lists, ranges and /steps)`;
      }
    }
  }
  return undefined;
}
