// The route table's paths for links (src/shared/screen-paths.ts, src/client/lib/screen-links.ts):
// parameters filled and encoded, a query appended without its empty values, and wouter's `~` so an
// href means the same inside the nested account and admin routers; the compiler asks for a
// parameter a path has and refuses one it has not.
import { describe, expect, it } from 'vitest';
import { screenPath, screenPathWithQuery } from '#shared/screen-paths.ts';
import { screenHref, screenHrefWithQuery } from '#client/lib/screen-links.ts';
import { SCREENS } from '#shared/screens.ts';

describe('screenPath', () => {
  it("is the table's path, its parameters filled in and encoded", () => {
    expect(screenPath('privacy')).toBe(SCREENS.privacy.path);
    expect(screenPath('adminUser', { id: 42 })).toBe('/admin/users/42');
    expect(screenPath('bookManage', { token: 'a/b c' })).toBe('/book/manage/a%2Fb%20c');
  });

  it('adds a query, leaving out empty values', () => {
    expect(screenPathWithQuery('adminMail', { status: 'queued' })).toBe('/admin/mail?status=queued');
    expect(screenPathWithQuery('twoFactorChallenge', { redirect: undefined })).toBe('/two-factor-challenge');
    expect(screenPathWithQuery('twoFactorChallenge', { redirect: '/account/quotes?x=1' })).toBe(
      '/two-factor-challenge?redirect=%2Faccount%2Fquotes%3Fx%3D1',
    );
  });

  it('is typed by the path', () => {
    // @ts-expect-error: /admin/users/:id needs its id.
    expect(() => screenPath('adminUser')).toThrow('needs a value for :id');
    // @ts-expect-error: /legal/privacy has no parameter.
    screenPath('privacy', { id: 1 });
    // @ts-expect-error: not a screen of the table.
    expect(() => screenPath('nowhere')).toThrow();
  });
});

describe('screenHref', () => {
  it('is absolute for wouter (~), so a nested router does not prefix its base', () => {
    expect(screenHref('home')).toBe('~/');
    expect(screenHref('adminQuote', { id: 7 })).toBe('~/admin/quotes/7');
    expect(screenHrefWithQuery('adminQuotes', { status: 'new' })).toBe('~/admin/quotes?status=new');
  });
});
