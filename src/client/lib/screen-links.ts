/**
 * Links and navigations to a screen of the route table (src/shared/screen-paths.ts), for wouter.
 * `~` makes the path absolute, so the same href works inside the nested account and admin routers
 * and outside them; without it `/users` inside the admin area would be `/admin/users` but
 * `/users` anywhere else.
 */
import { useLocation, useRouter } from 'wouter';
import { screenPath, screenPathWithQuery, type ParamsArgument, type ScreenQuery } from '#shared/screen-paths.ts';
import type { ScreenId } from '#shared/screens.ts';

/** The href of a `<Link>` (or the target of `navigate`) to the screen. */
export function screenHref<Id extends ScreenId>(id: Id, ...params: ParamsArgument<Id>): string {
  return `~${screenPath(id, ...params)}`;
}

/** The same, with a query string. */
export function screenHrefWithQuery<Id extends ScreenId>(id: Id, query: ScreenQuery, ...params: ParamsArgument<Id>): string {
  return `~${screenPathWithQuery(id, query, ...params)}`;
}

/** The path of the page shown, from the root, inside a nested router too (a menu marks its current link by it). */
export function useFullPath(): string {
  const [location] = useLocation();
  const { base } = useRouter();
  return location === '/' ? base || '/' : `${base}${location}`;
}
