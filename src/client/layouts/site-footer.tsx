import { Link } from 'wouter';
import { phoneHref, siteConfig } from '#client/site-config.ts';
import { useSession } from '#client/lib/session.tsx';
import { accountHomeOf } from '#client/routing/require-session.tsx';

function scrollToTop() {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  // Keyboard users land at the top of the page too, not just the view.
  document.getElementById('skip-link')?.focus({ preventScroll: true });
}

export function SiteFooter() {
  const { user } = useSession();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            {siteConfig.name}
          </h2>
          <p>{siteConfig.tagline}.</p>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="site-footer__heading">
            Opening times
          </h2>
          <p>{siteConfig.openingTimes}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Find us
          </h2>
          <address>
            {siteConfig.address.map((line) => (
              <span key={line} className="site-footer__line">
                {line}
              </span>
            ))}
            <a href={phoneHref}>{siteConfig.phone}</a>
            <br />
            <a href={`mailto:${siteConfig.email}`}>{siteConfig.email}</a>
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            Links
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link href="/legal/terms">Terms</Link>
            </li>
            <li>
              <Link href="/legal/privacy">Privacy</Link>
            </li>
            {(!user || accountHomeOf(user)) && (
              <li>
                <Link href="/account">Account</Link>
              </li>
            )}
            <li>
              <Link href="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        {/* A page rendered on the server late on 31 December may meet a browser already in the new year. */}
        <p suppressHydrationWarning>
          © {year} {siteConfig.name}
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
