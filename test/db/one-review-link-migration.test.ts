// Migration 2026-12-05T0700: the shop's two review links become one, `reviews_url`, keeping the
// set value (the non-empty one; `reviews_url` when both are set); down brings `review_link` back
// with the same link. Both engines.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { down, up } from '#migrations/2026-12-05T0700_one_review_link.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const links = async () =>
  (await sql<{ reviews_url: string; review_link?: string }>`select * from shop`.execute(t.deps.db)).rows.map((r) => ({
    reviews_url: r.reviews_url,
    review_link: r.review_link,
  }))[0];
const setLinks = (reviewsUrl: string, reviewLink: string) =>
  sql`update shop set reviews_url = ${reviewsUrl}, review_link = ${reviewLink}`.execute(t.deps.db);

describe('migration 2026-12-05T0700_one_review_link', () => {
  it('keeps the link that is set, prefers reviews_url when both are, drops review_link, and goes back down', async () => {
    await down(t.deps.db);
    await setLinks('', 'https://g.page/r/harbourside/review');
    await up(t.deps.db);
    expect(await links()).toEqual({ reviews_url: 'https://g.page/r/harbourside/review', review_link: undefined });

    await down(t.deps.db);
    expect(await links()).toEqual({
      reviews_url: 'https://g.page/r/harbourside/review',
      review_link: 'https://g.page/r/harbourside/review',
    });
    await setLinks('https://reviews.example.test/harbourside', 'https://g.page/r/other/review');
    await up(t.deps.db);
    expect(await links()).toEqual({ reviews_url: 'https://reviews.example.test/harbourside', review_link: undefined });

    await down(t.deps.db);
    await setLinks('https://reviews.example.test/harbourside', '');
    await up(t.deps.db);
    expect(await links()).toEqual({ reviews_url: 'https://reviews.example.test/harbourside', review_link: undefined });
  });
});
