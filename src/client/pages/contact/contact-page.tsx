import { PageHeader } from '#client/layouts/page-header.tsx';
import { Widget } from '#client/components/widget/widget.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { phoneHref, siteConfig } from '#client/site-config.ts';

export function ContactPage() {
  usePageTitle('Contact');
  return (
    <>
      <PageHeader title="Contact" />
      <section className="section container contact">
        <div className="contact__details">
          <h2 className="section__title section__title--left">Get In Touch</h2>
          <p className="contact__intro">Call in, ring or drop us a line: we will give you an honest quote and a realistic date.</p>
          <dl className="contact__list">
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${siteConfig.email}`}>{siteConfig.email}</a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={phoneHref}>{siteConfig.phone}</a>
              </dd>
            </div>
            <div>
              <dt>Social</dt>
              <dd>
                <a href={siteConfig.social.url} target="_blank" rel="noopener noreferrer">
                  {siteConfig.social.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>
                <address>
                  {siteConfig.address.map((line) => (
                    <span key={line} className="contact__line">
                      {line}
                    </span>
                  ))}
                </address>
              </dd>
            </div>
            <div>
              <dt>Opening times</dt>
              <dd>{siteConfig.openingTimes}</dd>
            </div>
          </dl>
        </div>
        <Widget name="ContactImage" className="contact__image" />
      </section>
      <section className="container section contact__map" aria-label="Map">
        <iframe title={`Map showing ${siteConfig.name}`} src={siteConfig.map.embedUrl} loading="lazy" width="1180" height="420" />
        <p>
          <a href={siteConfig.map.linkUrl} target="_blank" rel="noopener noreferrer">
            View a larger map<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </section>
    </>
  );
}
