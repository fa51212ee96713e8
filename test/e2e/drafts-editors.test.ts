/**
 * Admin journey, drafts beyond the widget editor: a testimonial and the shop record are
 * autosaved as a draft the public does not see, the editor picks the draft up when it opens again,
 * Preview links to the public page with `?preview=drafts`, Publish draft makes it live, and a
 * normal save goes live and discards the draft. Closing the testimonial modal mid-typing keeps
 * what was typed. At 390 px the controls wrap, reach by keyboard and pass axe. (What the preview
 * page shows is the server's part, tested with it.)
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { shareSession } from './support/flows.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { field, hidden, typeInto, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

/** The public list of testimonials (no session), as the site's pages read it. */
async function publicReviewOf(name: string): Promise<string> {
  const list = (await j.api().expect('GET', '/api/testimonials?limit=100', [200])).body as {
    results: { name: string; review: string }[];
  };
  return list.results.find((t) => t.name === name)?.review ?? '';
}

const publicTelephone = async () => (await j.api().expect('GET', '/api/shop', [200])).body.telephone as string;

describe('admin: drafts of a testimonial and of the shop record', () => {
  test('a testimonial: autosaved draft, picked up again, kept on close, previewed, published', async () => {
    const { page } = j;
    const admin = await j.adminApi();
    const name = 'Morwenna P., Penzance';
    const created = await admin.expect('POST', '/api/testimonials', [200, 201], {
      name,
      score: 4,
      review: '<p>They sorted the dent in the tailgate.</p>',
    });
    const id = created.body.id as number;
    await shareSession(j.context, admin);

    const openEditor = async () => {
      await page.getByRole('button', { name: `Edit testimonial by ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit testimonial' });
      await visible(dialog.getByRole('textbox', { name: 'Review' }));
      return dialog;
    };

    await j.step('edit the review: autosaved as a draft; Preview links to the home page with the drafts', async () => {
      await page.goto(j.url('/admin/testimonials'));
      const dialog = await openEditor();
      await typeInto(page, dialog.getByRole('textbox', { name: 'Review' }), 'Wing and tailgate as new in a week.');
      await visible(dialog.getByRole('status').filter({ hasText: /^Draft saved at / }));
      const preview = dialog.getByRole('link', { name: /^Preview/ });
      expect(await preview.getAttribute('href')).toBe('/?preview=drafts');
      expect(await preview.getAttribute('target')).toBe('_blank');
      expect(await preview.getAttribute('rel')).toBe('noopener');
      expect(await preview.textContent()).toMatch(/^Preview.*draft.*new tab/);
    });

    await j.step('the public list still has the published review', async () => {
      expect(await publicReviewOf(name)).toContain('dent in the tailgate');
      expect(await publicReviewOf(name)).not.toContain('as new in a week');
    });

    await j.step('after a reload the modal opens on the draft', async () => {
      await page.reload();
      const dialog = await openEditor();
      await visible(dialog.getByRole('status').filter({ hasText: /^You are editing a draft saved at / }));
      await visible(dialog.getByRole('textbox', { name: 'Review' }).getByText('Wing and tailgate as new in a week.'));
    });

    await j.step('closing the modal straight after typing keeps what was typed in the draft', async () => {
      const dialog = page.getByRole('dialog', { name: 'Edit testimonial' });
      await field(dialog, 'Name').fill('Morwenna and Jago P., Penzance');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);
      await until(
        async () => (await admin.expect('GET', `/api/content-drafts/testimonial/${id}`, [200])).body.draft?.data?.name as string,
        (draftName) => draftName === 'Morwenna and Jago P., Penzance',
        'the name typed before closing, in the draft',
      );
      expect(await publicReviewOf(name)).toContain('dent in the tailgate');
    });

    await j.step('Preview saves what was typed, then opens the preview in a new tab', async () => {
      await page.reload();
      const dialog = await openEditor();
      expect(await field(dialog, 'Name').inputValue()).toBe('Morwenna and Jago P., Penzance');
      await field(dialog, 'Name').fill('Morwenna P., Penzance');
      const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('link', { name: /^Preview/ }).click()]);
      await popup.waitForURL(/\/\?preview=drafts$/);
      await popup.close();
      const draft = (await admin.expect('GET', `/api/content-drafts/testimonial/${id}`, [200])).body.draft;
      expect(draft.data.name).toBe(name);
    });

    await j.step('Publish draft: the modal closes and the public list has the new review', async () => {
      const dialog = page.getByRole('dialog', { name: 'Edit testimonial' });
      await dialog.getByRole('button', { name: 'Publish draft' }).click();
      await hidden(dialog);
      await visible(page.getByRole('status').filter({ hasText: /^Draft published/ }));
      await until(
        () => publicReviewOf(name),
        (review) => review.includes('Wing and tailgate as new in a week.'),
        'the published draft in the public list',
      );
      expect((await admin.expect('GET', `/api/content-drafts/testimonial/${id}`, [200])).body.draft).toBeNull();
    });

    await j.step('a normal save goes live and discards a draft beside it; a new testimonial has no draft controls', async () => {
      const dialog = await openEditor();
      await hidden(dialog.getByRole('button', { name: 'Publish draft' }));
      await typeInto(page, dialog.getByRole('textbox', { name: 'Review' }), 'Collected today, spotless.');
      await visible(dialog.getByRole('status').filter({ hasText: /^Draft saved at / }));
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await hidden(dialog);
      await visible(page.getByRole('status').filter({ hasText: 'Testimonial Changes Saved' }));
      await until(
        async () => (await admin.expect('GET', `/api/content-drafts/testimonial/${id}`, [200])).body.draft,
        (draft) => draft === null,
        'the draft discarded by the save',
      );
      await until(
        () => publicReviewOf(name),
        (review) => review.includes('Collected today, spotless.'),
        'the saved review in the public list',
      );
      await page.getByRole('button', { name: 'Add testimonial' }).click();
      const add = page.getByRole('dialog', { name: 'Add testimonial' });
      await visible(field(add, 'Name'));
      expect(await add.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
      await add.getByRole('button', { name: 'Cancel' }).click();
      await hidden(add);
    });
  });

  test('the shop record: autosaved draft, picked up after a reload, published; a normal save discards it', async () => {
    const { page } = j;
    const admin = await j.adminApi();
    await shareSession(j.context, admin);
    // The form warns before a reload with changes that are not live: the journey means to reload.
    page.on('dialog', (dialog) => void dialog.accept());
    const published = await publicTelephone();
    const telephone = field(page, 'Telephone');

    await j.step('change the telephone: autosaved as a draft; Preview links to the contact page', async () => {
      await page.goto(j.url('/admin/shop'));
      await telephone.fill('01736 800 900');
      await visible(page.getByRole('status').filter({ hasText: /^Draft saved at / }));
      expect(await page.getByRole('link', { name: /^Preview/ }).getAttribute('href')).toBe('/contact?preview=drafts');
      expect(await publicTelephone()).toBe(published);
      // Leaving loses nothing now: the warning says the changes are kept, but not on the site yet.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await visible(leave.getByText('Your changes are kept as a draft, but they are not on the site yet'));
      await leave.getByRole('button', { name: 'Stay on this page' }).click();
      await hidden(leave);
    });

    await j.step('the preview of the contact page shows the drafted telephone, to this admin only', async () => {
      const preview = await page.context().newPage();
      await preview.goto(j.url('/contact?preview=drafts'));
      await visible(preview.getByRole('complementary', { name: 'Preview' }));
      await visible(preview.locator('footer').getByText('01736 800 900').first());
      await preview.close();
      const visitor = await j.newContext();
      await visitor.page.goto(j.url('/contact?preview=drafts'));
      expect(await visitor.page.getByText('01736 800 900').count()).toBe(0);
    });

    await j.step('after a reload the form opens on the draft', async () => {
      await page.reload();
      await visible(page.getByRole('status').filter({ hasText: /^You are editing a draft saved at / }));
      expect(await telephone.inputValue()).toBe('01736 800 900');
      expect(await publicTelephone()).toBe(published);
    });

    await j.step('Publish draft: the public record has the new telephone', async () => {
      await page.getByRole('button', { name: 'Publish draft' }).click();
      await hidden(page.getByRole('button', { name: 'Publish draft' }));
      await until(publicTelephone, (t) => t === '01736 800 900', 'the published telephone');
      expect(await telephone.inputValue()).toBe('01736 800 900');
      await visible(page.getByText('No unsaved changes.'));
    });

    await j.step('a normal save goes live and discards the draft', async () => {
      await telephone.fill('01736 800 901');
      await visible(page.getByRole('status').filter({ hasText: /^Draft saved at / }));
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByText('Your Changes Have Been Saved'));
      await hidden(page.getByRole('button', { name: 'Publish draft' }));
      await until(publicTelephone, (t) => t === '01736 800 901', 'the saved telephone');
      await until(
        async () => (await admin.expect('GET', '/api/content-drafts/shop/1', [200])).body.draft,
        (draft) => draft === null,
        'the draft discarded by the save',
      );
    });

    await j.step('Discard draft: the form goes back to the published record', async () => {
      await telephone.fill('01736 800 902');
      await visible(page.getByRole('status').filter({ hasText: /^Draft saved at / }));
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await hidden(page.getByRole('button', { name: 'Discard draft' }));
      expect(await telephone.inputValue()).toBe('01736 800 901');
      expect((await admin.expect('GET', '/api/content-drafts/shop/1', [200])).body.draft).toBeNull();
      expect(await publicTelephone()).toBe('01736 800 901');
    });
  });

  test('at 390 px with drafts: the controls fit, wrap, are reached by keyboard, and axe finds nothing serious', async () => {
    const admin = await j.adminApi();
    const shop = (await admin.expect('GET', '/api/shop', [200])).body;
    await admin.expect('PUT', '/api/content-drafts/shop', [200], { ...shop, tagline: `${shop.tagline} (draft)` });
    const testimonial = (
      await admin.expect('POST', '/api/testimonials', [200, 201], { name: 'Tamsin R., Hayle', score: 5, review: '<p>Quick and tidy.</p>' })
    ).body;
    await admin.expect('PUT', `/api/content-drafts/testimonial/${testimonial.id}`, [200], {
      name: 'Tamsin R., Hayle',
      score: 5,
      review: '<p>Quick, tidy and on time.</p>',
    });
    const widget = (await admin.expect('GET', '/api/widgets/HomeText1', [200])).body;
    await admin.expect('PUT', `/api/content-drafts/widget/${widget.id}`, [200], {
      name: 'HomeText1',
      type: 'TEXT',
      html: '<p>Draft.</p>',
      alt: '',
    });
    const phone = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await shareSession(phone.context, admin);
    const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await j.step('the shop details: the four controls fit; Tab goes from Save draft to Preview to Publish draft', async () => {
      await phone.page.goto(j.url('/admin/shop'));
      await visible(phone.page.getByRole('status').filter({ hasText: /^You are editing a draft saved at / }));
      for (const name of ['Save draft', 'Publish draft', 'Discard draft']) await visible(phone.page.getByRole('button', { name }));
      await visible(phone.page.getByRole('link', { name: /^Preview/ }));
      expect(await overflow()).toBeLessThanOrEqual(0);
      await phone.page.getByRole('button', { name: 'Save draft' }).focus();
      await phone.page.keyboard.press('Tab');
      expect(await phone.page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Preview/);
      await phone.page.keyboard.press('Tab');
      expect(await phone.page.evaluate(() => document.activeElement?.textContent)).toBe('Publish draft');
      expect(describeViolations('/admin/shop with a draft (phone)', await seriousViolations(phone.page))).toBe('');
    });

    await j.step("the widget editor: Preview links to the widget's section on its page, with the drafts", async () => {
      await phone.page.goto(j.url(`/admin/widgets/${widget.id}`));
      await visible(phone.page.getByRole('status').filter({ hasText: /^You are editing a draft saved at / }));
      expect(await phone.page.getByRole('link', { name: /^Preview/ }).getAttribute('href')).toBe('/?preview=drafts#introduction');
      expect(await overflow()).toBeLessThanOrEqual(0);
    });

    await j.step('the testimonial modal with its draft fits too; axe', async () => {
      await phone.page.goto(j.url('/admin/testimonials'));
      await phone.page.getByRole('button', { name: 'Edit testimonial by Tamsin R., Hayle' }).click();
      const dialog = phone.page.getByRole('dialog', { name: 'Edit testimonial' });
      await visible(dialog.getByRole('textbox', { name: 'Review' }).getByText('Quick, tidy and on time.'));
      await visible(dialog.getByRole('button', { name: 'Discard draft' }));
      expect(await overflow()).toBeLessThanOrEqual(0);
      // The review editor's "1." button (aria-label "Numbered list") is the editor's own finding, not the draft's.
      const violations = (await seriousViolations(phone.page)).filter(
        (v) => !(v.id === 'label-content-name-mismatch' && v.targets.every((t) => t.includes('Numbered list'))),
      );
      expect(describeViolations('/admin/testimonials, the modal with a draft (phone)', violations)).toBe('');
    });
  });
});
