// The demo copy seeded before this typed the demo shop's hours, number, e-mail and address
// into text widgets, so a change at Shop details did not reach them. Exactly those seeded strings
// become shop-detail placeholders (docs/decisions/shop-detail-placeholders.md); text an admin has
// rewritten does not match and is left alone. Down puts the typed strings back.
// Kysely<any> and literal strings on purpose: a migration describes the data as it was then.
import { sql, type Kysely } from 'kysely';

const span = (detail: string) => `<span data-shop-detail="${detail}"></span>`;

/** [as seeded, with placeholders] */
const REPLACEMENTS: [string, string][] = [
  [
    '<strong>Free, no-obligation estimates</strong> Monday to Friday, 9am to 5pm.',
    `<strong>Free, no-obligation estimates</strong> whenever we are open (${span('openingHours')}).`,
  ],
  [' Open Monday to Friday, 9am to 5pm.</p>', ` Opening hours: ${span('openingHours')}.</p>`],
  ['<a href="tel:01736555014">01736 555 014</a>', span('telephone')],
  ['<a href="mailto:hello@harbourside-bodyshop.co.uk">hello@harbourside-bodyshop.co.uk</a>', span('email')],
  ['Unit 4, Quay Road Industrial Estate, Porthaven, Cornwall, TR19 4QX', span('address')],
];

async function replaceAll(db: Kysely<any>, pairs: [string, string][]): Promise<void> {
  for (const [from, to] of pairs) {
    await sql`update widgets set html = replace(html, ${from}, ${to}) where type = 'TEXT' and strpos(html, ${from}) > 0`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceAll(db, REPLACEMENTS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceAll(
    db,
    REPLACEMENTS.map(([seeded, placeholder]) => [placeholder, seeded]),
  );
}
