/**
 * A time zone where it is daytime now (between 08:00 and 20:00), for tests whose mail must not wait
 * for the morning: stage mails, replies and review requests keep the shop's quiet hours (20:00 to
 * 08:00), so a run in the evening would otherwise find them held.
 */
export function daytimeZone(now = new Date()): string {
  const hour = now.getUTCHours();
  return hour >= 8 && hour < 20 ? 'UTC' : hour < 8 ? 'Asia/Tokyo' : 'America/Los_Angeles';
}
