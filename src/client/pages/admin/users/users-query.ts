import { SKILLS_PREVIEW_LENGTH } from '#shared/limits.ts';

/** The users list's state as it lives in the URL query: ?search=…&page=… (page from 1). */
export interface UsersQuery {
  search: string;
  page: number;
}

export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Defaults are left out, so /admin/users is the first page of everyone. */
export function usersQueryParams({ search, page }: UsersQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.trim()) params.search = search.trim();
  if (page > 1) params.page = String(page);
  return params;
}

/** A new search starts again at page 1; the same search keeps the page. */
export function withSearch(query: UsersQuery, search: string): UsersQuery {
  return search.trim() === query.search ? query : { search: search.trim(), page: 1 };
}

/** The first 80 characters of the skills (whole characters, never half an emoji), "…" when cut. */
export function skillsPreview(skills: string): string {
  const chars = Array.from(skills);
  return chars.length > SKILLS_PREVIEW_LENGTH ? `${chars.slice(0, SKILLS_PREVIEW_LENGTH).join('')}…` : skills;
}
