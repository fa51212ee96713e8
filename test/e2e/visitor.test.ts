/**
 * Visitor journey: every public route of docs/product.md's table, the menus on desktop and phone widths,
 * the navigation bar turning solid past 110 px, the carousels (mouse and keyboard), a gallery's
 * thumbnails and Go Back, the About lightbox, the contact page's map loading on approach and the
 * Not-found page.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useJourney } from './support/journey.ts';
import { atPath, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

async function firstVisibleGallery(): Promise<{ id: number; name: string }> {
  const response = await j.api().expect('GET', '/api/galleries?hidden=false', [200]);
  const gallery = response.body.results[0];
  return { id: Number(gallery.id), name: String(gallery.name) };
}

/** The label ("2 of 7") of the slide the carousel has selected. */
function selectedSlide(page: Page, carousel: string): Promise<string | null> {
  return page
    .getByRole('region', { name: carousel })
    .locator('[aria-roledescription="slide"][data-selected]')
    .first()
    .getAttribute('aria-label');
}

describe('visitor', () => {
  test('every public route shows its screen', async () => {
    const { page } = j;
    const gallery = await firstVisibleGallery();
    const routes: { path: string; heading: string | RegExp; text?: string | RegExp }[] = [
      { path: '/', heading: 'Accident repairs and resprays in Porthaven', text: /vehicle body shop repairs and paint service/i },
      { path: '/contact', heading: 'Get In Touch', text: '9am to 5pm' },
      { path: '/about', heading: 'About Us' },
      { path: '/services', heading: 'Services', text: 'Paint, resprays & smart repairs' },
      { path: '/galleries', heading: 'Photo Galleries' },
      { path: `/galleries/${gallery.id}`, heading: gallery.name },
      { path: '/legal/terms', heading: 'Terms and Conditions' },
      { path: '/legal/privacy', heading: 'Privacy Policy' },
    ];
    for (const route of routes) {
      await j.step(`open ${route.path}`, async () => {
        await page.goto(j.url(route.path));
        await visible(page.getByRole('heading', { name: route.heading, exact: typeof route.heading === 'string' }));
        if (route.text) await visible(page.getByText(route.text).first());
        // Shared layout on every page: main menu and footer.
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const item of ['Home', 'About', 'Services', 'Galleries', 'Contact'])
          await visible(nav.getByRole('link', { name: item, exact: true }));
        const footer = page.getByRole('contentinfo');
        // The opening times from the shop record, consecutive days with the same hours together.
        await visible(footer.getByText('Monday to Friday', { exact: true }));
        await visible(footer.getByText('9am to 5pm', { exact: true }));
        for (const link of ['Terms', 'Privacy', 'Account', 'Contact']) await visible(footer.getByRole('link', { name: link, exact: true }));
      });
    }
    await j.step('the gallery view sets the page title to the gallery name', async () => {
      await page.goto(j.url(`/galleries/${gallery.id}`));
      await until(
        () => page.title(),
        (title) => title.includes(gallery.name),
        `title to contain ${gallery.name}`,
      );
    });
    await j.step('the widgets of the home page are shown', async () => {
      await page.goto(j.url('/'));
      await visible(page.getByRole('link', { name: /Find Out More/ }).first());
      expect(await page.getByRole('link', { name: /Find Out More/ }).count()).toBe(3);
      await page
        .getByRole('link', { name: /Find Out More/ })
        .first()
        .click();
      await atPath(page, '/services');
    });
    await j.step('the footer scroll-to-top control returns to the top', async () => {
      await page.goto(j.url('/'));
      await page.getByRole('button', { name: 'Back to top' }).click();
      await until(
        () => page.evaluate(() => window.scrollY),
        (y) => y === 0,
        'the page to scroll to the top',
      );
    });
  });

  test('desktop menu (1366 x 900)', async () => {
    const { page } = j;
    await page.goto(j.url('/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await visible(nav.getByRole('link', { name: 'About', exact: true }));
    await hidden(page.getByRole('button', { name: 'Open menu' }));
    const targets: [string, string, string][] = [
      ['About', '/about', 'About Us'],
      ['Services', '/services', 'Services'],
      ['Galleries', '/galleries', 'Photo Galleries'],
      ['Contact', '/contact', 'Get In Touch'],
      ['Home', '/', 'Accident repairs and resprays in Porthaven'],
    ];
    for (const [label, path, heading] of targets) {
      await j.step(`menu: ${label}`, async () => {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await atPath(page, path);
        await visible(page.getByRole('heading', { name: heading, exact: true }));
        expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe('page');
      });
    }
    await j.step('the Log in link of the menu opens Login', async () => {
      await nav.getByRole('link', { name: 'Log in' }).click();
      await atPath(page, '/login');
      await visible(page.getByRole('heading', { name: 'Please Login' }));
    });
  });

  test('phone menu (390 x 844) toggles open and closes when a link is chosen', async () => {
    const { page } = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(j.url('/'));
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const servicesLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true });
    await j.step('the menu starts closed', async () => {
      await visible(toggle);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await hidden(servicesLink);
    });
    await j.step('the toggle opens it', async () => {
      await toggle.click();
      await visible(servicesLink);
      expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    });
    await j.step('the toggle closes it again', async () => {
      await page.getByRole('button', { name: 'Close menu' }).click();
      await hidden(servicesLink);
    });
    await j.step('choosing a link navigates and closes the menu', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await servicesLink.click();
      await atPath(page, '/services');
      await visible(page.getByRole('heading', { name: 'Services', exact: true }));
      await hidden(servicesLink);
      expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    });
  });

  test('the navigation bar turns solid once the page has scrolled more than 110 px', async () => {
    const { page } = j;
    await page.goto(j.url('/'));
    await visible(page.getByRole('heading', { name: 'Accident repairs and resprays in Porthaven' }));
    const header = page.locator('header').first();
    // Scrolls, waits for the scroll event to have been handled (two frames), reads the class.
    const solidAt = (y: number) =>
      page.evaluate(async (top) => {
        window.scrollTo({ top, behavior: 'instant' });
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return { y: window.scrollY, solid: document.querySelector('header')!.classList.contains('is-solid') };
      }, y);
    expect(await header.getAttribute('class')).not.toContain('is-solid');
    expect(await solidAt(100)).toEqual({ y: 100, solid: false });
    expect(await solidAt(110)).toEqual({ y: 110, solid: false });
    expect(await solidAt(111)).toEqual({ y: 111, solid: true });
    expect(await solidAt(600)).toEqual({ y: 600, solid: true });
    expect(await solidAt(0)).toEqual({ y: 0, solid: false });
  });

  test('the testimonials carousel moves with its buttons and the keyboard', async () => {
    const { page } = j;
    await page.goto(j.url('/'));
    const carousel = page.getByRole('region', { name: 'Customer reviews' });
    await visible(carousel);
    const slideCount = await carousel.locator('[aria-roledescription="slide"]').count();
    expect(slideCount).toBeGreaterThan(3);
    await j.step('pause the autoplay with the keyboard', async () => {
      await carousel.getByRole('button', { name: 'Pause slideshow' }).focus();
      await page.keyboard.press('Enter');
      await visible(carousel.getByRole('button', { name: 'Play slideshow' }));
    });
    const start = await selectedSlide(page, 'Customer reviews');
    expect(start).toMatch(/^\d+ of \d+$/);
    const startIndex = Number(start!.split(' ')[0]);
    const label = (n: number) => `${((n - 1 + slideCount) % slideCount) + 1} of ${slideCount}`;
    await j.step('Next slide by keyboard (Tab to the button, Enter)', async () => {
      await carousel.getByRole('button', { name: 'Play slideshow' }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Next slide');
      await page.keyboard.press('Enter');
      await until(
        () => selectedSlide(page, 'Customer reviews'),
        (v) => v === label(startIndex + 1),
        'the next slide to be selected',
      );
    });
    await j.step('ArrowRight and ArrowLeft move it while focus is inside', async () => {
      await page.keyboard.press('ArrowRight');
      await until(
        () => selectedSlide(page, 'Customer reviews'),
        (v) => v === label(startIndex + 2),
        'ArrowRight to move on',
      );
      await page.keyboard.press('ArrowLeft');
      await until(
        () => selectedSlide(page, 'Customer reviews'),
        (v) => v === label(startIndex + 1),
        'ArrowLeft to move back',
      );
    });
    await j.step('Previous slide with the mouse', async () => {
      await carousel.getByRole('button', { name: 'Previous slide' }).click();
      await until(
        () => selectedSlide(page, 'Customer reviews'),
        (v) => v === label(startIndex),
        'the previous slide to be selected',
      );
    });
    await j.step('each review shows its stars and author', async () => {
      await visible(carousel.getByText('Sarah M., Penzance'));
    });
  });

  test('a gallery: list, thumbnails jump to their image, Go Back', async () => {
    const { page } = j;
    const gallery = await firstVisibleGallery();
    await page.goto(j.url('/galleries'));
    await j.step('the list links to the gallery', async () => {
      const card = page.getByRole('link', { name: gallery.name, exact: true });
      await visible(card);
      await card.click();
      await atPath(page, `/galleries/${gallery.id}`);
      await visible(page.getByRole('heading', { name: gallery.name }));
    });
    const slideshow = `${gallery.name} slideshow`;
    await j.step('a thumbnail shows its image in the slideshow', async () => {
      const thumbnails = page.getByRole('region', { name: 'Thumbnails' }).getByRole('button', { name: /^Show photo / });
      await visible(thumbnails);
      const count = await thumbnails.count();
      expect(count).toBeGreaterThan(2);
      await page.getByRole('region', { name: slideshow }).getByRole('button', { name: 'Pause slideshow' }).click();
      const third = page.getByRole('button', { name: /^Show photo 3\b/ });
      await third.click();
      await until(
        () => selectedSlide(page, slideshow),
        (v) => v === `3 of ${count}`,
        'the third image to be shown',
      );
      expect(await third.getAttribute('aria-pressed')).toBe('true');
      const first = page.getByRole('button', { name: /^Show photo 1\b/ });
      await first.focus();
      await page.keyboard.press('Enter');
      await until(
        () => selectedSlide(page, slideshow),
        (v) => v === `1 of ${count}`,
        'the first image to be shown',
      );
    });
    await j.step('Go Back returns to the list', async () => {
      await page.getByRole('link', { name: 'Go Back' }).click();
      await atPath(page, '/galleries');
      await visible(page.getByRole('heading', { name: 'Photo Galleries' }));
    });
  });

  test('the About page slider opens its lightbox', async () => {
    const { page } = j;
    await page.goto(j.url('/about'));
    const slider = page.getByRole('region', { name: / photos$/ });
    await visible(slider);
    await slider.getByRole('button', { name: 'Pause slideshow' }).click();
    await slider
      .getByRole('button', { name: /Open larger view/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    await visible(dialog.getByText(/^1 of \d+/));
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await visible(dialog.getByText(/^2 of \d+/));
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });

  test("the contact page's map is fetched when the visitor scrolls near it, in space kept for it", async () => {
    const { page } = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(j.url('/contact'));
    const map = page.getByTitle(/^Map showing /);
    const box = await map.boundingBox();
    await j.step('below the fold on a phone, the frame has no address yet', async () => {
      expect(box!.y).toBeGreaterThan(PHONE.height);
      expect(box!.height).toBe(420);
      expect(await map.getAttribute('src')).toBeNull();
    });
    await j.step('scrolled to, it gets the OpenStreetMap embed, and nothing moved', async () => {
      await map.scrollIntoViewIfNeeded();
      await until(
        () => map.getAttribute('src'),
        (src) => src?.startsWith('https://www.openstreetmap.org/export/embed.html?') ?? false,
        'the map frame gets its address',
      );
      const scrolled = await page.evaluate(() => window.scrollY);
      expect((await map.boundingBox())!.y + scrolled).toBeCloseTo(box!.y, 0);
    });
  });

  test('an unknown path shows the Not-found page', async () => {
    const { page } = j;
    for (const path of ['/no-such-page', '/galleries/999999']) {
      await j.step(`open ${path}`, async () => {
        await page.goto(j.url(path));
        await visible(page.getByRole('heading', { name: 'Error 404' }));
        await visible(page.getByText('Page Not Found', { exact: true }));
        await visible(page.locator('main img').first());
      });
    }
  });
});
