// Migration 2026-11-26T0710: the demo copy's typed-in shop details become placeholders on an
// existing install, only where the seeded strings are still there; down puts them back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createWidget } from '#test/support/factories.ts';
import { down, up } from '#migrations/2026-11-26T0710_widget_shop_details.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const seededBottom =
  '<h2 style="text-align:center">Come and see us</h2>\n<p style="text-align:center">You will find us at Unit 4, Quay Road Industrial Estate, Porthaven, Cornwall, TR19 4QX, a few minutes\' walk from the harbour. Open Monday to Friday, 9am to 5pm.</p>\n<p style="text-align:center">Ring <strong><a href="tel:01736555014">01736 555 014</a></strong> or e-mail <a href="mailto:hello@harbourside-bodyshop.co.uk">hello@harbourside-bodyshop.co.uk</a> with a few photos.</p>';

describe('migration 2026-11-26T0710_widget_shop_details', () => {
  it('replaces the seeded details with placeholders, leaves rewritten text and pictures alone, and goes back down', async () => {
    const seeded = await createWidget(t.deps.db, { name: 'HomeTextBottom', html: seededBottom });
    const rewritten = await createWidget(t.deps.db, { name: 'Service1', html: '<p>Call 01736 555 014 any time.</p>' });
    const picture = await createWidget(t.deps.db, {
      name: 'HomeImage1',
      type: 'IMAGE',
      html: '<a href="tel:01736555014">01736 555 014</a>',
    });
    const htmlOf = async (id: number) =>
      (await t.deps.db.selectFrom('widgets').select('html').where('id', '=', id).executeTakeFirstOrThrow()).html;

    await up(t.deps.db);
    const after = await htmlOf(seeded.id);
    expect(after).toContain('You will find us at <span data-shop-detail="address"></span>, a few');
    expect(after).toContain('Opening hours: <span data-shop-detail="openingHours"></span>.</p>');
    expect(after).toContain(
      'Ring <strong><span data-shop-detail="telephone"></span></strong> or e-mail <span data-shop-detail="email"></span> with',
    );
    expect(after).not.toMatch(/01736|Quay Road|9am/);
    expect(await htmlOf(rewritten.id)).toBe('<p>Call 01736 555 014 any time.</p>');
    expect(await htmlOf(picture.id)).toBe('<a href="tel:01736555014">01736 555 014</a>');

    // Running it again changes nothing (a retried start).
    await up(t.deps.db);
    expect(await htmlOf(seeded.id)).toBe(after);

    await down(t.deps.db);
    expect(await htmlOf(seeded.id)).toBe(seededBottom);
  });
});
