// A postcode's map position from a Nominatim-compatible geocoder (GEOCODER_URL): the
// shop form's "Find on the map from the postcode". One GET with a short timeout and the site's
// User-Agent (Nominatim's usage policy asks for one); every failure is an answer the form shows
// beside the button, never an error of the request.
import type { AppDeps } from '#server/app-deps.ts';
import type { GeocodeInput, GeocodeResult } from '#shared/schemas/shop-setup.ts';

/** Longer than a geocoder on a good day needs, short enough for someone waiting on a button. */
export const GEOCODER_TIMEOUT_MS = 3000;

export const GEOCODE_MESSAGES = {
  found: 'The pin is on the postcode: drag it to the door if it is not quite right, then save.',
  notFound: 'No place was found for this postcode: check it, or drag the pin by hand.',
  notConfigured: 'Finding places from the postcode is not set up on this site (GEOCODER_URL): drag the pin by hand.',
  unreachable: 'The postcode search did not answer: try again in a moment, or drag the pin by hand.',
} as const;

const answer = (status: GeocodeResult['status'], message: string): GeocodeResult => ({
  status,
  latitude: null,
  longitude: null,
  place: null,
  message,
});

/** The first of Nominatim's jsonv2 places with a usable position, if any. */
function firstPlace(body: unknown): { latitude: number; longitude: number; place: string } | undefined {
  if (!Array.isArray(body)) return undefined;
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { lat, lon, display_name: name } = item as Record<string, unknown>;
    const latitude = Number(lat);
    const longitude = Number(lon);
    if (lat === undefined || lon === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) continue;
    return { latitude, longitude, place: typeof name === 'string' ? name.slice(0, 500) : '' };
  }
  return undefined;
}

export async function geocodePostcode(deps: Pick<AppDeps, 'config' | 'log'>, input: GeocodeInput): Promise<GeocodeResult> {
  const baseUrl = deps.config.geocoderUrl;
  if (!baseUrl) return answer('not-configured', GEOCODE_MESSAGES.notConfigured);
  const url = new URL(`${baseUrl}/search`);
  url.search = new URLSearchParams({
    postalcode: input.postcode,
    countrycodes: input.country.toLowerCase(),
    format: 'jsonv2',
    limit: '1',
  }).toString();
  const started = Date.now();
  try {
    const response = await fetch(url, {
      headers: { 'user-agent': `harbourside-bodyshop (${deps.config.appUrl})`, accept: 'application/json' },
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const found = firstPlace(await response.json());
    if (!found) return answer('not-found', GEOCODE_MESSAGES.notFound);
    return { status: 'found', ...found, message: GEOCODE_MESSAGES.found };
  } catch (error) {
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error), ms: Date.now() - started },
      'geocoder did not answer: the shop form places the pin by hand',
    );
    return answer('unreachable', GEOCODE_MESSAGES.unreachable);
  }
}
