import { PageHeader } from '#client/layouts/page-header.tsx';
import { Widget } from '#client/components/widget/widget.tsx';
// docs/product.md "Services": four items, of which the second is hidden; the catalogue says which
// (its `isShown`), and the admin's content screen says so on the section's card.
import { SERVICE_ITEMS } from '#shared/content-sections.ts';

export function ServicesPage() {
  return (
    <>
      <PageHeader title="Services" />
      <section className="section container narrow">
        <Widget name="ServicesText" />
      </section>
      <section className="section section--alt">
        <ul className="container services">
          {SERVICE_ITEMS.filter((item) => item.isShown).map(({ n }, index) => (
            <li key={n} className={`service card${index % 2 ? ' service--reverse' : ''}`}>
              <Widget name={`Service${n}Image`} className="service__media" sizes="(min-width: 900px) 45vw, 100vw" />
              <Widget name={`Service${n}`} className="service__text" />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
