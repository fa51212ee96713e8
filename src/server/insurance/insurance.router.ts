// Insurance (docs/rest-contract.md "Insurance"): the insurers the shop keeps, a quote's or a job's
// claim and the insurer's authority, and the insurer pack. Staff only, the `insurance` permission
// (owners and estimators); every answer no-store (the admin builder's).
import { actorOf } from '#server/activity/actor.ts';
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import {
  claimAuthorityInput,
  claimMatterInput,
  claimOfMatterSchema,
  claimSaveInput,
  insurerCreateInput,
  insurerIdInput,
  insurerRenameInput,
  insurerSchema,
  insurersListInput,
  insurersPageSchema,
} from '#shared/schemas/insurance.ts';
import { addInsurer, deactivateInsurer, listInsurers, renameInsurer } from './insurers.service.ts';
import { getClaim, recordAuthority, removeClaim, saveClaim } from './insurance-claims.service.ts';
import { buildInsurerPack } from './insurer-pack.ts';
import { attachment, binaryAnswer } from './binary-answer.ts';

const tags = ['insurance'];
const claimPath = '/api/insurance-claims/{matter}/{id}';

export const insuranceRouter = router({
  admin: router({
    insurers: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: {
          method: 'GET',
          path: '/api/insurers',
          tags,
          summary: 'The insurers the shop keeps, by name (25 a page or `limit`, up to 100; `page` from 1; `active_only` for a form)',
        },
      })
      .concat(checkedInput(insurersListInput))
      .output(insurersPageSchema)
      .query(({ ctx, input }) => listInsurers(ctx.deps, input)),

    addInsurer: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: { method: 'POST', path: '/api/insurers', tags, summary: 'Add an insurer to the list (its name unique whatever its case)' },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(insurerCreateInput))
      .output(insurerSchema)
      .mutation(({ ctx, input }) => addInsurer(ctx.deps, actorOf(ctx), input.name)),

    renameInsurer: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: { method: 'PATCH', path: '/api/insurers/{id}', tags, summary: 'Rename an insurer (the claims that name it follow)' },
        changesPublicContent: false,
      })
      .concat(checkedInput(insurerRenameInput))
      .output(insurerSchema)
      .mutation(({ ctx, input }) => renameInsurer(ctx.deps, actorOf(ctx), input.id, input.name)),

    deactivateInsurer: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: {
          method: 'POST',
          path: '/api/insurers/{id}/deactivation',
          tags,
          summary: 'Take an insurer out of the list for new claims (the claims that name it keep it)',
        },
        changesPublicContent: false,
      })
      .concat(checkedInput(insurerIdInput))
      .output(insurerSchema)
      .mutation(({ ctx, input }) => deactivateInsurer(ctx.deps, actorOf(ctx), input.id)),

    claim: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: {
          method: 'GET',
          path: claimPath,
          tags,
          summary: "A quote request's or repair job's insurance claim (`matter`: quote-requests or repair-jobs); null when not insured",
        },
      })
      .concat(checkedInput(claimMatterInput))
      .output(claimOfMatterSchema)
      .query(({ ctx, input }) => getClaim(ctx.deps, input)),

    saveClaim: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: {
          method: 'PUT',
          path: claimPath,
          tags,
          summary: 'Mark insured or change the claim: insurer (active, from the list), claim number, liability, excess in pence',
        },
        changesPublicContent: false,
      })
      .concat(checkedInput(claimSaveInput))
      .output(claimOfMatterSchema)
      .mutation(({ ctx, input }) => saveClaim(ctx.deps, actorOf(ctx), input)),

    recordAuthority: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: {
          method: 'PUT',
          path: `${claimPath}/authority`,
          tags,
          summary: "Record the insurer's authority: amount in pence and the date (not after today); 404 when not insured",
        },
        changesPublicContent: false,
      })
      .concat(checkedInput(claimAuthorityInput))
      .output(claimOfMatterSchema)
      .mutation(({ ctx, input }) => recordAuthority(ctx.deps, actorOf(ctx), input)),

    removeClaim: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: { method: 'DELETE', path: claimPath, tags, summary: 'No longer insured: the claim goes (404 when there is none)' },
        changesPublicContent: false,
      })
      .concat(checkedInput(claimMatterInput))
      .output(claimOfMatterSchema)
      .mutation(({ ctx, input }) => removeClaim(ctx.deps, actorOf(ctx), input)),

    pack: adminProcedure
      .meta({
        permission: 'insurance',
        openapi: {
          method: 'GET',
          path: `${claimPath}/insurer-pack.zip`,
          tags,
          summary:
            'The insurer pack (application/zip, an attachment, streamed): estimate.pdf, photos/ with photos.csv, claim.txt, stage-history.csv; 404 when not insured',
        },
        rest: { contentType: 'application/zip' },
      })
      .concat(checkedInput(claimMatterInput))
      .output(binaryAnswer)
      .query(async ({ ctx, input }) => {
        const pack = await buildInsurerPack(ctx.deps, input);
        ctx.http.setHeader('content-disposition', attachment(pack.filename));
        return pack.stream;
      }),
  }),
});
