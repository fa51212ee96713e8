import { useEffect, useRef, useState, type RefObject } from 'react';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Widget } from '#client/components/widget/widget.tsx';
import { addressLines, mapUrls, phoneHref, useNowAfterMount, useShop } from '#client/lib/shop.ts';
import { dayName, localMoment, openingStatus } from '#shared/opening-status.ts';
import { formatCalendarRange } from '#shared/format/dates.ts';
import { formatDayHours } from '#shared/format/hours.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { WEEKDAYS } from '#shared/value-sets.ts';
import { BookLink } from '#client/components/calls-to-action/call-links.tsx';
import { NextFreeEstimate } from '#client/components/calls-to-action/next-free-estimate.tsx';

export function ContactPage() {
  const shop = useShop();
  return (
    <>
      <PageHeader title="Contact" />
      <section className="section container contact">
        <div className="contact__details">
          <h2 className="section__title section__title--left">Get In Touch</h2>
          <p className="contact__intro">Call in, ring or drop us a line: we will give you an honest quote and a realistic date.</p>
          {shop && <ContactDetails shop={shop} />}
          <div className="contact__book">
            <BookLink className="btn btn--primary" />
            <NextFreeEstimate className="contact__next-free" />
          </div>
        </div>
        <Widget name="ContactImage" className="contact__image" />
      </section>
      {shop && <ContactMap shop={shop} />}
    </>
  );
}

/**
 * "Open now" depends on the clock, so it is worked out once the page is live (useNowAfterMount):
 * the server's HTML and the browser's first render both hold the empty line, whose height is
 * reserved so nothing moves when the words arrive (docs/decisions/shop-record.md).
 */
function OpeningStatusLine({ shop, now }: { shop: Shop; now: Date | null }) {
  const status = now && openingStatus(shop, now);
  return (
    <div className="contact__status" aria-live="polite">
      {status && (
        <>
          <p className={`contact__status-text${status.isOpen ? ' is-open' : ''}`}>{status.text}</p>
          {status.closureNote && <p className="contact__status-note">Today: {status.closureNote}</p>}
        </>
      )}
    </div>
  );
}

function ContactDetails({ shop }: { shop: Shop }) {
  const now = useNowAfterMount();
  const today = now && localMoment(now, shop.timeZone).date;
  const upcoming = today ? shop.closures.filter((closure) => closure.to >= today).sort((a, b) => a.from.localeCompare(b.from)) : [];
  return (
    <>
      <OpeningStatusLine shop={shop} now={now} />
      <dl className="contact__list">
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={phoneHref(shop.telephone)}>{shop.telephone}</a>
          </dd>
        </div>
        {shop.socialLinks.length > 0 && (
          <div>
            <dt>Social</dt>
            {shop.socialLinks.map((link) => (
              <dd key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </dd>
            ))}
          </div>
        )}
        <div>
          <dt>Address</dt>
          <dd>
            <address>
              {addressLines(shop).map((line, index) => (
                <span key={index} className="contact__line">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </div>
        <div>
          <dt id="contact-hours">Opening times</dt>
          <dd>
            <table className="contact__hours" aria-labelledby="contact-hours">
              <tbody>
                {WEEKDAYS.map((day) => (
                  <tr key={day}>
                    <th scope="row">{dayName(day)}</th>
                    <td>{formatDayHours(shop.openingHours[day])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </dd>
        </div>
        {upcoming.length > 0 && (
          <div>
            <dt>Closed on</dt>
            {upcoming.map((closure) => (
              <dd key={`${closure.from}-${closure.to}`} className="contact__closure">
                {formatCalendarRange(closure.from, closure.to)}
                {closure.note && `: ${closure.note}`}
              </dd>
            ))}
          </div>
        )}
      </dl>
    </>
  );
}

/**
 * True once the element has come within `margin` of the viewport (and from then on). Before the
 * page is live, on the server and in the first render, it is false.
 */
function useHasNearedViewport(ref: RefObject<Element | null>, margin: string): boolean {
  const [hasNeared, setNeared] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNeared(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNeared(true);
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, margin]);
  return hasNeared;
}

/**
 * The embedded OpenStreetMap map. Its frame is given its address only when the visitor scrolls
 * near it: `loading="lazy"` alone still fetched it with the page on a phone (Chrome loads lazy
 * frames up to about two screens ahead), a third-party page of scripts and tiles competing with
 * the page's own picture. Its space is reserved in the server's HTML, so nothing moves.
 */
function ContactMap({ shop }: { shop: Shop }) {
  const map = mapUrls(shop);
  const frame = useRef<HTMLIFrameElement>(null);
  const isNear = useHasNearedViewport(frame, '200px 0px');
  return (
    <section className="container section contact__map" aria-label="Map">
      <iframe
        ref={frame}
        title={`Map showing ${shop.name}`}
        src={isNear ? map.embedUrl : undefined}
        loading="lazy"
        width="1180"
        height="420"
      />
      <p>
        <a href={map.linkUrl} target="_blank" rel="noopener noreferrer">
          View a larger map<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}
