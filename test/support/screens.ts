/**
 * Walks over the route table (src/shared/screens.ts): each screen's address, its path's
 * parameters filled in. TypeScript asks for a value for each parameter of a new screen.
 */
import { pathOf, SCREEN_LIST, shopTitle, type ScreenEntry, type ScreenId, type SCREENS, type ScreenWithParams } from '#shared/screens.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';

export type ParamValues = Record<ScreenWithParams, Record<string, string | number>>;

/** Values that match the patterns, for walks that do not need the records to exist (guards, noindex). */
export const PLACEHOLDER_PARAMS: ParamValues = {
  gallery: { id: 3 },
  resetPassword: { token: 'not-a-real-token' },
  thisWasntMe: { token: 'not-a-real-token' },
  bookManage: { token: 'not-a-real-token' },
  adminUser: { id: 2 },
  adminWidget: { id: 3 },
  adminGallery: { id: 4 },
  adminQuote: { id: 5 },
  adminBooking: { id: 6 },
  adminRepair: { id: 6 },
  repairTracker: { token: 'not-a-real-tracker-token-000000000000000000' },
  reviewRequest: { token: 'not-a-real-review-token-0000000000000000000' },
  acceptInvitation: { token: 'not-a-real-invitation-token-00000000000000' },
  customerEstimate: { token: 'not-a-real-estimate-token-00000000000000000' },
};

export type Screen = ScreenEntry & { id: ScreenId };

export function screenPath(screen: Screen, values: Partial<ParamValues> = {}): string {
  const params = { ...PLACEHOLDER_PARAMS, ...values } as Record<string, Record<string, string | number>>;
  return pathOf(screen.path, params[screen.id]);
}

/** The screens `keep` keeps, in the table's order. */
export function screensWhere(keep: (screen: Screen) => boolean): Screen[] {
  return SCREEN_LIST.filter(keep);
}

/** The screen's document title: its own, derived from the seeded shop's record, or (derived from its gallery) `galleryName`. */
export function titleOf(screen: Screen, galleryName?: string): string {
  if (typeof screen.title === 'string') return screen.title;
  if (screen.title.from === 'shop') return shopTitle(defaultShop);
  if (galleryName === undefined) throw new Error(`${screen.id}'s title comes from its gallery`);
  return galleryName;
}

/** The screens a visitor who is not signed in may open (public pages, sign-in screens, the quote form). */
export type VisitorScreenId = { [K in ScreenId]: (typeof SCREENS)[K]['access'] extends 'public' | 'guest' ? K : never }[ScreenId];
