import { useSyncExternalStore } from 'react';

export interface DateDisplay {
  locales: readonly string[];
  /** undefined: the visitor's own time zone. */
  timeZone: string | undefined;
}

/**
 * How a page rendered on the server shows dates: in the shop's own language and time zone. The
 * browser's first render (hydration) shows them the same way, then the visitor's own.
 */
const SERVER_DATE_DISPLAY: DateDisplay = { locales: ['en-GB'], timeZone: 'Europe/London' };
let visitorDateDisplay: DateDisplay | undefined;

const subscribeToNothing = () => () => {};

/** docs/product.md: dates in the visitor's own languages, once the page is live in their browser. */
export function useDateDisplay(): DateDisplay {
  return useSyncExternalStore(
    subscribeToNothing,
    () => (visitorDateDisplay ??= { locales: navigator.languages, timeZone: undefined }),
    () => SERVER_DATE_DISPLAY,
  );
}

export function formatDate(iso: string, display: DateDisplay): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locales = display.locales.length ? [...display.locales] : undefined;
  return new Intl.DateTimeFormat(locales, { dateStyle: 'long', timeZone: display.timeZone }).format(date);
}

/** A moment, date and time (the devices list's "last active"). */
export function formatDateTime(iso: string, display: DateDisplay): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locales = display.locales.length ? [...display.locales] : undefined;
  return new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeStyle: 'short', timeZone: display.timeZone }).format(date);
}
