// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseUsersQuery, skillsPreview, usersQueryParams, withSearch } from '#client/pages/admin/users/users-query.ts';

describe('users list query string', () => {
  it('reads search and page from the URL, page from 1 with bad values as 1', () => {
    expect(parseUsersQuery(new URLSearchParams('search=smith&page=3'))).toEqual({ search: 'smith', page: 3 });
    expect(parseUsersQuery(new URLSearchParams(''))).toEqual({ search: '', page: 1 });
    for (const page of ['0', '-2', '1.5', 'abc']) expect(parseUsersQuery(new URLSearchParams({ page })).page).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(usersQueryParams({ search: '', page: 1 })).toEqual({});
    expect(usersQueryParams({ search: ' ann ', page: 2 })).toEqual({ search: 'ann', page: '2' });
  });

  it('starts a new search at page 1 and keeps the page when the search is unchanged', () => {
    expect(withSearch({ search: 'ann', page: 4 }, 'anne')).toEqual({ search: 'anne', page: 1 });
    const same = { search: 'ann', page: 4 };
    expect(withSearch(same, 'ann ')).toBe(same);
  });
});

describe('skills preview', () => {
  it('shows short skills whole', () => {
    expect(skillsPreview('Panel beating, spraying')).toBe('Panel beating, spraying');
    expect(skillsPreview('')).toBe('');
  });

  it('cuts at 80 characters', () => {
    const exactly80 = 'a'.repeat(80);
    expect(skillsPreview(exactly80)).toBe(exactly80);
    expect(skillsPreview(`${'b'.repeat(80)}cdef`)).toBe(`${'b'.repeat(80)}…`);
  });

  it('counts characters, not UTF-16 units, so no emoji is split', () => {
    const text = '🚗'.repeat(81);
    expect(Array.from(skillsPreview(text).slice(0, -1))).toHaveLength(80);
  });
});
