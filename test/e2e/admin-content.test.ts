/**
 * Admin journey, content: testimonials (add, edit, delete; the new one in the home carousel) and
 * widgets (add, edit text with the editor, change an image; the change on the public page; the
 * edit shortcut beside a widget for admins only).
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { signIn } from './support/flows.ts';
import { pngImage } from './support/files.ts';
import { atPath, descriptionOf, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
}

/** Replaces the rich-text editor's content by typing, as a person would. */
async function typeInto(page: Page, editor: Locator, text: string): Promise<void> {
  await visible(editor);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

function reviewsCarousel(page: Page): Locator {
  return page.getByRole('region', { name: 'Customer reviews' });
}

describe('admin: testimonials', () => {
  test('add, edit and delete a testimonial; the new one is in the home carousel', async () => {
    const { page } = j;
    const visitor = await j.newContext();
    await signInAsAdmin(page);
    await page.goto(j.url('/admin'));
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Testimonials' }).click();
    await atPath(page, '/admin/testimonials');
    await visible(page.getByRole('heading', { name: 'Testimonials', exact: true }));

    await j.step('Add: an empty name is refused beside the field', async () => {
      await page.getByRole('button', { name: 'Add testimonial' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add testimonial' });
      await visible(dialog);
      await typeInto(page, dialog.getByRole('textbox', { name: 'Review' }), 'Lovely work on the wing.');
      await dialog.getByRole('button', { name: 'Add testimonial' }).click();
      await until(
        () => descriptionOf(field(dialog, 'Name')),
        (d) => d.length > 0,
        'a message beside the name',
      );
    });

    await j.step('Add: name, 4 stars and a review; the success message', async () => {
      const dialog = page.getByRole('dialog', { name: 'Add testimonial' });
      await field(dialog, 'Name').fill('Gwen K., Mousehole');
      await dialog.getByLabel('4 stars').check({ force: true });
      await typeInto(page, dialog.getByRole('textbox', { name: 'Review' }), 'They matched the metallic green of my old Rover perfectly.');
      await dialog.getByRole('button', { name: 'Add testimonial' }).click();
      await hidden(dialog);
      await visible(page.getByRole('status').filter({ hasText: 'Testimonial Added Successfully' }));
      await visible(page.getByRole('heading', { name: 'Gwen K., Mousehole' }));
      await visible(page.getByRole('img', { name: "Gwen K., Mousehole's rating: 4 out of 5" }));
    });

    await j.step('the new testimonial is in the public home carousel', async () => {
      await visitor.page.goto(j.url('/'));
      const carousel = reviewsCarousel(visitor.page);
      await visible(carousel);
      await until(
        () => carousel.getByText('Gwen K., Mousehole').count(),
        (n) => n > 0,
        'the new testimonial in the carousel',
      );
      expect(await carousel.getByText('They matched the metallic green of my old Rover perfectly.').count()).toBeGreaterThan(0);
    });

    await j.step('Edit: a new name and score; the saved message', async () => {
      await page.getByRole('button', { name: 'Edit testimonial by Gwen K., Mousehole' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit testimonial' });
      await visible(dialog);
      expect(await field(dialog, 'Name').inputValue()).toBe('Gwen K., Mousehole');
      await field(dialog, 'Name').fill('Gwen & Alan K., Mousehole');
      await dialog.getByLabel('5 stars').check({ force: true });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await hidden(dialog);
      await visible(page.getByRole('status').filter({ hasText: 'Testimonial Changes Saved' }));
      await visible(page.getByRole('heading', { name: 'Gwen & Alan K., Mousehole' }));
      await visible(page.getByRole('img', { name: "Gwen & Alan K., Mousehole's rating: 5 out of 5" }));
    });

    await j.step('Delete through the confirmation dialog; gone from the list and the carousel', async () => {
      await page.getByRole('button', { name: 'Delete testimonial by Gwen & Alan K., Mousehole' }).click();
      const dialog = page.getByRole('dialog', { name: 'Please Confirm?' });
      await visible(dialog.getByText('Are you sure you want to do this?'));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await hidden(page.getByRole('heading', { name: 'Gwen & Alan K., Mousehole' }));
      await visitor.page.goto(j.url('/'));
      await visible(reviewsCarousel(visitor.page).getByText('Sarah M., Penzance').first());
      expect(await reviewsCarousel(visitor.page).getByText(/Gwen/).count()).toBe(0);
    });
  });
});

describe('admin: widgets', () => {
  test('the edit shortcut beside a widget: for admins only, leading to its edit page', async () => {
    const { page } = j;
    const visitor = await j.newContext();
    await visitor.page.goto(j.url('/'));
    await visible(visitor.page.getByRole('heading', { name: 'Accident repairs and resprays in Porthaven' }));
    await visible(visitor.page.getByRole('link', { name: /Find Out More/ }).first());
    expect(await visitor.page.getByRole('link', { name: /^Edit widget / }).count()).toBe(0);

    await signInAsAdmin(page);
    await page.goto(j.url('/'));
    const shortcut = page.getByRole('link', { name: 'Edit widget HomeText1' });
    await visible(shortcut);
    expect(await page.getByRole('link', { name: /^Edit widget / }).count()).toBeGreaterThanOrEqual(10);
    await shortcut.click();
    await atPath(page, /^\/admin\/widgets\/\d+$/);
    await visible(page.getByRole('heading', { name: 'Widget: HomeText1' }));
  });

  test('add a widget; edit a text with the editor and an image; the changes on the public pages', async () => {
    const { page } = j;
    const visitor = await j.newContext();
    await signInAsAdmin(page);
    await page.goto(j.url('/admin/widgets'));
    await visible(page.getByRole('heading', { name: 'Widgets', exact: true }));

    await j.step('Add widget: a malformed name is refused, a good one opens its edit page', async () => {
      await page.getByRole('button', { name: 'Add widget' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add widget' });
      await field(dialog, 'Name').fill('9 bad name');
      await dialog.getByRole('button', { name: 'Add widget' }).click();
      await until(
        () => field(dialog, 'Name').getAttribute('aria-invalid'),
        (v) => v === 'true',
        'the name to be marked invalid',
      );
      expect(await descriptionOf(field(dialog, 'Name'))).toMatch(/name/i);
      await field(dialog, 'Name').fill('HarbourNotice');
      await dialog.getByRole('button', { name: 'Add widget' }).click();
      await atPath(page, /^\/admin\/widgets\/\d+$/);
      await visible(page.getByRole('heading', { name: 'Widget: HarbourNotice' }));
      expect(await page.getByLabel('Type').inputValue()).toBe('TEXT');
      await page.getByRole('link', { name: '← All widgets' }).click();
      await visible(page.getByRole('link', { name: 'HarbourNotice', exact: true }));
    });

    await j.step('edit the text of HomeText1 with the editor (bold)', async () => {
      await page.getByRole('link', { name: 'Home: introduction', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Widget: HomeText1' }));
      const editor = page.getByRole('textbox', { name: 'Content' });
      await typeInto(page, editor, 'Fresh paint for every season.');
      // Select the first two words and make them bold with the toolbar.
      await page.keyboard.press('Home');
      for (let i = 0; i < 'Fresh paint'.length; i += 1) await page.keyboard.press('Shift+ArrowRight');
      await page.getByRole('toolbar', { name: 'Content formatting' }).getByRole('button', { name: 'Bold' }).click();
      await visible(editor.locator('strong', { hasText: 'Fresh paint' }));
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Changes saved....' }));
    });

    await j.step('the public home page shows the new text', async () => {
      await visitor.page.goto(j.url('/'));
      await visible(visitor.page.locator('main strong', { hasText: 'Fresh paint' }));
      await visible(visitor.page.getByText('for every season.'));
    });

    await j.step('change the image of HomeImage1 and its alternative text', async () => {
      await page.goto(j.url('/admin/widgets'));
      await page.getByRole('link', { name: 'Home: introduction picture', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Widget: HomeImage1' }));
      await page.getByLabel('Image', { exact: true }).setInputFiles(await pngImage('van.png', '#c0392b', 640, 400));
      await visible(page.getByRole('img', { name: 'Preview of the chosen image' }));
      await field(page, 'Alternative text').fill('A freshly resprayed red van');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Changes saved....' }));
    });

    await j.step('the public home page shows the new image', async () => {
      await visitor.page.goto(j.url('/'));
      const image = visitor.page.getByRole('img', { name: 'A freshly resprayed red van' });
      await visible(image);
      await until(
        () => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        Boolean,
        'the new image to load',
      );
    });
  });
});
