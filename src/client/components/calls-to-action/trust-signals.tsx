import type { Shop } from '#shared/schemas/shop.ts';

/** Is any trust signal set? (The home page shows the list only then.) */
export function hasTrustSignals(shop: Shop): boolean {
  return (
    shop.accreditations.length > 0 ||
    shop.insurers.length > 0 ||
    shop.yearEstablished !== null ||
    shop.warranty !== '' ||
    shop.reviewsUrl !== ''
  );
}

/**
 * What the admin has said about the shop that a new customer can check (the shop record's trust
 * signals): each item shows only when it is set, and the whole list only when one is. "Trading
 * since 1998" rather than a count of years: the page is rendered once per content version and a
 * count would go stale (and differ from the browser's) when the year turns.
 */
export function TrustSignals({ shop }: { shop: Shop }) {
  if (!hasTrustSignals(shop)) return null;
  return (
    <section className="trust" aria-labelledby="trust-title">
      <div className="container">
        <h2 id="trust-title" className="visually-hidden">
          Why drivers choose {shop.name}
        </h2>
        <ul className="trust__list">
          {shop.yearEstablished !== null && (
            <li className="trust__item">
              <strong>{`Trading since ${shop.yearEstablished}`}</strong>
            </li>
          )}
          {shop.accreditations.length > 0 && (
            <li className="trust__item">
              <strong>Accredited:</strong> {shop.accreditations.join(', ')}
            </li>
          )}
          {shop.insurers.length > 0 && (
            <li className="trust__item">
              <strong>Insurers we work with:</strong> {shop.insurers.join(', ')}
            </li>
          )}
          {shop.warranty && (
            <li className="trust__item">
              <strong>Warranty:</strong> {shop.warranty}
            </li>
          )}
          {shop.reviewsUrl && (
            <li className="trust__item">
              <a href={shop.reviewsUrl} rel="noopener">
                Read our reviews
              </a>
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
