import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NAV_SOLID_AFTER_PX } from '#shared/limits.ts';
import { useScrolledPast } from '#client/lib/media.ts';
import { useSession } from '#client/lib/session.tsx';
import { accountHomeOf } from '#client/routing/require-session.tsx';
import { useShop } from '#client/lib/shop.ts';
import { CallLink, PhoneIcon, QuoteLink } from '#client/components/calls-to-action/call-links.tsx';
import { useHasGalleries } from '#client/lib/site-sections.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { screenPath } from '#shared/screen-paths.ts';

const MAIN_MENU = [
  { href: screenPath('home'), label: 'Home' },
  { href: screenPath('about'), label: 'About' },
  { href: screenPath('services'), label: 'Services' },
  { href: screenPath('galleries'), label: 'Galleries' },
  { href: screenPath('contact'), label: 'Contact' },
];

function isCurrent(href: string, location: string): boolean {
  return href === screenPath('home') ? location === href : location === href || location.startsWith(`${href}/`);
}

export function SiteHeader() {
  const [location] = useLocation();
  const { user, signOut } = useSession();
  const accountHome = user ? accountHomeOf(user) : null;
  const isSolid = useScrolledPast(NAV_SOLID_AFTER_PX);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const shop = useShop();
  // No visible gallery, no Galleries item (a new site does not point at an empty page).
  const hasGalleries = useHasGalleries();
  const menu = MAIN_MENU.filter((item) => item.href !== screenPath('galleries') || hasGalleries);

  // A chosen link closes the menu; so does Escape.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className={`site-header${isSolid || isMenuOpen ? ' is-solid' : ''}`}>
      <div className="site-header__inner container">
        <Link href={screenHref('home')} className="site-header__brand" onClick={() => setMenuOpen(false)}>
          <img src="/logo.svg" alt={shop ? `${shop.name}, home` : 'Home'} width="183" height="44" />
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={isMenuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{isMenuOpen ? 'Close menu' : 'Open menu'}</span>
          <span className="site-header__toggle-bars" aria-hidden="true" />
        </button>
        <nav id="main-menu" className={`site-nav${isMenuOpen ? ' is-open' : ''}`} aria-label="Main">
          <ul className="site-nav__list">
            {menu.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="site-nav__link"
                  aria-current={isCurrent(item.href, location) ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            {user?.role === 'admin' && (
              // Like "My Account": the snapshot's HTML has no user, the link comes with the session after hydration.
              <li className="site-nav__account">
                <Link
                  href={screenHref('adminDashboard')}
                  className="site-nav__link site-nav__link--quiet"
                  onClick={() => setMenuOpen(false)}
                >
                  Admin
                </Link>
              </li>
            )}
            <li className="site-nav__account">
              {user && !accountHome ? (
                // A member opens no area of their own: signing out is all there is to offer.
                <button type="button" className="site-nav__link site-nav__link--quiet" onClick={() => void signOut()}>
                  Log out
                </button>
              ) : (
                <Link
                  href={accountHome ?? screenHref('login')}
                  className="site-nav__link site-nav__link--quiet"
                  onClick={() => setMenuOpen(false)}
                >
                  {user ? 'My Account' : 'Log in'}
                </Link>
              )}
            </li>
            {shop && (
              <li className="site-nav__phone">
                <CallLink shop={shop} className="site-nav__link site-nav__link--phone">
                  <PhoneIcon />
                  <span className="site-nav__phone-number">{shop.telephone}</span>
                </CallLink>
              </li>
            )}
            <li>
              <QuoteLink className="site-nav__link site-nav__link--cta" onClick={() => setMenuOpen(false)} />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
