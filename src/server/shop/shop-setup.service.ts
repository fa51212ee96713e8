// The shop form's helpers and the dashboard's first-run checklist
// (docs/decisions/first-run-checklist.md): the lists the form offers, and the checklist derived
// from the data (each step ticks itself off) with its dismissal kept per site in app_state.
import type { AppDeps } from '#server/app-deps.ts';
import { COUNTRY_CODES } from '#shared/countries.ts';
import { timeZoneNames } from '#shared/time-zones.ts';
import type { Checklist, ShopChoices } from '#shared/schemas/shop-setup.ts';
import { findAppState, setAppStateIfAbsent } from '#server/db/app-state.repository.ts';
import { findShopEditedAt } from './shop.repository.ts';
import { isWidgetEditedSinceCreated } from '#server/widgets/widgets.repository.ts';
import { hasAnyGalleryImage } from '#server/galleries/gallery-images.repository.ts';
import { countTestimonials } from '#server/testimonials/testimonials.repository.ts';

/** The home page's introduction: the starter text the checklist asks to replace. */
export const STARTER_TEXT_WIDGET = 'HomeText1';

const DISMISSED_KEY = 'first_run_checklist_dismissed_at';

let choices: ShopChoices | undefined;

/** The time zones and countries the form offers, from the server's Intl (the page renders here first). */
export function shopChoices(): ShopChoices {
  if (!choices) {
    const names = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });
    choices = {
      timeZones: [...timeZoneNames()],
      countries: COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
        a.name.localeCompare(b.name, 'en-GB'),
      ),
    };
  }
  return choices;
}

export async function readChecklist(deps: Pick<AppDeps, 'db'>): Promise<Checklist> {
  const [dismissedAt, editedAt, starterReplaced, photos, testimonials] = await Promise.all([
    findAppState(deps.db, DISMISSED_KEY),
    findShopEditedAt(deps.db),
    isWidgetEditedSinceCreated(deps.db, STARTER_TEXT_WIDGET),
    hasAnyGalleryImage(deps.db),
    countTestimonials(deps.db),
  ]);
  return {
    dismissed: dismissedAt !== undefined,
    items: [
      { key: 'shopDetails', done: editedAt !== null },
      { key: 'starterText', done: starterReplaced },
      { key: 'photos', done: photos },
      { key: 'testimonial', done: testimonials > 0 },
    ],
  };
}

/** Hides the checklist for every admin of the site; saying it twice changes nothing. */
export async function dismissChecklist(deps: Pick<AppDeps, 'db'>): Promise<Checklist> {
  await setAppStateIfAbsent(deps.db, DISMISSED_KEY, new Date().toISOString());
  return readChecklist(deps);
}
