/**
 * A screen's address from the route table (screens.ts), typed by its path: `screenPath('adminUser',
 * { id: 3 })` is `/admin/users/3`, and a screen whose path has a parameter cannot be named without
 * it. The client's links and navigations take their paths from here, never as literals (the lint
 * rule `site/no-literal-screen-path`, eslint.config.js), so a path changed in the table changes
 * every link to it.
 */
import { pathOf, SCREENS, type ScreenId, type ScreenWithParams } from '#shared/screens.ts';

/** The screens named without parameters (a menu's items). */
export type ScreenWithoutParams = Exclude<ScreenId, ScreenWithParams>;

/** The names of a path pattern's parameters (`/galleries/:id` → 'id'). */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type ScreenPathParams<Id extends ScreenId> = Record<ParamNames<(typeof SCREENS)[Id]['path']>, string | number>;

/** The parameters a screen needs, or none for a screen whose path has none. */
export type ParamsArgument<Id extends ScreenId> = [ParamNames<(typeof SCREENS)[Id]['path']>] extends [never] ? [] : [ScreenPathParams<Id>];

/** A query string's values; undefined or empty ones are left out. */
export type ScreenQuery = Record<string, string | number | undefined>;

function withQuery(path: string, query: ScreenQuery | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.size ? `${path}?${search.toString()}` : path;
}

/** The screen's path, its parameters filled in (URL-encoded). */
export function screenPath<Id extends ScreenId>(id: Id, ...params: ParamsArgument<Id>): string {
  return pathOf(SCREENS[id].path, params[0]);
}

/** The screen's path with a query string (`?status=queued`). */
export function screenPathWithQuery<Id extends ScreenId>(id: Id, query: ScreenQuery, ...params: ParamsArgument<Id>): string {
  return withQuery(screenPath(id, ...params), query);
}
