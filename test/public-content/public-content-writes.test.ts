// What the public snapshot does for each procedure is declared in its meta (trpc.ts): the fast
// path's public GETs come from `publicSnapshot` on the procedure's REST path, and the refresh after
// a write from `changesPublicContent`. The test app does not refresh the snapshot for the app's
// writes (test/support/app.ts), so a content write that does not declare itself fails its test in
// public-snapshot.test.ts; this walk fails first, for any mutation of a content area that says
// nothing at all.
import { describe, expect, it } from 'vitest';
import { appRouter } from '#server/router.ts';
import type { ProcedureMeta } from '#server/trpc.ts';
import { snapshotRoutes } from '#server/public-content/snapshot-routes.ts';

/** The areas whose tables loadPublicContent reads (public-content.service.ts). */
const CONTENT_AREAS = ['widgets', 'galleries', 'testimonials', 'shop'];

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: ProcedureMeta } }>,
).map(([path, procedure]) => ({ path, type: procedure._def.type, meta: procedure._def.meta }));

describe('content writes declare themselves', () => {
  it('every mutation of a content area says whether it changes public content', () => {
    const mutations = procedures.filter((p) => p.type === 'mutation' && CONTENT_AREAS.includes(p.path.split('.')[0]!));
    expect(mutations.length).toBeGreaterThan(10);
    const undeclared = mutations.filter((p) => typeof p.meta?.changesPublicContent !== 'boolean').map((p) => p.path);
    expect(undeclared).toEqual([]);
  });

  it('every upload procedure of a content area changes public content, and no other does', () => {
    const uploads = procedures.filter((p) => p.meta?.upload);
    expect(uploads.length).toBeGreaterThan(3);
    for (const upload of uploads) {
      const isContent = CONTENT_AREAS.includes(upload.path.split('.')[0]!);
      expect(upload.meta?.changesPublicContent ?? false, upload.path).toBe(isContent);
    }
  });

  it('no query says it changes public content (the refresh follows writes)', () => {
    expect(procedures.filter((p) => p.type !== 'mutation' && p.meta?.changesPublicContent).map((p) => p.path)).toEqual([]);
  });
});

describe('the fast path reads the public GETs from the meta', () => {
  it('one route per procedure the snapshot answers, on its REST path', () => {
    const routes = snapshotRoutes(appRouter);
    expect(routes.map((r) => r.procedurePath).toSorted()).toEqual(
      ['galleries.get', 'galleries.list', 'shop.get', 'testimonials.list', 'widgets.byKey'].toSorted(),
    );
    const byKey = routes.find((r) => r.procedurePath === 'widgets.byKey')!;
    expect(byKey.params).toEqual(['x']);
    expect(byKey.pattern.exec('/api/widgets/HomeText1')?.[1]).toBe('HomeText1');
    expect(byKey.pattern.test('/api/widgets/a/b')).toBe(false);
  });

  it('refuses a snapshot read on a procedure without a REST GET path', async () => {
    const { router, publicProcedure } = await import('#server/trpc.ts');
    const { z } = await import('zod');
    const broken = router({
      read: publicProcedure
        .meta({ publicSnapshot: () => undefined })
        .input(z.object({}))
        .query(() => ({})),
    });
    expect(() => snapshotRoutes(broken)).toThrow(/openapi GET path/);
  });
});
