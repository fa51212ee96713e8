/**
 * The widgets a site starts with when it has no demo content (DEMO_CONTENT off, the default on
 * PostgreSQL): neutral copy for every section, the shop's details only as placeholders the pages
 * fill from the shop record (src/shared/shop-details.ts), so nothing on the site names an address,
 * number or hours of its own. The admin replaces it at /admin/widgets. The pictures are demo
 * pictures that show no place name.
 */
import { shopDetailPlaceholder as detail } from '#shared/shop-details.ts';
import { allDemoImageSpecs, type DemoImageSpec, type DemoWidget } from './demo-content.ts';

function text(name: string, html: string): DemoWidget {
  return { name, type: 'TEXT', html: html.trim().replace(/\n\s*/g, '\n'), alt: '' };
}

/** A demo picture by its seed number (its file is in demo-images/ already). */
function demoPicture(seed: number): DemoImageSpec {
  const spec = allDemoImageSpecs().find((s) => s.seed === seed);
  if (!spec) throw new Error(`no demo picture ${seed}`);
  return spec;
}

function picture(name: string, alt: string, seed: number): DemoWidget {
  return { name, type: 'IMAGE', html: '', alt, image: demoPicture(seed) };
}

const CONTACT = `Call us on <strong>${detail('telephone')}</strong> or e-mail ${detail('email')}.`;

export function starterWidgets(): DemoWidget[] {
  return [
    text(
      'HomeText1',
      `
      <h2>Vehicle bodywork and paint</h2>
      <p>We are an independent body shop in ${detail('town')}. We repair dents, scratches and accident damage, match and refinish paint, and treat corrosion, and you deal with the people doing the work.</p>
      <p><strong>Free, no-obligation estimates</strong> whenever we are open (${detail('openingHours')}). ${CONTACT}</p>
      `,
    ),
    text(
      'HomeTextBottom',
      `
      <h2 style="text-align:center">Come and see us</h2>
      <p style="text-align:center">You will find us at ${detail('address')}. Opening hours: ${detail('openingHours')}.</p>
      <p style="text-align:center">${CONTACT} A few photos of the damage help us give you a rough price.</p>
      `,
    ),
    text(
      'HomeItem1Text',
      '<h3>Accident repair</h3><p>From small dents to collision damage, repaired and refinished to the manufacturer’s standard.</p>',
    ),
    text('HomeItem2Text', '<h3>Paint and refinishing</h3><p>Colour-matched paint, from a single panel to a full respray.</p>'),
    text('HomeItem3Text', '<h3>Corrosion and more</h3><p>Rust treated at its source, and refinishing for vans, trailers and more.</p>'),
    text(
      'AboutText',
      `
      <h2>About us</h2>
      <p>We are a local body shop in ${detail('town')}. Tell your customers here who you are, how long you have been repairing vehicles and what you are proud of.</p>
      `,
    ),
    text(
      'AboutText2',
      `
      <h3>How we work</h3>
      <ul>
      <li><strong>Honest estimates.</strong> We tell you what a repair needs and what it will cost before we start.</li>
      <li><strong>Proper materials.</strong> Quality paints and lacquers, checked in daylight before the vehicle goes home.</li>
      </ul>
      <p>You are welcome to visit during opening hours: ${detail('openingHours')}.</p>
      `,
    ),
    text(
      'ServicesText',
      `
      <h2>What we do</h2>
      <p>Most jobs that involve panels, paint or corrosion are something we can help with. If yours does not fit the list below, call us on <strong>${detail('telephone')}</strong>.</p>
      `,
    ),
    text('GalleryText', '<h2>Our work</h2><p>A selection of recent jobs from the workshop.</p>'),
    text(
      'Service1',
      '<h3>Accident and insurance repairs</h3><p>We repair structure, panels and paint after an accident, and can deal with your insurer.</p>',
    ),
    text(
      'Service2',
      '<h3>Rust treatment and restoration</h3><p>Corroded metal cut out and replaced, seams sealed and cavities protected.</p>',
    ),
    text(
      'Service3',
      '<h3>Paint and resprays</h3><p>Colours mixed from the manufacturer’s paint code and blended so the repair cannot be seen.</p>',
    ),
    text('Service4', '<h3>Commercial vehicles</h3><p>Vans and trailers repaired and repainted, in fleet colours if you need them.</p>'),
    text(
      'Terms',
      `
      <h2>Terms and conditions</h2>
      <p>These terms apply to work we carry out for our customers, at ${detail('address')}. Replace this text with your own terms before you take bookings.</p>
      <p>Questions about these terms: ${CONTACT}</p>
      `,
    ),
    text(
      'PrivacyPolicy',
      `
      <h2>Privacy policy</h2>
      <p>We, at ${detail('address')}, are responsible for the personal data you give us through this website. Replace this text with your own policy before you go live.</p>
      <p>To ask about your data: ${CONTACT}</p>
      `,
    ),
    picture('HomeImage1', 'A car after accident repairs, ready for collection', 109),
    picture('HomeImage2', 'A car in the spray booth, ready for its final coat of lacquer', 102),
    picture('HomeItem1Image', 'A car after a front-end accident repair', 103),
    picture('HomeItem2Image', 'A car freshly painted inside the spray booth', 104),
    picture('HomeItem3Image', 'A restored car with new sills and wheel arches', 111),
    picture('ContactImage', 'A car in the spray booth', 110),
    picture('AboutImage', 'The preparation bay of the workshop', 604),
    picture('AboutImage2', 'A car freshly painted inside the spray booth', 104),
    picture('Service1Image', 'A family car after accident repairs, ready for collection', 109),
    picture('Service2Image', 'A restored car with new sills and wheel arches', 111),
    picture('Service3Image', 'A car refinished in the spray booth', 110),
    picture('Service4Image', 'A compact digger after a full repaint', 112),
  ];
}
