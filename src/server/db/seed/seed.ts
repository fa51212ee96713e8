/**
 * Demo content for a fresh database, the shop's details, and the first admin. Widgets that are missing are created
 * (the pages need every one of them) but an existing widget is never touched; galleries,
 * testimonials and insurers are added once per database, so ones an admin deleted or renamed do not come back.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/types.ts';
import { storePreparedImage } from '#server/images/images.service.ts';
import type { ProcessedImage } from '#server/images/image-processing.ts';
import { createLocalStorage, type FileStorage } from '#server/files/storage.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import * as users from '#server/users/users.repository.ts';
import * as widgets from '#server/widgets/widgets.repository.ts';
import * as galleries from '#server/galleries/galleries.repository.ts';
import * as galleryImages from '#server/galleries/gallery-images.repository.ts';
import * as testimonials from '#server/testimonials/testimonials.repository.ts';
import * as insurers from '#server/insurance/insurers.repository.ts';
import { insertShopIfAbsent } from '#server/shop/shop.repository.ts';
import { findAppState, setAppStateIfAbsent } from '#server/db/app-state.repository.ts';
import { demoImagesDir } from '#server/paths.ts';
import { defaultShop, demoTrustSignals, starterShop } from './default-shop.ts';
import { demoGalleries, demoImageFileName, demoInsurers, demoTestimonials, demoWidgets, type DemoImageSpec } from './demo-content.ts';
import { starterWidgets } from './starter-content.ts';

const DEMO_SEEDED_KEY = 'demo_content_seeded_at';
// Their own mark: insurers came after the other examples, and a database seeded before still gets them.
const DEMO_INSURERS_SEEDED_KEY = 'demo_insurers_seeded_at';

export interface SeedReport {
  widgetsCreated: number;
  galleriesCreated: number;
  testimonialsCreated: number;
  insurersCreated: number;
}

export async function seedDemoContent(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { isDemoContentOn: boolean; onProgress?: (message: string) => void } = { isDemoContentOn: true },
): Promise<SeedReport> {
  const progress = options.onProgress ?? (() => {});
  const report: SeedReport = { widgetsCreated: 0, galleriesCreated: 0, testimonialsCreated: 0, insurersCreated: 0 };
  await ensureShop(db, { isDemoContentOn: options.isDemoContentOn });

  const existing = new Set(await widgets.listWidgetNames(db));
  // Without demo content the sections start with neutral copy that names no shop of its own.
  const sectionWidgets = options.isDemoContentOn ? demoWidgets : starterWidgets();
  const missing = sectionWidgets.filter((w) => !existing.has(w.name));
  const pictures = new DemoPictures(db, storage);
  if (missing.length) progress(`creating ${missing.length} page widgets`);
  for (const widget of missing) {
    const imageId = widget.image ? await pictures.store(widget.image) : null;
    const values = { name: widget.name, type: widget.type, html: widget.html, alt: widget.alt, image_id: imageId };
    if (await widgets.insertWidgetIfAbsent(db, values)) report.widgetsCreated += 1;
  }

  // Galleries, testimonials and insurers are examples, not the shop's own: only on request (DEMO_CONTENT).
  if (!options.isDemoContentOn) return report;
  report.insurersCreated = await seedDemoInsurers(db);
  if (await findAppState(db, DEMO_SEEDED_KEY)) return report;

  progress(`creating ${demoGalleries.length} demo galleries and ${demoTestimonials.length} demo testimonials`);
  const galleryImageIds: { coverId: number; imageIds: number[] }[] = [];
  for (const gallery of demoGalleries) {
    const coverId = await pictures.store(gallery.cover);
    const imageIds: number[] = [];
    for (const image of gallery.images) imageIds.push(await pictures.store(image.image));
    galleryImageIds.push({ coverId, imageIds });
  }
  for (const [galleryIndex, gallery] of demoGalleries.entries()) {
    const { coverId, imageIds } = galleryImageIds[galleryIndex]!;
    await db.transaction().execute(async (trx) => {
      const galleryId = await galleries.insertGallery(trx, {
        name: gallery.name,
        url: gallery.url,
        hidden: gallery.hidden,
        cover_image_id: coverId,
      });
      // The gallery's own page is its url unless an admin sets another.
      if (!gallery.url) await galleries.updateGalleryRow(trx, galleryId, { url: `/galleries/${galleryId}` });
      for (const [imageIndex, image] of gallery.images.entries()) {
        await galleryImages.insertGalleryImage(trx, galleryId, imageIds[imageIndex]!, { alt: image.alt, link: image.link });
      }
    });
    report.galleriesCreated += 1;
  }

  for (const [index, testimonial] of demoTestimonials.entries()) {
    // Spread over past weeks so the newest-first order looks natural.
    const createdAt = new Date(Date.now() - (demoTestimonials.length - index) * 9 * 24 * 3600 * 1000);
    await testimonials.insertTestimonial(db, { ...testimonial, created_at: createdAt, updated_at: createdAt });
    report.testimonialsCreated += 1;
  }

  await setAppStateIfAbsent(db, DEMO_SEEDED_KEY, new Date().toISOString());
  return report;
}

/** The demo insurers, once per database; a name the shop already has (whatever its case) is not added twice. */
async function seedDemoInsurers(db: Kysely<Database>): Promise<number> {
  if (await findAppState(db, DEMO_INSURERS_SEEDED_KEY)) return 0;
  let created = 0;
  for (const name of demoInsurers) {
    if (await insurers.findInsurerNamed(db, name)) continue;
    await insurers.insertInsurer(db, name);
    created += 1;
  }
  await setAppStateIfAbsent(db, DEMO_INSURERS_SEEDED_KEY, new Date().toISOString());
  return created;
}

/** The shop's details, once per database (every page reads them); an admin's edits stay. */
export async function ensureShop(db: Kysely<Database>, options: { isDemoContentOn?: boolean } = {}): Promise<void> {
  // A site without demo content starts with neutral placeholders; a test database that does not
  // say (isDemoContentOn left out) with the demo shop's details, without its trust signals.
  const shop =
    options.isDemoContentOn === false ? starterShop : options.isDemoContentOn ? { ...defaultShop, ...demoTrustSignals } : defaultShop;
  await insertShopIfAbsent(db, shop);
}

/**
 * The demo pictures, processed ahead of time by `npm run demo-images` (demo-images/manifest.json
 * and its files): storing one copies its files and records its row, with no image processing.
 */
class DemoPictures {
  private manifest: Promise<Record<string, ProcessedImage>> | undefined;
  private readonly from = createLocalStorage(demoImagesDir);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: FileStorage,
  ) {}

  async store(spec: DemoImageSpec): Promise<number> {
    this.manifest ??= readFile(path.join(demoImagesDir, 'manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, ProcessedImage>,
    );
    const name = demoImageFileName(spec);
    const prepared = (await this.manifest)[name];
    if (!prepared) throw new Error(`demo-images/manifest.json has no ${name}: run npm run demo-images`);
    return (await storePreparedImage({ db: this.db, storage: this.storage }, prepared, this.from)).id;
  }
}

export interface FirstAdminOptions {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  log: FastifyBaseLogger;
  /** Where the generated password is printed (stderr by default). */
  announce?: (line: string) => void;
}

/**
 * When no admin exists, creates one: from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@example.com with a
 * random password printed once. Returns the e-mail created, or null when an admin existed.
 */
export async function ensureFirstAdmin(db: Kysely<Database>, options: FirstAdminOptions): Promise<string | null> {
  if (await users.hasAdmin(db)) return null;
  const email = options.adminEmail ?? 'admin@example.com';
  const password = options.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const existing = await users.findUserIdByEmail(db, email);
  const admin = { role: 'admin' as const, password_hash: passwordHash, email_verified_at: new Date() };
  if (existing) await users.updateUser(db, existing.id, admin);
  else await users.insertUser(db, { firstname: 'Site', lastname: 'Admin', email, ...admin });
  if (options.adminPassword) options.log.info({ email }, 'created the first admin from ADMIN_EMAIL');
  else {
    // A line of its own for the person starting the site, not a field buried in a JSON log line;
    // the password itself never goes to the log.
    options.log.warn({ email }, 'created the first admin with a generated password (printed once on stderr)');
    (options.announce ?? ((line: string) => process.stderr.write(`${line}\n`)))(
      `\nFirst admin created: ${email}\nPassword (shown once, change it after signing in): ${password}\n`,
    );
  }
  return email;
}
