/**
 * When a stage-change e-mail may go: after the hold (REPAIR_STAGE_MAIL_HOLD_MINUTES, so quick
 * changes send one mail), and never between 20:00 and 08:00 at the shop (its record's time zone,
 * DST-safe through @date-fns/tz): a mail due in those hours waits until 08:00.
 */
import { TZDate } from '@date-fns/tz';
import { REPAIR_MAIL_QUIET_FROM_HOUR, REPAIR_MAIL_QUIET_UNTIL_HOUR } from '#shared/limits.ts';

/** True when `at` falls in the shop's quiet hours. */
export function isQuietHour(at: Date, timeZone: string): boolean {
  const hour = new TZDate(at.getTime(), timeZone).getHours();
  return hour >= REPAIR_MAIL_QUIET_FROM_HOUR || hour < REPAIR_MAIL_QUIET_UNTIL_HOUR;
}

/** The first moment at or after `at` outside the quiet hours. */
export function outsideQuietHours(at: Date, timeZone: string): Date {
  if (!isQuietHour(at, timeZone)) return at;
  const local = new TZDate(at.getTime(), timeZone);
  const nextDay = local.getHours() >= REPAIR_MAIL_QUIET_FROM_HOUR ? 1 : 0;
  const morning = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + nextDay,
    REPAIR_MAIL_QUIET_UNTIL_HOUR,
    0,
    0,
    timeZone,
  );
  return new Date(morning.getTime());
}

/** When a mail for a change made at `now` goes. */
export function stageMailDueAt(now: Date, holdMinutes: number, timeZone: string): Date {
  return outsideQuietHours(new Date(now.getTime() + holdMinutes * 60_000), timeZone);
}
