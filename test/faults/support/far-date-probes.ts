/**
 * The sweep's dates no field holds (malformed-input.test.ts): the probes for every date field the
 * server takes, and the fields a 422 names.
 */
import { appRouter } from '#server/router.ts';
import { MISSING_ID, fieldsOfJsonSchema, type OpenApiOperation, type Probe } from './sweep-probe.ts';

// Dates no field holds (the security review's year-9999 request). Every date field of the paths
// that take one (bookings, repair jobs, reviews, versions and scheduled changes, activity, bin,
// dashboard, the admin's Outgoing mail list), found by its name in the OpenAPI document and the
// router, gets each of these as the only bad value; so do the dates inside a body (the shop's
// closures, the profile's date of birth in its parts: nestedDateProbes): the answer is a 422
// naming that field, never a 500, a hang or a 404 that walked past the check.

const FAR_DATES = ['0000-01-01', '9999-12-31', '10000-01-01', '2026-02-30', '+010000-01-01'];
/** The areas whose top-level fields take dates, by path and procedure prefix. */
const DATE_AREAS =
  /^\/(?:api\/(?:booking|bookings|admin\/booking|admin\/blocked-times|repair-|user\/repairs|user\/bookings|review-|customer-feedback|content-|scheduled-changes|activity|bin|admin\/dashboard)|trpc\/(?:bookings|bookingAdmin|repairJobs|repair|reviews|versions|scheduledChanges|activity|bin|dashboard|outgoingMail)\w*\.)/;
const DATE_FIELD = /^(?:from|to|date|from_date|to_date|starts_at|before|\w+_on)$/;
/** The fields that take an instant rather than a day. */
const INSTANT_FIELD = /_at$|^before$/;

export interface DateProbe extends Probe {
  field: string;
}

/** With a date field's bad value, an instant's is the same day at 10:00 UTC. */
const farValue = (field: string, date: string) => (INSTANT_FIELD.test(field) ? `${date}T10:00:00Z` : date);

export function farDateProbes(document: { paths: Record<string, Record<string, OpenApiOperation>> }): DateProbe[] {
  const probes: DateProbe[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    if (!DATE_AREAS.test(template)) continue;
    for (const [methodLower, operation] of Object.entries(operations)) {
      const method = methodLower.toUpperCase();
      const url = template.replace(/\{[^}]+\}/g, MISSING_ID);
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query' && DATE_FIELD.test(p.name)).map((p) => p.name);
      const body = Object.values(operation.requestBody?.content ?? {}).flatMap((c) => fieldsOfJsonSchema(c.schema));
      for (const date of FAR_DATES) {
        for (const field of query) {
          probes.push({
            method,
            url: `${url}?${new URLSearchParams({ [field]: farValue(field, date) }).toString()}`,
            kind: `far date ${date}`,
            field,
          });
        }
        for (const field of body.filter((f) => DATE_FIELD.test(f))) {
          const json = JSON.stringify({ [field]: farValue(field, date) });
          probes.push({ method, url, headers: { 'content-type': 'application/json' }, body: json, kind: `far date ${date}`, field });
        }
      }
    }
  }
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: { shape?: object }[] } }>;
  for (const [name, procedure] of Object.entries(procedures)) {
    const url = `/trpc/${name}`;
    const fields = Object.keys(procedure._def.inputs[0]?.shape ?? {}).filter((f) => DATE_FIELD.test(f));
    if (!DATE_AREAS.test(url)) continue;
    for (const date of FAR_DATES) {
      for (const field of fields) {
        const input = encodeURIComponent(JSON.stringify({ [field]: farValue(field, date) }));
        if (procedure._def.type === 'query') probes.push({ method: 'GET', url: `${url}?input=${input}`, kind: `far date ${date}`, field });
        else
          probes.push({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            body: decodeURIComponent(input),
            kind: `far date ${date}`,
            field,
          });
      }
    }
  }
  return probes;
}

const json = { 'content-type': 'application/json' };
const BOUNDARY = 'FarDateBoundary';
const formData = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') + `--${BOUNDARY}--\r\n`;

/**
 * The dates inside a body, on both doors, with the rest of the body valid so the date is the only
 * fault: a closure of the shop (`shop`: its details as GET /api/shop answers) from and to the far
 * date, and the admin's own date of birth (day, month and year parts) on that date.
 */
export function nestedDateProbes(shop: Record<string, unknown>, admin: { email: string }): DateProbe[] {
  const probes: DateProbe[] = [];
  for (const date of FAR_DATES) {
    const kind = `far date ${date}`;
    const closure = JSON.stringify({ ...shop, closures: [{ from: date, to: date, note: '' }] });
    probes.push({ method: 'PUT', url: '/api/shop', headers: json, body: closure, kind, field: 'closures.0.from' });
    probes.push({ method: 'POST', url: '/trpc/shop.update', headers: json, body: closure, kind, field: 'closures.0.from' });
    const match = /^[+]?(\d+)-(\d+)-(\d+)$/.exec(date)!;
    const [year, month, day] = [match[1]!, match[2]!, match[3]!].map((part) => String(Number(part)));
    const profile = { firstname: 'Sweep', lastname: 'Admin', email: admin.email, day: day!, month: month!, year: year! };
    // 2026-02-30 is a day that does not exist (named on the day); every other one is a year out of range.
    const field = date === '2026-02-30' ? 'day' : 'year';
    probes.push({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: formData(profile),
      kind,
      field,
    });
    probes.push({ method: 'POST', url: '/trpc/session.updateProfile', headers: json, body: JSON.stringify(profile), kind, field });
  }
  return probes;
}

/** The fields a 422 names: REST's `errors`, tRPC's `error.data.fieldErrors`. */
export function fieldsNamed(text: string): string[] {
  try {
    const body = JSON.parse(text) as { errors?: object; error?: { data?: { fieldErrors?: object | null } } };
    return Object.keys(body.errors ?? body.error?.data?.fieldErrors ?? {});
  } catch {
    return [];
  }
}
