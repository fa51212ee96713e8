/** The shop's details, in one place: the footer, the contact page and the page titles read them. */
export const siteConfig = {
  name: 'Harbourside Body & Paint',
  tagline: 'Vehicle body shop repairs and paint service in Porthaven',
  address: ['Unit 4, Quay Road Industrial Estate', 'Porthaven', 'Cornwall', 'TR19 4QX'],
  phone: '01736 555 014',
  email: 'hello@harbourside-bodyshop.co.uk',
  openingTimes: 'Monday to Friday, 9am to 5pm',
  social: { label: 'Facebook', url: 'https://www.facebook.com/harboursidebodyandpaint' },
  // OpenStreetMap is the only map host the server's Content-Security-Policy lets us frame.
  map: {
    embedUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=-5.5560%2C50.0995%2C-5.5380%2C50.1085&layer=mapnik&marker=50.1040%2C-5.5470',
    linkUrl: 'https://www.openstreetmap.org/?mlat=50.1040&mlon=-5.5470#map=16/50.1040/-5.5470',
  },
} as const;

/** `tel:` wants the digits only. */
export const phoneHref = `tel:${siteConfig.phone.replace(/\s+/g, '')}`;
