import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { Widget } from '#client/components/widget/widget.tsx';
import { TestimonialsCarousel } from '#client/components/testimonials/testimonials-carousel.tsx';
import { useShop } from '#client/lib/shop.ts';
import { Separator } from '#client/components/separator.tsx';
import { pageImage } from '#client/lib/page-images.ts';
import { shopTitle } from '#shared/screens.ts';
import { BookLink, CallLink, PhoneIcon, QuoteLink } from '#client/components/calls-to-action/call-links.tsx';
import { NextFreeEstimate } from '#client/components/calls-to-action/next-free-estimate.tsx';
import { TrustSignals } from '#client/components/calls-to-action/trust-signals.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

const FEATURES = [1, 2, 3] as const;

export function HomePage() {
  const shop = useShop();
  return (
    <>
      <div className="hero">
        {/* The home page's LCP, fetched first; under the dark gradient a phone's smaller picture looks the same. */}
        <img className="hero__image" {...pageImage('header')} sizes="100vw" alt="" width="1600" height="800" fetchPriority="high" />
        <div className="hero__content container">
          {/* The SPEC's Welcome title, now the overline: the headline says what the shop does and where. */}
          <p className="hero__overline">{shop ? `Welcome to ${shop.name}` : 'Welcome'}</p>
          <h1 className="hero__title">{shop ? shopTitle(shop) : 'Welcome'}</h1>
          <p className="hero__subtitle">{shop?.tagline}</p>
          <div className="hero__actions">
            <QuoteLink className="btn btn--primary btn--lg" />
            {shop && (
              <CallLink shop={shop} className="btn btn--light btn--lg">
                <PhoneIcon />
                {shop.telephone}
              </CallLink>
            )}
            <BookLink className="btn btn--light btn--lg" />
          </div>
          <NextFreeEstimate className="hero__next-free" />
        </div>
      </div>
      {shop && <TrustSignals shop={shop} />}

      <section className="section container split">
        <Widget name="HomeText1" className="split__text" />
        <Widget name="HomeImage1" className="split__media" />
      </section>

      <section className="section section--alt" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title" className="section__title">
            What we do
          </h2>
          <Separator />
          <ul className="features">
            {FEATURES.map((n) => (
              <li key={n} className="card feature">
                <Widget name={`HomeItem${n}Image`} className="feature__image" sizes="(min-width: 900px) 33vw, 100vw" />
                <div className="feature__body">
                  <Widget name={`HomeItem${n}Text`} />
                  <Link href={screenHref('services')} className="feature__link">
                    Find Out More<span className="visually-hidden"> about our services</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section container split split--reverse">
        <Widget name="HomeImage2" className="split__media" />
        <Widget name="HomeTextBottom" className="split__text" />
      </section>

      <ReviewsBand />
    </>
  );
}

/** The testimonials band: not there at all while there is no testimonial to show (a new site). */
function ReviewsBand() {
  const query = useQuery(trpc.testimonials.list.queryOptions({}));
  if (query.isSuccess && query.data.results.length === 0) return null;
  if (query.isError) return null;
  return (
    <section className="section section--navy" aria-labelledby="reviews-title">
      <div className="container">
        <h2 id="reviews-title" className="section__title">
          What our customers say
        </h2>
        <Separator />
        <TestimonialsCarousel />
      </div>
    </section>
  );
}
