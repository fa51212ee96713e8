import { Link } from 'wouter';
import { addressLines, useShop } from '#client/lib/shop.ts';
import { CallLink } from '#client/components/calls-to-action/call-links.tsx';
import { openingHoursLines } from '#shared/opening-status.ts';
import { useSession } from '#client/lib/session.tsx';
import { accountHomeOf } from '#client/routing/require-session.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

function scrollToTop() {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  // Keyboard users land at the top of the page too, not just the view.
  document.getElementById('skip-link')?.focus({ preventScroll: true });
}

/** `hasCallBar`: a phone's call bar is fixed below, so the footer keeps its height free at its bottom. */
export function SiteFooter({ hasCallBar = false }: { hasCallBar?: boolean }) {
  const { user } = useSession();
  const shop = useShop();
  const year = new Date().getFullYear();
  return (
    <footer className={`site-footer${hasCallBar ? ' site-footer--above-call-bar' : ''}`}>
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            {shop?.name ?? 'About us'}
          </h2>
          {shop?.tagline && <p>{shop.tagline}.</p>}
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="site-footer__heading">
            Opening times
          </h2>
          {shop && (
            <dl className="site-footer__hours">
              {openingHoursLines(shop.openingHours).map((line) => (
                <div key={line.days}>
                  <dt>{line.days}</dt>
                  <dd>{line.hours}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Find us
          </h2>
          {shop && (
            <address>
              {addressLines(shop).map((line, index) => (
                <span key={index} className="site-footer__line">
                  {line}
                </span>
              ))}
              <CallLink shop={shop} />
              <br />
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </address>
          )}
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            Links
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link href={screenHref('terms')}>Terms</Link>
            </li>
            <li>
              <Link href={screenHref('privacy')}>Privacy</Link>
            </li>
            {(!user || accountHomeOf(user)) && (
              <li>
                <Link href={screenHref('accountDashboard')}>Account</Link>
              </li>
            )}
            <li>
              <Link href={screenHref('contact')}>Contact</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        {/* A page rendered on the server late on 31 December may meet a browser already in the new year. */}
        <p suppressHydrationWarning>
          © {year} {shop?.name}
        </p>
        <button type="button" className="scroll-top" onClick={scrollToTop}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 15l6-6 6 6" />
          </svg>
          Back to top
        </button>
      </div>
    </footer>
  );
}
