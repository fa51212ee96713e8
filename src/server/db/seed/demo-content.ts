/**
 * Demo content for Harbourside Body & Paint, used by the seed to fill a fresh
 * database with widgets, galleries, testimonials and the insurers a claim names. Images are described as
 * specs; `npm run demo-images` draws each one once into demo-images/ (committed),
 * and the seed reads those files: drawing 50 pictures at start took most of a
 * gigabyte and a minute.
 */

import type { WidgetType } from '#shared/value-sets.ts';
import { shopDetailPlaceholder, type ShopDetail } from '#shared/shop-details.ts';

export interface DemoImageSpec {
  title: string;
  subtitle?: string;
  width: number;
  height: number;
  /** [sky/backdrop top, backdrop bottom, subject colour] */
  palette: [string, string, string];
  motif: 'car' | 'van' | 'motorcycle' | 'boat' | 'digger' | 'spraybooth' | 'workshop' | 'coast';
  seed: number;
}

/** The picture's file in demo-images/: the same spec always gives the same name. */
export function demoImageFileName(spec: DemoImageSpec): string {
  const slug = spec.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${String(spec.seed).padStart(3, '0')}-${slug}-${spec.width}x${spec.height}.jpg`;
}

/** Every picture the demo content uses (widgets, gallery covers and gallery images). */
export function allDemoImageSpecs(): DemoImageSpec[] {
  return [
    ...demoWidgets.flatMap((w) => (w.image ? [w.image] : [])),
    ...demoGalleries.flatMap((g) => [g.cover, ...g.images.map((i) => i.image)]),
  ];
}

export interface DemoWidget {
  name: string;
  type: WidgetType;
  html: string;
  alt: string;
  image?: DemoImageSpec;
}

export interface DemoGallery {
  name: string;
  url: string;
  hidden: boolean;
  cover: DemoImageSpec;
  images: { alt: string; link: string | null; image: DemoImageSpec }[];
}

export interface DemoTestimonial {
  name: string;
  score: number;
  review: string;
}

const SHOP = 'Harbourside Body &amp; Paint'; // HTML-escaped, only used inside widget HTML
/**
 * The shop's details are placeholders the pages fill from the shop record (src/shared/shop-details.ts),
 * never typed in: a change of hours, number or address at /admin/shop shows in the text at once.
 */
const detail = (name: ShopDetail) => shopDetailPlaceholder(name);
const ADDRESS = detail('address');
const PHONE_LINK = detail('telephone');
const EMAIL_LINK = detail('email');
const HOURS = detail('openingHours');
const TOWN = detail('town');
const SITE = 'https://www.harbourside-bodyshop.co.uk';

/* Palettes: [backdrop top, backdrop bottom, subject colour] */
const P = {
  dawn: ['#27466b', '#f3b58a', '#c8412f'],
  harbour: ['#123150', '#7fb3cf', '#e8664a'],
  noon: ['#3c7fb8', '#cfe6f2', '#1f4e79'],
  dusk: ['#2b2452', '#e88a5c', '#f2f2f0'],
  mist: ['#5d7485', '#d9e1e4', '#2f6b4f'],
  booth: ['#dfe6ea', '#f7f9fa', '#b3202a'],
  shop: ['#2a323a', '#8b969e', '#e8a23a'],
  storm: ['#1d2b38', '#6f8796', '#f4c430'],
  sand: ['#6aa6c9', '#f1dfb8', '#0f2a44'],
  racing: ['#35577a', '#e9d8b4', '#1f5a3c'],
  coral: ['#0f2a44', '#e8664a', '#f4efe6'],
  plant: ['#49708a', '#e6dcc2', '#f2b705'],
} satisfies Record<string, [string, string, string]>;

function img(
  title: string,
  motif: DemoImageSpec['motif'],
  palette: [string, string, string],
  seed: number,
  opts: { subtitle?: string; width?: number; height?: number } = {},
): DemoImageSpec {
  const spec: DemoImageSpec = {
    title,
    width: opts.width ?? 1600,
    height: opts.height ?? 1067,
    palette,
    motif,
    seed,
  };
  if (opts.subtitle !== undefined) spec.subtitle = opts.subtitle;
  return spec;
}

const square = { width: 1200, height: 1200 };
const cover = { width: 1200, height: 800 };

function text(name: string, html: string): DemoWidget {
  return { name, type: 'TEXT', html: html.trim().replace(/\n\s*/g, '\n'), alt: '' };
}

function picture(name: string, alt: string, image: DemoImageSpec): DemoWidget {
  return { name, type: 'IMAGE', html: '', alt, image };
}

/* ------------------------------------------------------------------ */
/* Widgets                                                             */
/* ------------------------------------------------------------------ */

export const demoWidgets: DemoWidget[] = [
  text(
    'HomeText1',
    `
    <h2>Bodywork and paint, done properly, by the harbour</h2>
    <p>${SHOP} is an independent body shop in ${TOWN}. We repair and repaint cars, vans, motorcycles, boats and plant, and we have been looking after West Cornwall's vehicles for the best part of twenty years.</p>
    <p>Living by the sea is wonderful, but salt air is hard on metal and paint. We know where rust starts, how to stop it coming back, and how to match a colour that has spent ten summers in the sun. Whether it is a scuffed bumper, an insurance claim or a full respray, you will deal with the people doing the work.</p>
    <p><strong>Free, no-obligation estimates</strong> whenever we are open (${HOURS}). Call us on <strong>${PHONE_LINK}</strong> or just drop in.</p>
    `,
  ),
  text(
    'HomeTextBottom',
    `
    <h2 style="text-align:center">Come and see us</h2>
    <p style="text-align:center">You will find us at ${ADDRESS}, a few minutes' walk from the harbour. Opening hours: ${HOURS}.</p>
    <p style="text-align:center">Ring <strong>${PHONE_LINK}</strong> or e-mail ${EMAIL_LINK} with a few photos of the damage and we will come back to you with a rough price, usually the same day.</p>
    `,
  ),
  text(
    'HomeItem1Text',
    `
    <h3>Accident repair</h3>
    <p>From car-park dents to serious collision damage, we straighten, repair and refinish to manufacturer standards, and we can work with your insurer from the first call to the final invoice.</p>
    `,
  ),
  text(
    'HomeItem2Text',
    `
    <h3>Paint and refinishing</h3>
    <p>Computer colour matching, a heated downdraught spray booth and proper preparation mean repairs that disappear, whether it is a single panel, a full respray or a classic brought back to its original shade.</p>
    `,
  ),
  text(
    'HomeItem3Text',
    `
    <h3>Marine &amp; plant</h3>
    <p>Boats, trailers, tractors and diggers live a hard life by the coast. We treat corrosion, fair and repaint hulls, and refinish plant in tough two-pack coatings that stand up to salt, mud and weather.</p>
    `,
  ),
  text(
    'AboutText',
    `
    <h2>A local workshop with a long memory</h2>
    <p>${SHOP} started in 2006 in a single bay behind the harbour, repairing fishermen's vans and the odd family car. Today we work from a purpose-built unit in ${TOWN} with a heated spray booth, a chassis jig and room to bring a boat or a mini digger indoors.</p>
    <p>We are still a small team: two panel beaters, two painters, an apprentice and Jenny in the office, who will probably be the one who answers when you ring. Most of our work comes from people who have used us before, or whose neighbour has, and we would like to keep it that way.</p>
    `,
  ),
  text(
    'AboutText2',
    `
    <h3>How we work</h3>
    <ul>
    <li><strong>Honest estimates.</strong> We look at the damage properly, tell you what it needs and what it will cost, and ring you before doing anything extra.</li>
    <li><strong>Corrosion first.</strong> On the coast, rust is the enemy. We cut out and treat it rather than filling over it, so the repair lasts.</li>
    <li><strong>Proper materials.</strong> We use quality water-based paints and two-pack lacquers, and every repair is checked in daylight before it goes home.</li>
    <li><strong>Guaranteed work.</strong> Paint and bodywork repairs carry our written guarantee for as long as you own the vehicle.</li>
    </ul>
    <p>If you would like to see the workshop before trusting us with your pride and joy, you are welcome to pop in during opening hours.</p>
    `,
  ),
  text(
    'ServicesText',
    `
    <h2>What we do</h2>
    <p>We are a general body and paint shop, so most jobs that involve panels, paint or corrosion are something we can help with. Below are the services we are asked for most often. If your job does not quite fit, give us a ring on <strong>${PHONE_LINK}</strong> and we will tell you honestly whether we are the right people for it.</p>
    `,
  ),
  text(
    'GalleryText',
    `
    <h2>Our work</h2>
    <p>A selection of recent jobs from the workshop, from everyday accident repairs to boats, plant and the occasional classic. Photos are taken on the day the vehicle goes home, under the same workshop lights we use to check every finish.</p>
    `,
  ),
  text(
    'Service1',
    `
    <h3>Accident &amp; insurance repairs</h3>
    <p>Whether it is a bumper scrape in the supermarket car park or a front end that met a Cornish hedge, we repair the structure, panels and paint so the car drives and looks as it should. Measured structural repairs are carried out on our chassis jig.</p>
    <p>You have the right to choose your own repairer. We deal directly with most major insurers, send them photos and an itemised estimate, and keep you updated until the car is ready.</p>
    <ul>
    <li>Free estimates, usually the same day</li>
    <li>Courtesy car available for insured repairs</li>
    <li>Written guarantee on every repair</li>
    </ul>
    `,
  ),
  text(
    'Service3',
    `
    <h3>Paint, resprays &amp; smart repairs</h3>
    <p>We mix every colour in-house from the manufacturer's paint code and check it against the car with a spectrophotometer, then blend into the neighbouring panels so the repair cannot be seen. Small scuffs and stone chips can often be fixed as a quicker, cheaper smart repair.</p>
    <p>For full resprays and colour changes we strip, prepare and paint in our heated downdraught booth, finishing with a two-pack clear coat that is cut and polished by hand.</p>
    `,
  ),
  text(
    'Service2',
    `
    <h3>Rust treatment &amp; classic restoration</h3>
    <p>Sea air gets into sills, arches and floor pans faster than almost anywhere else in the country. We cut out corroded metal, let in new steel, seal the seams and treat the cavities with wax so the problem does not come straight back.</p>
    <p>The same skills go into our classic work: from a tidy-up on a Morris Minor to a full body-off restoration, we will agree the plan and budget with you and share photos at every stage.</p>
    `,
  ),
  text(
    'Service4',
    `
    <h3>Marine, commercial &amp; plant</h3>
    <p>Our booth and workshop are big enough for vans, small boats, trailers and compact plant. We repair and repaint vans in fleet colours and apply signwriting and livery, and we refinish tractors, dumpers and diggers in hard-wearing industrial coatings.</p>
    <p>For boats we offer gelcoat repairs, antifouling and topside refinishing, with collection and delivery by trailer around the harbour.</p>
    <ul>
    <li>Fleet and trade accounts</li>
    <li>Gelcoat and GRP repairs</li>
    <li>Chassis and bucket blasting and recoating</li>
    </ul>
    `,
  ),
  text(
    'Terms',
    `
    <h2>Terms and conditions</h2>
    <p>These terms apply to all work carried out by ${SHOP} ("we", "us"), of ${ADDRESS}, for our customers ("you"). Please read them before booking work with us. If anything is unclear, ask us before the work starts.</p>
    <h3>1. Estimates and quotations</h3>
    <p>An <strong>estimate</strong> is our best assessment of the cost of a repair, based on what we can see. Hidden damage or corrosion is often only found once panels are removed. If we find anything that will raise the price, we will contact you and will not carry out the extra work without your agreement.</p>
    <p>A <strong>quotation</strong> is a fixed price for the work described in it and is valid for 30 days.</p>
    <h3>2. Insurance work</h3>
    <ul>
    <li>Where your insurer has authorised a repair, we will invoice them directly for the authorised amount.</li>
    <li>You remain responsible for any policy excess, VAT where your insurer does not cover it, and any work you ask us to carry out that your insurer has not authorised.</li>
    <li>We will release the vehicle once the excess has been paid.</li>
    </ul>
    <h3>3. Your vehicle while it is with us</h3>
    <p>Please remove valuables and personal items before you leave your vehicle with us. Vehicles are kept in our locked workshop or secure compound and are covered by our motor trade insurance while in our care. We may drive your vehicle on the road for testing.</p>
    <p>If a vehicle is not collected within 14 days of us telling you it is ready, we may charge a storage fee of £10 a day. We will always contact you first.</p>
    <h3>4. Payment</h3>
    <p>Payment is due on collection unless we have agreed an account with you in writing. We accept debit and credit cards and bank transfer. Until the invoice is paid in full, we may keep the vehicle, and parts we have supplied remain our property.</p>
    <h3>5. Parts</h3>
    <p>We use new manufacturer or quality-matching parts unless we agree otherwise with you. Where you supply parts yourself, we cannot guarantee the parts, only our fitting of them.</p>
    <h3>6. Our guarantee</h3>
    <p>Bodywork and paint repairs are guaranteed against defects in materials and workmanship for as long as you own the vehicle. The guarantee does not cover new damage, stone chips, normal wear, or corrosion that starts in an area we did not repair. If you think there is a problem with our work, bring the vehicle back to us and we will inspect it free of charge.</p>
    <h3>7. Your statutory rights</h3>
    <p>Nothing in these terms affects your rights under the Consumer Rights Act 2015, including your right to have services carried out with reasonable care and skill.</p>
    <h3>8. Complaints</h3>
    <p>If you are unhappy with anything, please tell us first so we can put it right: call <strong>${PHONE_LINK}</strong> or e-mail ${EMAIL_LINK}. We aim to reply to every complaint within five working days.</p>
    <h3>9. This website</h3>
    <p>We try to keep the information on this website accurate, but prices and services may change. You may create an account to keep in touch with us or apply for a job; please keep your sign-in details private and tell us if you think someone else has used your account.</p>
    <p>These terms are governed by the law of England and Wales.</p>
    `,
  ),
  text(
    'PrivacyPolicy',
    `
    <h2>Privacy policy</h2>
    <p>${SHOP}, ${ADDRESS}, is responsible for the personal data described in this policy. We are a small business and we keep as little information about you as we can. This policy explains what we hold, why, and what your rights are under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.</p>
    <h3>What we collect</h3>
    <ul>
    <li><strong>Account details:</strong> your name, e-mail address and a securely hashed password if you create an account on this website, plus the settings for two-factor sign-in if you turn it on.</li>
    <li><strong>Job applications:</strong> if you apply for a job with us, the details you give us and any CV you choose to upload.</li>
    <li><strong>Enquiries and repairs:</strong> your contact details, vehicle details and the photos or messages you send us about a repair.</li>
    <li><strong>Technical data:</strong> basic server logs (such as IP address and the time of a request) kept for a short period to keep the website secure.</li>
    </ul>
    <h3>Why we use it</h3>
    <p>We use your data to run your account and sign you in, to reply to enquiries, to carry out and invoice repairs, and to consider job applications. Our lawful bases are performance of a contract, our legitimate interest in running the business and keeping the site secure, and legal obligations such as keeping accounting records.</p>
    <p>We do not sell your data, and we do not use it for advertising.</p>
    <h3>Cookies</h3>
    <p>This website only uses cookies that are strictly necessary to sign you in and keep you signed in. We do not use analytics, advertising or tracking cookies, so we do not ask for cookie consent.</p>
    <h3>Who we share it with</h3>
    <p>We share information only where needed: with your insurer for an insured repair, with our accountant, and with the companies that host this website and our e-mail, who act on our instructions. All are based in the UK or provide equivalent protection.</p>
    <h3>How long we keep it</h3>
    <ul>
    <li>Account details: until you delete your account, or after two years without signing in.</li>
    <li>CVs and job applications: up to six months after the role is filled, unless you ask us to keep them longer.</li>
    <li>Repair and invoice records: six years, as required for tax purposes.</li>
    </ul>
    <h3>Your rights</h3>
    <p>You can ask us for a copy of your data, to correct it, to delete it, or to stop or restrict our use of it. You can delete your account and any uploaded CV at any time. To make a request, e-mail ${EMAIL_LINK} or write to us at the address above; we will reply within one month.</p>
    <p>If you are not happy with how we have handled your data, you can complain to the Information Commissioner's Office at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>.</p>
    <p><em>Last updated: November 2026.</em></p>
    `,
  ),

  picture(
    'HomeImage1',
    'A freshly repaired red car on the quay at sunrise',
    img('Back on the road', 'car', P.dawn, 101, { subtitle: 'Accident repair, Porthaven' }),
  ),
  picture(
    'HomeImage2',
    'A blue car in the heated spray booth, ready for its final coat of lacquer',
    img('In the spray booth', 'spraybooth', ['#dfe6ea', '#f7f9fa', '#1f4e79'], 102, { subtitle: 'Colour-matched refinishing' }),
  ),
  picture(
    'HomeItem1Image',
    'A silver car on the quay after a front-end accident repair',
    img('Accident repair', 'car', ['#3c7fb8', '#cfe6f2', '#8d99a6'], 103),
  ),
  picture(
    'HomeItem2Image',
    'A car freshly painted in deep red inside the spray booth',
    img('Paint & refinishing', 'spraybooth', P.booth, 104),
  ),
  picture('HomeItem3Image', 'A fishing boat with a coral-red hull after a topside repaint', img('Marine & plant', 'boat', P.harbour, 105)),
  picture(
    'ContactImage',
    'Porthaven harbour and lighthouse, with the Harbourside workshop on the quay',
    img('Find us on Quay Road', 'coast', P.sand, 106, { subtitle: 'Porthaven, Cornwall' }),
  ),
  picture(
    'AboutImage',
    'Inside the Harbourside workshop, with a van on the lift',
    img('Our workshop', 'workshop', P.shop, 107, { subtitle: 'Quay Road Industrial Estate' }),
  ),
  picture('AboutImage2', 'Porthaven harbour and headland at dusk', img('Made in Porthaven', 'coast', P.dusk, 108)),
  picture(
    'Service1Image',
    'A dark blue family car after accident repairs, ready for collection',
    img('Accident & insurance repairs', 'car', P.noon, 109),
  ),
  picture(
    'Service3Image',
    'A car refinished in coral red in the downdraught spray booth',
    img('Paint & resprays', 'spraybooth', ['#e4e8ea', '#f9fafa', '#e8664a'], 110),
  ),
  picture(
    'Service2Image',
    'A restored car in British racing green, with new sills and wheel arches',
    img('Rust & restoration', 'car', P.racing, 111),
  ),
  picture(
    'Service4Image',
    'A compact digger on the quay after a full repaint in yellow',
    img('Marine, commercial & plant', 'digger', P.plant, 112),
  ),
];

/* ------------------------------------------------------------------ */
/* Galleries                                                           */
/* ------------------------------------------------------------------ */

export const demoGalleries: DemoGallery[] = [
  {
    name: 'Accident Repairs',
    url: '',
    hidden: false,
    cover: img('Accident Repairs', 'car', P.noon, 201, cover),
    images: [
      {
        alt: 'Red car after a new front bumper, bonnet and headlamp, colour matched to the original',
        link: null,
        image: img('Front-end repair', 'car', P.dawn, 202, { subtitle: 'Hatchback, new bumper and bonnet' }),
      },
      {
        alt: 'Silver car with the rear quarter panel repaired and blended after a car-park collision',
        link: null,
        image: img('Rear quarter repair', 'car', ['#3c7fb8', '#cfe6f2', '#9aa4ad'], 203, { subtitle: 'Estate, insurance repair' }),
      },
      {
        alt: 'Dark blue saloon with both nearside doors repaired and repainted',
        link: null,
        image: img('Door repair', 'car', ['#5d7485', '#d9e1e4', '#1f3552'], 204, square),
      },
      {
        alt: 'White family car back on the road after a full insurance repair',
        link: `${SITE}/services`,
        image: img('Insurance repair', 'car', ['#27466b', '#a9c7da', '#f2f2f0'], 205, {
          subtitle: 'Handled start to finish with the insurer',
        }),
      },
      {
        alt: 'Orange city car with scuffed bumper corners fixed with a smart repair',
        link: null,
        image: img('Smart repair', 'car', ['#6aa6c9', '#f1dfb8', '#e5782d'], 206, square),
      },
    ],
  },
  {
    name: 'Classic Restorations',
    url: '',
    hidden: false,
    cover: img('Classic Restorations', 'car', P.racing, 301, cover),
    images: [
      {
        alt: 'Classic car in British racing green after new sills and a full respray',
        link: null,
        image: img('Green classic', 'car', P.racing, 302, { subtitle: 'New sills, full respray' }),
      },
      {
        alt: 'Cream classic saloon photographed on the quay after restoration',
        link: null,
        image: img('Saloon restoration', 'car', ['#27466b', '#f3b58a', '#efe3c8'], 303, { subtitle: 'Body-off, 14 months' }),
      },
      {
        alt: 'Vintage motorcycle with a refinished tank and mudguards in maroon',
        link: null,
        image: img('Motorcycle tank & guards', 'motorcycle', ['#2b2452', '#e88a5c', '#7a1f2b'], 304, square),
      },
      {
        alt: 'Pale blue classic car back in its original colour',
        link: `${SITE}/services`,
        image: img('Original colour', 'car', ['#3c7fb8', '#cfe6f2', '#8fb8d8'], 305, { subtitle: 'Matched from a hidden panel' }),
      },
    ],
  },
  {
    name: 'Commercial & Fleet',
    url: '',
    hidden: false,
    cover: img('Commercial & Fleet', 'van', P.noon, 401, cover),
    images: [
      {
        alt: 'White panel van with the side door and sliding-door runner repaired',
        link: null,
        image: img('Panel van repair', 'van', ['#3c7fb8', '#cfe6f2', '#f2f2f0'], 402, { subtitle: 'Side door and runner' }),
      },
      {
        alt: "A local builder's van resprayed in company blue",
        link: null,
        image: img('Fleet colours', 'van', ['#27466b', '#a9c7da', '#1f5fa8'], 403, { subtitle: 'Resprayed in company blue' }),
      },
      {
        alt: "Fish merchant's van after rust treatment to the sills and wheel arches",
        link: null,
        image: img('Rust treatment', 'van', P.harbour, 404, square),
      },
      {
        alt: 'Red delivery van repainted after a low-speed rear collision',
        link: null,
        image: img('Rear door repair', 'van', P.dawn, 405),
      },
      {
        alt: 'Dark green van refinished for a local garden business',
        link: `${SITE}/contact`,
        image: img('Trade account', 'van', P.mist, 406, square),
      },
    ],
  },
  {
    name: 'Marine & Boats',
    url: '',
    hidden: false,
    cover: img('Marine & Boats', 'boat', P.harbour, 501, cover),
    images: [
      {
        alt: 'Crabber with a freshly painted red topside, back on its mooring',
        link: null,
        image: img('Topside repaint', 'boat', P.dawn, 502, { subtitle: 'Crabber, Porthaven harbour' }),
      },
      {
        alt: 'Dark blue fishing boat after gelcoat repairs to the bow',
        link: null,
        image: img('Gelcoat repair', 'boat', P.noon, 503, { subtitle: 'Blue hull, bow repair' }),
      },
      {
        alt: 'White-hulled fishing boat on calm water at dusk after a hull refinish',
        link: null,
        image: img('Hull refinish', 'boat', P.dusk, 504, square),
      },
      {
        alt: "Green fishing boat repainted in the owner's traditional colours",
        link: null,
        image: img('Traditional colours', 'boat', P.mist, 505),
      },
      {
        alt: 'Yellow-hulled boat on the water after antifouling and a new topcoat',
        link: null,
        image: img('Antifouling & topcoat', 'boat', P.storm, 506, square),
      },
    ],
  },
  {
    name: 'Our Workshop',
    url: '',
    hidden: false,
    cover: img('Our Workshop', 'workshop', P.shop, 601, cover),
    images: [
      {
        alt: 'The main workshop floor with a car on the ramp',
        link: null,
        image: img('The workshop floor', 'workshop', P.shop, 602, { subtitle: 'Unit 4, Quay Road' }),
      },
      {
        alt: 'The heated downdraught spray booth with a car inside',
        link: null,
        image: img('The spray booth', 'spraybooth', P.booth, 603, { subtitle: 'Heated downdraught booth' }),
      },
      {
        alt: 'A blue car in the preparation bay, ready to be masked for paint',
        link: null,
        image: img('Preparation bay', 'workshop', ['#26313b', '#9aa7b0', '#2f6fb0'], 604, square),
      },
      {
        alt: 'The view across the harbour from the end of Quay Road',
        link: `${SITE}/contact`,
        image: img('Just up from the harbour', 'coast', P.sand, 605, { subtitle: 'Porthaven, Cornwall' }),
      },
    ],
  },
  {
    name: 'Plant & Agricultural',
    url: '',
    hidden: false,
    cover: img('Plant & Agricultural', 'digger', P.plant, 701, cover),
    images: [
      {
        alt: 'Compact digger refinished in yellow with a blasted and repainted bucket',
        link: null,
        image: img('Mini digger refinish', 'digger', P.plant, 702, { subtitle: 'Full repaint, two-pack' }),
      },
      {
        alt: 'Orange excavator after corrosion repairs to the boom and cab',
        link: null,
        image: img('Boom & cab repair', 'digger', ['#3c7fb8', '#e6dcc2', '#e5782d'], 703, square),
      },
      {
        alt: 'Green digger belonging to a local farm, repainted for the season',
        link: null,
        image: img('Farm digger', 'digger', P.mist, 704),
      },
      {
        alt: 'Red excavator photographed on the quay after a full refinish',
        link: null,
        image: img('Ready for work', 'digger', P.dawn, 705, { subtitle: 'Delivered back to site' }),
      },
    ],
  },
  {
    name: 'Work in Progress',
    url: '',
    hidden: true,
    cover: img('Work in Progress', 'spraybooth', ['#dfe6ea', '#f7f9fa', '#8d99a6'], 801, cover),
    images: [
      {
        alt: 'Grey primed car in the booth waiting for its colour coat',
        link: null,
        image: img('In primer', 'spraybooth', ['#dfe6ea', '#f7f9fa', '#8d99a6'], 802),
      },
      {
        alt: 'A van on the workshop ramp partway through rust repairs',
        link: null,
        image: img('Rust repairs underway', 'workshop', ['#2a323a', '#8b969e', '#f2f2f0'], 803, square),
      },
      {
        alt: 'A classic motorcycle awaiting its refinished tank',
        link: null,
        image: img('Awaiting parts', 'motorcycle', P.mist, 804),
      },
      {
        alt: 'A yellow fishing boat booked in for a topside repaint',
        link: null,
        image: img('Booked in next week', 'boat', P.storm, 805, square),
      },
    ],
  },
];

/* ------------------------------------------------------------------ */
/* Testimonials                                                        */
/* ------------------------------------------------------------------ */

export const demoTestimonials: DemoTestimonial[] = [
  {
    name: 'Sarah M., Penzance',
    score: 5,
    review:
      '<p>Someone reversed into my car in a supermarket car park. Harbourside sorted everything with my insurer and the car came back looking better than before. Jenny kept me updated the whole way through.</p>',
  },
  {
    name: 'Dave T., Porthaven',
    score: 5,
    review:
      '<p>They cut out and replaced the rotten sills on my old Land Rover instead of just filling them like the last place did. Fair price, and they sent photos as they went.</p>',
  },
  {
    name: 'Kerensa P., St Ives',
    score: 5,
    review:
      '<p>The colour match on my pearl white bumper is perfect. I honestly cannot tell which bit was repaired. Ready a day earlier than promised, too.</p>',
  },
  {
    name: 'Mike R., Newlyn',
    score: 5,
    review:
      '<p>They repainted the topsides on my crabber and did a proper job of the gelcoat around the stern. It has been through a whole winter and still looks sharp. Would use again.</p>',
  },
  {
    name: 'Helen W., Marazion',
    score: 4,
    review:
      '<p>Very good repair to my car door and friendly, straightforward service. It took a couple of days longer than planned while they waited for a part, but they rang to explain and the result is spot on.</p>',
  },
  {
    name: 'Tom B., Hayle',
    score: 5,
    review:
      '<p>We run four vans for our plumbing business and Harbourside look after all of them. Quick turnaround, honest about what is worth repairing, and the signwriting always comes out crisp.</p>',
  },
  {
    name: 'Jo & Pete L., Sennen',
    score: 5,
    review:
      '<p>Our little digger had seen better days after years on the farm. It came back blasted, repainted and looking brand new. Lovely people to deal with.</p>',
  },
];

/* ------------------------------------------------------------------ */
/* Insurers                                                            */
/* ------------------------------------------------------------------ */

/** The insurers list a demo shop starts with, so a claim can be made at once. Fictional names. */
export const demoInsurers: readonly string[] = [
  'Brackenford Insurance',
  'Greystone Direct Motor',
  'Tamarside Mutual',
  'Wessex Crown Underwriters',
];
