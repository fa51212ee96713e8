/**
 * The site's calls to action: a call to the shop's number and the way to a quote, the
 * same words and names wherever they appear (the header, the phone call bar, the end-of-page
 * prompt, the home page's hero).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Shop } from '#shared/schemas/shop.ts';
import { phoneHref } from '#client/lib/shop.ts';
import { screenPath } from '#shared/screen-paths.ts';

/** Where "Get a quote" goes. */
export const QUOTE_PATH = screenPath('quote');

/** The accessible name of a call link: who is called, on which number ("Call Harbourside Body & Paint on 01736 555 014"). */
export function callLabel(shop: Pick<Shop, 'name' | 'telephone'>): string {
  return `Call ${shop.name} on ${shop.telephone}`;
}

/** A `tel:` link to the shop, named for who is called; its visible text is the children (the number by default). */
export function CallLink({
  shop,
  className,
  children,
}: {
  shop: Pick<Shop, 'name' | 'telephone'>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <a href={phoneHref(shop.telephone)} className={className} aria-label={callLabel(shop)}>
      {children ?? shop.telephone}
    </a>
  );
}

export function QuoteLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link href={QUOTE_PATH} className={className} {...(onClick ? { onClick } : {})}>
      Get a quote
    </Link>
  );
}

/** Where "Book a visit" goes. */
export const BOOK_PATH = screenPath('book');

export function BookLink({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <Link href={BOOK_PATH} className={className}>
      {children ?? 'Book a visit'}
    </Link>
  );
}

/** A handset, for the links that call. */
export function PhoneIcon() {
  return (
    <svg className="phone-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z" />
    </svg>
  );
}
