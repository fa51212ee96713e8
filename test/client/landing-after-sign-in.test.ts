// Where a person lands after signing in (pages/auth/use-redirect-param.ts): the page that sent
// them, if it is one of ours; else staff's first allowed admin screen and / for everyone else.
import { describe, expect, it } from 'vitest';
import { landingAfterSignIn } from '#client/pages/auth/use-redirect-param.ts';

describe('landingAfterSignIn', () => {
  it('sends an admin to the dashboard and anyone else home when no page asked', () => {
    expect(landingAfterSignIn(null, { role: 'admin' })).toBe('/admin');
    expect(landingAfterSignIn(null, { role: 'user' })).toBe('/');
    expect(landingAfterSignIn(null, { role: 'member' })).toBe('/');
    expect(landingAfterSignIn(null, null)).toBe('/');
  });

  it('sends staff to the first admin screen their staff role opens', () => {
    expect(landingAfterSignIn(null, { role: 'user', staff_role: 'estimator' })).toBe('/admin');
    expect(landingAfterSignIn(null, { role: 'user', staff_role: 'technician' })).toBe('/admin/repairs');
    expect(landingAfterSignIn(null, { role: 'member', staff_role: 'editor' })).toBe('/admin/widgets');
    expect(landingAfterSignIn(null, { role: 'user', staff_role: null })).toBe('/');
  });

  it('returns anyone to the page that sent them, admins included', () => {
    expect(landingAfterSignIn('/account/quotes', { role: 'admin' })).toBe('/account/quotes');
    expect(landingAfterSignIn('/book', { role: 'user' })).toBe('/book');
  });

  it('ignores a redirect that leaves the site', () => {
    expect(landingAfterSignIn('//evil.example/admin', { role: 'admin' })).toBe('/admin');
    expect(landingAfterSignIn('https://evil.example/', { role: 'user' })).toBe('/');
    expect(landingAfterSignIn('/\\evil.example', { role: 'admin' })).toBe('/admin');
  });
});
