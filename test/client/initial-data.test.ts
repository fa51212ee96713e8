// @vitest-environment jsdom
// The client seeds its query cache from the data block the server embeds, under the keys the
// screens' queries use; a missing or damaged block changes nothing.
import { HAS_GALLERIES_KEY } from '#client/lib/site-sections.ts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readInitialData, seedQueryCache } from '#client/lib/initial-data.ts';

/** What start.tsx does with a page's data block. */
function seedInitialData(client: QueryClient, doc: Document): void {
  const data = readInitialData(doc);
  if (data) seedQueryCache(client, data);
}
import { trpc } from '#client/lib/trpc.ts';
import type { InitialData } from '#shared/initial-data.ts';

const widget = { id: 1, name: 'HomeText1', type: 'TEXT' as const, html: '<p>Hi</p>', image_url: null, alt: '', image: null };

function documentWith(block: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.body.innerHTML = `<div id="root"></div>${block}`;
  return doc;
}

describe('readInitialData and seedQueryCache', () => {
  it('puts widgets, testimonials, the gallery list and a gallery under the screens query keys', () => {
    const gallery = { id: 7, name: 'G', url: '/galleries/7', image_url: null, hidden: false, image: null, images: [] };
    const data: InitialData = {
      widgets: [widget],
      testimonials: { results: [], total: 0 },
      galleryList: { results: [], total: 0 },
      hasGalleries: true,
      gallery,
    };
    const client = new QueryClient();
    seedInitialData(client, documentWith(`<script type="application/json" id="initial-data">${JSON.stringify(data)}</script>`));
    expect(client.getQueryData(trpc.widgets.byKey.queryKey({ x: 'HomeText1' }))).toEqual(widget);
    expect(client.getQueryData(trpc.testimonials.list.queryKey({}))).toEqual({ results: [], total: 0 });
    expect(client.getQueryData(trpc.galleries.list.queryKey({ hidden: false }))).toEqual({ results: [], total: 0 });
    expect(client.getQueryData(trpc.galleries.get.queryKey({ id: 7 }))).toEqual(gallery);
    expect(client.getQueryData(HAS_GALLERIES_KEY)).toBe(true);
  });

  it('does nothing without a block or with a damaged one', () => {
    for (const block of ['', '<script type="application/json" id="initial-data">{not json</script>']) {
      const client = new QueryClient();
      seedInitialData(client, documentWith(block));
      expect(client.getQueryCache().getAll()).toEqual([]);
    }
  });
});
