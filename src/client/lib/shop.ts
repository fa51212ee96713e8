/**
 * The shop's details on the client: the `shop.get` query (seeded from the page's embedded data on
 * server-rendered pages, so the footer and contact page render at once and hydrate as they are),
 * and the links made from them.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Shop } from '#shared/schemas/shop.ts';
import { trpc } from '#client/lib/trpc.ts';

/** The shop's details, or undefined while they load (only on screens the server did not render). */
export function useShop(): Shop | undefined {
  return useQuery(trpc.shop.get.queryOptions()).data;
}

/** `tel:` wants the digits only. */
export function phoneHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}

/** The postal address, one line each, without empty lines. */
export function addressLines(shop: Shop): string[] {
  return [...shop.addressLines, shop.town, shop.county, shop.postcode].filter((line) => line.trim() !== '');
}

/**
 * The OpenStreetMap embed around the shop (the only map host the server's Content-Security-Policy
 * lets us frame) and the link to the larger map: a box about 1.3 km wide, the marker in its middle.
 */
export function mapUrls(shop: Pick<Shop, 'latitude' | 'longitude'>): { embedUrl: string; linkUrl: string } {
  const lat = shop.latitude.toFixed(4);
  const lon = shop.longitude.toFixed(4);
  const bbox = [shop.longitude - 0.009, shop.latitude - 0.0045, shop.longitude + 0.009, shop.latitude + 0.0045]
    .map((n) => n.toFixed(4))
    .join('%2C');
  return {
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat}%2C${lon}`,
    linkUrl: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
  };
}

const MINUTE_MS = 60_000;

/**
 * The current moment, but only once the page is live: null during the server's render and the
 * browser's hydration (so both render the same HTML whatever the clock says), then now, updated
 * every minute. What depends on the clock ("Open now", upcoming closures) renders from it.
 */
export function useNowAfterMount(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
