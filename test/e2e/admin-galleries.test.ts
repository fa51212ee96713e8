/**
 * Admin journey, galleries: create (to its edit page), drop several images with progress, alt text
 * and link per image, reorder with dnd-kit's keyboard sensor (handle, Space, ArrowRight, Space),
 * rotate, delete an image, the result on the public gallery, then hide the gallery (gone from the
 * public list) and delete it.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { signIn } from './support/flows.ts';
import { pngImage } from './support/files.ts';
import { atPath, descriptionOf, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

interface ApiImage {
  id: number;
  alt: string;
  link: string | null;
  image_url: string;
  image: { thumb_width: number; thumb_height: number };
}

async function imagesOf(galleryId: number): Promise<ApiImage[]> {
  const response = await (await j.adminApi()).expect('GET', `/api/galleries/${galleryId}`, [200]);
  return response.body.images as ApiImage[];
}

async function altsInOrder(galleryId: number): Promise<string[]> {
  return (await imagesOf(galleryId)).map((image) => image.alt);
}

function imageItem(page: Page, position: number) {
  return page
    .getByRole('list', { name: 'Gallery images, in display order' })
    .locator(':scope > li')
    .nth(position - 1);
}

describe('admin: galleries', () => {
  test('create, upload, describe, reorder, rotate, delete an image, hide and delete the gallery', async () => {
    const { page } = j;
    const visitor = await j.newContext();
    await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
    await page.goto(j.url('/admin'));
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Galleries' }).click();
    await atPath(page, '/admin/galleries');
    await visible(page.getByRole('heading', { name: 'Galleries', exact: true }));

    const galleryId = await j.step('Add gallery opens the edit page of the new gallery', async () => {
      await page.getByRole('button', { name: 'Add gallery' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add gallery' });
      await field(dialog, 'Name').fill('Resprays 2026');
      await dialog.getByRole('button', { name: 'Add gallery' }).click();
      await atPath(page, /^\/admin\/galleries\/\d+$/);
      await visible(page.getByRole('heading', { name: 'Gallery: Resprays 2026' }));
      await visible(page.getByText('No images in this gallery yet.'));
      return Number(new URL(page.url()).pathname.split('/').pop());
    });

    await j.step('drop four images and a text file: progress per file, the text file refused', async () => {
      const files = await Promise.all([
        pngImage('red-van.png', '#c0392b'),
        pngImage('green-rover.png', '#1e8449'),
        pngImage('blue-boat.png', '#2471a3'),
        pngImage('yellow-digger.png', '#f1c40f'),
      ]);
      await page
        .locator('[data-testid="drop-zone-input"]')
        .setInputFiles([...files, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
      const uploads = page.getByRole('list', { name: 'Uploads' });
      await visible(uploads);
      for (const file of files) await visible(uploads.getByRole('progressbar', { name: `${file.name}: Uploaded` }), 30_000);
      await visible(uploads.getByRole('alert').filter({ hasText: "You can't upload files of this type." }));
      await until(
        () => page.getByRole('button', { name: /^Move image \d+$/ }).count(),
        (n) => n === 4,
        'four images in the grid',
      );
      expect((await imagesOf(galleryId)).length).toBe(4);
    });

    await j.step('alt text and link per image; a bad link is refused', async () => {
      const names = ['Photo A', 'Photo B', 'Photo C', 'Photo D'];
      for (const [index, name] of names.entries()) {
        const item = imageItem(page, index + 1);
        await field(item, 'Alt text').fill(name);
        await item.getByRole('button', { name: 'Save details' }).click();
        await visible(item.getByRole('status').filter({ hasText: 'Saved' }));
        await visible(page.getByRole('button', { name: `Move image ${index + 1}, ${name}` }));
      }
      const first = imageItem(page, 1);
      await field(first, 'Link').fill('ftp://example.com/red');
      await first.getByRole('button', { name: 'Save details' }).click();
      await until(
        () => field(first, 'Link').getAttribute('aria-invalid'),
        (v) => v === 'true',
        'the bad link to be marked',
      );
      expect(await descriptionOf(field(first, 'Link'))).toMatch(/link/i);
      await field(first, 'Link').fill('https://example.com/jobs/red-van');
      await first.getByRole('button', { name: 'Save details' }).click();
      await visible(first.getByRole('status').filter({ hasText: 'Saved' }));
      await until(
        () => altsInOrder(galleryId),
        (alts) => alts.join() === names.join(),
        'the alt texts in order',
      );
      expect((await imagesOf(galleryId))[0]!.link).toBe('https://example.com/jobs/red-van');
    });

    await j.step('reorder with the keyboard: handle, Space, ArrowRight, Space', async () => {
      const handle = page.getByRole('button', { name: 'Move image 1, Photo A' });
      await handle.focus();
      await page.keyboard.press('Space');
      await until(
        () => handle.getAttribute('aria-pressed'),
        (v) => v === 'true',
        'the image to be picked up',
      );
      // dnd-kit's keyboard sensor starts listening one macrotask after the pick-up, so an arrow
      // pressed at once can be lost (no person is that fast). A lost press moves nothing, so
      // pressing again until the move is announced (in a visually hidden live region) is safe.
      const moved = page.getByText(/Image 1 is over position 2 of 4\./);
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('ArrowRight');
        try {
          await moved.waitFor({ state: 'attached', timeout: 2000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      await page.keyboard.press('Space');
      await until(
        () => altsInOrder(galleryId),
        (alts) => alts.join() === 'Photo B,Photo A,Photo C,Photo D',
        'the new order to be saved',
      );
      await visible(page.getByRole('button', { name: 'Move image 1, Photo B' }));
      await visible(page.getByRole('button', { name: 'Move image 2, Photo A' }));
    });

    await j.step('rotate an image: turned a quarter, with a new address', async () => {
      const before = (await imagesOf(galleryId))[0]!;
      expect(before.alt).toBe('Photo B');
      await page.getByRole('button', { name: 'Rotate image 1, Photo B clockwise' }).click();
      const after = await until(
        async () => (await imagesOf(galleryId))[0]!,
        (image) => image.image_url !== before.image_url,
        'the rotated image to get a new address',
      );
      expect([after.image.thumb_width, after.image.thumb_height]).toEqual([before.image.thumb_height, before.image.thumb_width]);
      await until(
        () => imageItem(page, 1).locator('img').getAttribute('src'),
        (src) => src !== null && !src.includes(before.image_url),
        'the grid to show the rotated image',
      );
    });

    await j.step('delete an image through the confirmation dialog', async () => {
      await page.getByRole('button', { name: 'Delete image 4, Photo D' }).click();
      const dialog = page.getByRole('dialog', { name: 'Please Confirm?' });
      await visible(dialog.getByText('Are you sure you want to do this?'));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await hidden(page.getByRole('button', { name: /Photo D/ }).first());
      await until(
        () => altsInOrder(galleryId),
        (alts) => alts.join() === 'Photo B,Photo A,Photo C',
        'three images left',
      );
    });

    await j.step('the public gallery shows the images in the new order', async () => {
      await visitor.page.goto(j.url('/galleries'));
      await visitor.page.getByRole('link', { name: 'Resprays 2026' }).click();
      await atPath(visitor.page, `/galleries/${galleryId}`);
      await visible(visitor.page.getByRole('button', { name: 'Show photo 1: Photo B' }));
      await visible(visitor.page.getByRole('button', { name: 'Show photo 2: Photo A' }));
      await visible(visitor.page.getByRole('button', { name: 'Show photo 3: Photo C' }));
      expect(await visitor.page.getByRole('button', { name: /^Show photo / }).count()).toBe(3);
    });

    await j.step('hide the gallery: saved, back to the list, marked Hidden', async () => {
      await page.getByLabel('Hidden (not listed on the public site)').check();
      await page.getByRole('button', { name: 'Save gallery' }).click();
      await atPath(page, '/admin/galleries');
      const tile = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Resprays 2026' }) });
      await visible(tile.getByText('Hidden', { exact: true }));
    });

    await j.step('the hidden gallery is gone from the public list and its page', async () => {
      await visitor.page.goto(j.url('/galleries'));
      await visible(visitor.page.getByRole('link', { name: 'Accident Repairs' }));
      expect(await visitor.page.getByRole('link', { name: 'Resprays 2026' }).count()).toBe(0);
      await visitor.page.goto(j.url(`/galleries/${galleryId}`));
      await visible(visitor.page.getByRole('heading', { name: 'Error 404' }));
    });

    await j.step('delete the gallery: back to the list without it', async () => {
      await page.getByRole('link', { name: 'Resprays 2026' }).click();
      await atPath(page, `/admin/galleries/${galleryId}`);
      await page.getByRole('button', { name: 'Delete gallery' }).click();
      await page.getByRole('dialog', { name: 'Please Confirm?' }).getByRole('button', { name: 'Confirm' }).click();
      await atPath(page, '/admin/galleries');
      await visible(page.getByRole('link', { name: 'Accident Repairs' }));
      // The list may first show its cached page, then the refetched one.
      await hidden(page.getByRole('link', { name: 'Resprays 2026' }));
      const gone = await (await j.adminApi()).request('GET', `/api/galleries/${galleryId}`);
      expect(gone.status).toBe(404);
    });
  });
});
