/**
 * The locale and time zone the browser writes dates in, for the shared formatter
 * (#shared/format/dates.ts: formatDate, formatDateTime, formatTime). The rule is written there:
 * the shop's time zone always; en-GB on the server and in the browser's first render (hydration
 * matches the server's HTML), then the visitor's English if their browser prefers one.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, displayLocale, type DateFormat } from '#shared/format/dates.ts';
import { useShop } from '#client/lib/shop.ts';

const subscribeToNothing = () => () => {};
let visitorLocale: string | undefined;

/** The locale: en-GB while hydrating (getServerSnapshot), then the browser's (displayLocale). */
function useDisplayLocale(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => (visitorLocale ??= displayLocale(navigator.languages)),
    () => DEFAULT_LOCALE,
  );
}

/** `{ locale, timeZone }` for formatDate and its siblings; the zone is the shop's (its default until the record loads). */
export function useDateFormat(): DateFormat {
  const locale = useDisplayLocale();
  const timeZone = useShop()?.timeZone;
  return { locale, timeZone };
}
