import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ContactLink } from '#client/components/contact-link.tsx';

describe('ContactLink', () => {
  it('links a telephone as a call, digits and plus only', () => {
    expect(renderToStaticMarkup(<ContactLink kind="telephone" value="+44 (0)1632 960 001" />)).toBe(
      '<a href="tel:+4401632960001">+44 (0)1632 960 001</a>',
    );
  });

  it('links an e-mail as a mail, with an optional subject', () => {
    expect(renderToStaticMarkup(<ContactLink kind="email" value="ann@example.com" />)).toBe(
      '<a href="mailto:ann@example.com">ann@example.com</a>',
    );
    expect(renderToStaticMarkup(<ContactLink kind="email" value="ann@example.com" subject="Your quote Q-1" />)).toBe(
      '<a href="mailto:ann@example.com?subject=Your%20quote%20Q-1">ann@example.com</a>',
    );
  });

  it('has nothing to link when the field is hidden or empty', () => {
    for (const value of [null, undefined, '', '  ']) {
      expect(renderToStaticMarkup(<ContactLink kind="telephone" value={value} />)).toBe('—');
    }
  });
});
